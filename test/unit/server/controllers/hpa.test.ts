import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { JsonObject } from '../../../../src/sdk/types/meta.js';
import { hpaController, milliOf, type MetricsSource } from '../../../../src/server/controllers/workloads/hpa.js';
import { normalize, resourceReplicas, type PodSample } from '../../../../src/server/controllers/workloads/hpa-math.js';
import type { ControllerKit, WorkloadOptions } from '../../../../src/server/control/kit.js';
import { setPodRunning, startControllers } from '../../../support/workloads.js';

const pod = (name: string, usage: number | undefined, request = 100, ready = true): PodSample => ({ name, usage, request, ready });

test('utilization within the 0.1 tolerance keeps the replicas; above and below scale by the ratio, rounded up', () => {
  assert.equal(resourceReplicas(2, [pod('a', 85), pod('b', 85)], { utilization: 80 }).replicas, 2);
  assert.equal(resourceReplicas(2, [pod('a', 160), pod('b', 160)], { utilization: 80 }).replicas, 4);
  assert.equal(resourceReplicas(4, [pod('a', 20), pod('b', 20), pod('c', 20), pod('d', 20)], { utilization: 80 }).replicas, 1);
  assert.equal(resourceReplicas(3, [pod('a', 100), pod('b', 100), pod('c', 100)], { utilization: 50 }).utilization, 100);
  assert.equal(resourceReplicas(2, [pod('a', 300, 0), pod('b', 300, 0)], { averageValue: 100 }).replicas, 6);
});

test('missing pods count as idle when scaling up and as at their request when scaling down; unready ones only when scaling up', () => {
  // Two busy pods and one without metrics: the missing one counts as 0%, 2 x 200% + 0 over 3 pods -> 133% of 80 -> 5.
  assert.equal(resourceReplicas(3, [pod('a', 200), pod('b', 200), pod('c', undefined)], { utilization: 80 }).replicas, 5);
  // Scaling down with a missing pod counted at 100%: (10 + 10 + 100) / 300 = 40% of 80 -> 0.5 x 3 -> 2.
  assert.equal(resourceReplicas(3, [pod('a', 10), pod('b', 10), pod('c', undefined)], { utilization: 80 }).replicas, 2);
  // An unready pod does not push a scale down.
  assert.equal(resourceReplicas(2, [pod('a', 200), pod('b', 0, 100, false)], { utilization: 80 }).replicas, 3);
});

test('no behavior: a five-minute scale-down window, scale-up limited to max(2 x current, 4), min and max', () => {
  const base = { min: 1, max: 10, now: 1_000_000, scaleUpEvents: [], scaleDownEvents: [] };
  let r = normalize({ ...base, current: 4, desired: 2, recommendations: [{ at: 1_000_000 - 60_000, value: 4 }] });
  assert.deepEqual([r.replicas, r.ableReason], [4, 'ScaleDownStabilized']);
  r = normalize({ ...base, current: 4, desired: 2, recommendations: [{ at: 1_000_000 - 400_000, value: 4 }] });
  assert.deepEqual([r.replicas, r.ableReason, r.limitedReason], [2, 'ReadyForNewScale', 'DesiredWithinRange']);
  r = normalize({ ...base, current: 2, desired: 9, recommendations: [] });
  assert.deepEqual([r.replicas, r.limitedReason, r.limitedMessage], [4, 'ScaleUpLimit', 'the desired replica count is increasing faster than the maximum scale rate']);
  r = normalize({ ...base, current: 8, desired: 30, recommendations: [] });
  assert.deepEqual([r.replicas, r.limitedReason], [10, 'TooManyReplicas']);
  r = normalize({ ...base, min: 2, current: 3, desired: 1, recommendations: [] });
  assert.deepEqual([r.replicas, r.limitedReason], [2, 'TooFewReplicas']);
});

test('behavior: policies limit the change per period and the scale-up window stabilizes', () => {
  const behavior = { scaleUp: { stabilizationWindowSeconds: 0, selectPolicy: 'Max' as const, policies: [{ type: 'Pods' as const, value: 2, periodSeconds: 60 }] } };
  const r = normalize({ current: 2, desired: 10, min: 1, max: 20, now: 0, recommendations: [], scaleUpEvents: [], scaleDownEvents: [], behavior });
  assert.deepEqual([r.replicas, r.limitedReason], [4, 'ScaleUpLimit']);
  const again = normalize({ current: 4, desired: 10, min: 1, max: 20, now: 30_000, recommendations: [], scaleUpEvents: [{ at: 0, value: 2 }], scaleDownEvents: [], behavior });
  assert.equal(again.replicas, 4);
  assert.equal(milliOf('250m'), 250);
  assert.equal(milliOf('1'), 1000);
  assert.equal(milliOf('64Mi'), 64 * 1024 * 1024 * 1000);
});

