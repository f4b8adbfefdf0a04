import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { JsonObject } from '../../../../src/sdk/types/meta.js';
import { daemonSetController } from '../../../../src/server/controllers/workloads/daemonset.js';
import { statefulSetController } from '../../../../src/server/controllers/workloads/statefulset.js';
import { podTemplate, setPodRunning, startControllers, type WorkloadHarness } from '../../../support/workloads.js';

const meta = (o: JsonObject | undefined): JsonObject => (o?.metadata ?? {}) as JsonObject;
const status = (o: JsonObject | undefined): JsonObject => (o?.status ?? {}) as JsonObject;

async function podNames(h: WorkloadHarness): Promise<string[]> {
  return (await h.client.list(h.def('', 'v1', 'pods'), 'default')).map((p) => String(meta(p).name)).sort();
}

async function readyAll(h: WorkloadHarness): Promise<void> {
  for (const p of await h.client.list(h.def('', 'v1', 'pods'), 'default')) {
    if (!((status(p).conditions ?? []) as JsonObject[]).some((c) => c.type === 'Ready' && c.status === 'True')) await setPodRunning(h, p, true);
  }
  await h.settle();
}

function statefulSet(spec: JsonObject): JsonObject {
  return {
    apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'web', namespace: 'default' },
    spec: { replicas: 3, serviceName: 'web', selector: { matchLabels: { app: 'web' } }, template: podTemplate({ app: 'web' }), ...spec },
  };
}

test('OrderedReady creates web-0, web-1, web-2 one at a time, each once the one before is ready, and scales down from the top', async () => {
  const h = await startControllers([['statefulset-controller', statefulSetController]]);
  try {
    const def = h.def('apps', 'v1', 'statefulsets');
    await h.client.create(def, 'default', statefulSet({}));
    await h.settle();
    assert.deepEqual(await podNames(h), ['web-0']);
    const web0 = await h.client.get(h.def('', 'v1', 'pods'), 'default', 'web-0');
    assert.equal((meta(web0).labels as JsonObject)['statefulset.platform.io/pod-name'], 'web-0');
    assert.equal((meta(web0).labels as JsonObject)['apps.platform.io/pod-index'], '0');
    assert.deepEqual([(web0?.spec as JsonObject).hostname, (web0?.spec as JsonObject).subdomain], ['web-0', 'web']);
    await readyAll(h);
    assert.deepEqual(await podNames(h), ['web-0', 'web-1']);
    await readyAll(h);
    await readyAll(h);
    assert.deepEqual(await podNames(h), ['web-0', 'web-1', 'web-2']);
    const revs = await h.client.list(h.def('apps', 'v1', 'controllerrevisions'), 'default');
    assert.equal(revs.length, 1);
    let set = await h.client.get(def, 'default', 'web');
    assert.equal(status(set).readyReplicas, 3);
    assert.equal(status(set).currentRevision, meta(revs[0]).name);
    assert.equal(status(set).updateRevision, meta(revs[0]).name);
    assert.equal((meta(web0).labels as JsonObject)['controller-revision-hash'], meta(revs[0]).name);
    await h.client.update(def, 'default', 'web', (o) => {
      (o.spec as JsonObject).replicas = 1;
      return true;
    });
    await h.settle();
    // Unscheduled pods go at once, so both condemned pods are gone after the two syncs.
    assert.deepEqual(await podNames(h), ['web-0']);
    set = await h.client.get(def, 'default', 'web');
    assert.equal(status(set).replicas, 1);
    const events = (await h.client.list(h.def('', 'v1', 'events'), 'default')).map((e) => String(e.message));
    assert.ok(events.includes('create Pod web-0 in StatefulSet web successful'));
    const deletions = events.filter((m) => m.startsWith('delete Pod'));
    assert.deepEqual(deletions, ['delete Pod web-2 in StatefulSet web successful', 'delete Pod web-1 in StatefulSet web successful']);
  } finally {
    h.stop();
  }
});

test('Parallel creates every pod at once; a rolling update with a partition replaces only the pods at or above it', async () => {
  const h = await startControllers([['statefulset-controller', statefulSetController]]);
  try {
    const def = h.def('apps', 'v1', 'statefulsets');
    await h.client.create(def, 'default', statefulSet({ podManagementPolicy: 'Parallel', updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } } }));
    await h.settle();
    assert.deepEqual(await podNames(h), ['web-0', 'web-1', 'web-2']);
    await readyAll(h);
    const before = String(status(await h.client.get(def, 'default', 'web')).updateRevision);
    await h.client.update(def, 'default', 'web', (o) => {
      ((((o.spec as JsonObject).template as JsonObject).spec as JsonObject).containers as JsonObject[])[0] = { name: 'web', image: 'web:2' };
      return true;
    });
    for (let i = 0; i < 5; i++) await readyAll(h);
    const set = await h.client.get(def, 'default', 'web');
    assert.notEqual(status(set).updateRevision, before);
    assert.equal(status(set).currentRevision, before);
    assert.equal(status(set).updatedReplicas, 1);
    const pods = await h.client.list(h.def('', 'v1', 'pods'), 'default');
    const images = Object.fromEntries(pods.map((p) => [String(meta(p).name), String((((p.spec as JsonObject).containers as JsonObject[])[0] ?? {}).image)]));
    assert.deepEqual(images, { 'web-0': 'web:1', 'web-1': 'web:1', 'web-2': 'web:2' });
  } finally {
    h.stop();
  }
});

test('a DaemonSet runs one pod per node it tolerates and matches, pinned by node affinity', async () => {
  const h = await startControllers([['daemonset-controller', daemonSetController]]);
  try {
    const nodeDef = h.def('', 'v1', 'nodes');
    await h.client.create(nodeDef, '', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'a', labels: { disk: 'ssd' } } });
    await h.client.create(nodeDef, '', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'b', labels: { disk: 'ssd' } }, spec: { unschedulable: true, taints: [{ key: 'node.platform.io/unschedulable', effect: 'NoSchedule' }] } });
    await h.client.create(nodeDef, '', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'c', labels: { disk: 'ssd' } }, spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] } });
    await h.client.create(nodeDef, '', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'd', labels: { disk: 'hdd' } } });
    await h.client.create(h.def('apps', 'v1', 'daemonsets'), 'default', {
      apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent', namespace: 'default' },
      spec: { selector: { matchLabels: { app: 'agent' } }, template: podTemplate({ app: 'agent' }, 'agent:1', { nodeSelector: { disk: 'ssd' } }) },
    });
    await h.settle();
    const pods = await h.client.list(h.def('', 'v1', 'pods'), 'default');
    const nodes = pods.map((p) => {
      const terms = (((((p.spec as JsonObject).affinity as JsonObject).nodeAffinity as JsonObject).requiredDuringSchedulingIgnoredDuringExecution as JsonObject).nodeSelectorTerms as JsonObject[]);
      return ((((terms[0] ?? {}).matchFields as JsonObject[])[0] ?? {}).values as string[])[0];
    }).sort();
    assert.deepEqual(nodes, ['a', 'b']);
    const tolerations = ((pods[0]?.spec as JsonObject).tolerations as JsonObject[]).map((t) => `${String(t.key)}:${String(t.effect)}`);
    assert.ok(tolerations.includes('node.platform.io/unschedulable:NoSchedule'));
    const ds = await h.client.get(h.def('apps', 'v1', 'daemonsets'), 'default', 'agent');
    assert.equal(status(ds).desiredNumberScheduled, 2);
    assert.equal(status(ds).currentNumberScheduled, 2);
    assert.equal(status(ds).numberUnavailable, 2);
    await h.client.delete(nodeDef, '', 'b');
    await h.settle();
    assert.equal((await h.client.list(h.def('', 'v1', 'pods'), 'default')).length, 1);
  } finally {
    h.stop();
  }
});

test('a new ControllerRevision carries its owner\'s annotations (the change cause `rollout history` shows)', async () => {
  const h = await startControllers([['statefulset-controller', statefulSetController], ['daemonset-controller', daemonSetController]]);
  try {
    const cause = { 'platform.io/change-cause': 'platformctl apply --filename=web.yaml --record=true' };
    const set = statefulSet({ replicas: 0 });
    (set.metadata as JsonObject).annotations = cause;
    await h.client.create(h.def('apps', 'v1', 'statefulsets'), 'default', set);
    await h.client.create(h.def('apps', 'v1', 'daemonsets'), 'default', {
      apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent', namespace: 'default', annotations: cause },
      spec: { selector: { matchLabels: { app: 'agent' } }, template: podTemplate({ app: 'agent' }, 'agent:1') },
    });
    await h.settle();
    const revs = await h.client.list(h.def('apps', 'v1', 'controllerrevisions'), 'default');
    assert.deepEqual(revs.map((r) => [String(meta(r).name).split('-')[0], meta(r).annotations]).sort(), [['agent', cause], ['web', cause]]);
  } finally {
    h.stop();
  }
});