test('the controller scales a Deployment on CPU utilization and reports conditions and events', async () => {
  const usage = new Map<string, string>();
  const metrics: MetricsSource = {
    podMetrics: () => Promise.resolve([...usage].map(([name, cpu]) => ({ metadata: { name, namespace: 'default' }, containers: [{ name: 'web', usage: { cpu, memory: '10Mi' } }] }))),
  };
  const h = await startControllers([['horizontal-pod-autoscaler', (kit: ControllerKit, o: WorkloadOptions) => hpaController(kit, { ...o, metrics })]]);
  try {
    const dDef = h.def('apps', 'v1', 'deployments');
    await h.client.create(dDef, 'default', {
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
      spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'web', resources: { requests: { cpu: '100m' } } }] } } },
    });
    for (const n of ['p1', 'p2']) {
      const p = await h.client.create(h.def('', 'v1', 'pods'), 'default', { apiVersion: 'v1', kind: 'Pod', metadata: { name: n, namespace: 'default', labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'web', resources: { requests: { cpu: '100m' } } }] } });
      await setPodRunning(h, p, true);
      usage.set(n, '200m');
    }
    await h.client.create(h.def('autoscaling', 'v2', 'horizontalpodautoscalers'), 'default', {
      apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'web', namespace: 'default' },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 1, maxReplicas: 10, metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }] },
    });
    await h.settle();
    const d = await h.client.get(dDef, 'default', 'web');
    assert.equal((d?.spec as JsonObject).replicas, 4);
    const hpa = await h.client.get(h.def('autoscaling', 'v2', 'horizontalpodautoscalers'), 'default', 'web');
    const st = hpa?.status as JsonObject;
    assert.equal(st.desiredReplicas, 4);
    assert.deepEqual(st.currentMetrics, [{ type: 'Resource', resource: { name: 'cpu', current: { averageValue: '200m', averageUtilization: 200 } } }]);
    const conds = Object.fromEntries(((st.conditions ?? []) as JsonObject[]).map((c) => [String(c.type), `${String(c.status)}/${String(c.reason)}`]));
    assert.deepEqual(conds, { ScalingActive: 'True/ValidMetricFound', AbleToScale: 'True/SucceededRescale', ScalingLimited: 'True/ScaleUpLimit' });
    const events = (await h.client.list(h.def('', 'v1', 'events'), 'default')).map((e) => String(e.message));
    assert.ok(events.includes('New size: 4; reason: cpu resource utilization (percentage of request) above target'));
    // The v1 view of the same object.
    const v1 = await h.client.get(h.def('autoscaling', 'v1', 'horizontalpodautoscalers'), 'default', 'web');
    assert.equal((v1?.spec as JsonObject).targetCPUUtilizationPercentage, 50);
    assert.equal((v1?.status as JsonObject).currentCPUUtilizationPercentage, 200);
  } finally {
    h.stop();
  }
});

test('without the metrics API the HPA reports FailedGetResourceMetric', async () => {
  const h = await startControllers([['horizontal-pod-autoscaler', (kit: ControllerKit, o: WorkloadOptions) => hpaController(kit, o)]]);
  try {
    await h.client.create(h.def('apps', 'v1', 'deployments'), 'default', {
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
      spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'web' }] } } },
    });
    await h.client.create(h.def('autoscaling', 'v1', 'horizontalpodautoscalers'), 'default', {
      apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { name: 'web', namespace: 'default' },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: 3 },
    });
    await h.settle();
    const hpa = await h.client.get(h.def('autoscaling', 'v2', 'horizontalpodautoscalers'), 'default', 'web');
    assert.deepEqual(((hpa?.spec as JsonObject).metrics as JsonObject[])[0], { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } });
    const active = (((hpa?.status as JsonObject).conditions ?? []) as JsonObject[]).find((c) => c.type === 'ScalingActive');
    assert.deepEqual([active?.status, active?.reason], ['False', 'FailedGetResourceMetric']);
    assert.match(String(active?.message), /no metrics returned from resource metrics API/);
  } finally {
    h.stop();
  }
});

test('the controller scales a ReplicationController by the pods its label map selects, not every pod of the namespace', async () => {
  const usage = new Map<string, string>();
  const metrics: MetricsSource = {
    podMetrics: () => Promise.resolve([...usage].map(([name, cpu]) => ({ metadata: { name, namespace: 'default' }, containers: [{ name: 'web', usage: { cpu, memory: '10Mi' } }] }))),
  };
  const h = await startControllers([['horizontal-pod-autoscaler', (kit: ControllerKit, o: WorkloadOptions) => hpaController(kit, { ...o, metrics })]]);
  try {
    const rcDef = h.def('', 'v1', 'replicationcontrollers');
    await h.client.create(rcDef, 'default', {
      apiVersion: 'v1', kind: 'ReplicationController', metadata: { name: 'frontend', namespace: 'default' },
      spec: { replicas: 2, selector: { app: 'frontend' }, template: { metadata: { labels: { app: 'frontend' } }, spec: { containers: [{ name: 'web', image: 'web', resources: { requests: { cpu: '100m' } } }] } } },
    });
    // Two of its pods at 60% and a busy pod of another app, which must not count.
    for (const [n, app, cpu] of [['f1', 'frontend', '60m'], ['f2', 'frontend', '60m'], ['busy', 'other', '900m']] as const) {
      const p = await h.client.create(h.def('', 'v1', 'pods'), 'default', { apiVersion: 'v1', kind: 'Pod', metadata: { name: n, namespace: 'default', labels: { app } }, spec: { containers: [{ name: 'web', image: 'web', resources: { requests: { cpu: '100m' } } }] } });
      await setPodRunning(h, p, true);
      usage.set(n, cpu);
    }
    await h.client.create(h.def('autoscaling', 'v2', 'horizontalpodautoscalers'), 'default', {
      apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'frontend', namespace: 'default' },
      spec: { scaleTargetRef: { apiVersion: 'v1', kind: 'ReplicationController', name: 'frontend' }, minReplicas: 1, maxReplicas: 10, metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } }] },
    });
    await h.settle();
    const hpa = await h.client.get(h.def('autoscaling', 'v2', 'horizontalpodautoscalers'), 'default', 'frontend');
    const st = hpa?.status as JsonObject;
    assert.deepEqual(st.currentMetrics, [{ type: 'Resource', resource: { name: 'cpu', current: { averageValue: '60m', averageUtilization: 60 } } }]);
    assert.equal(st.desiredReplicas, 2);
    assert.equal(((await h.client.get(rcDef, 'default', 'frontend'))?.spec as JsonObject).replicas, 2);
  } finally {
    h.stop();
  }
});
