import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { JsonObject } from '../../../../src/sdk/types/meta.js';
import { disruptionController } from '../../../../src/server/controllers/workloads/disruption.js';
import { podGcController } from '../../../../src/server/controllers/workloads/pod-gc.js';
import { ApiClient } from '../../../support/api.js';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { setPodRunning, startControllers, type WorkloadHarness } from '../../../support/workloads.js';

const status = (o: JsonObject | undefined): JsonObject => (o?.status ?? {}) as JsonObject;

function pod(name: string, extra: JsonObject = {}): JsonObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'web' }], ...extra } };
}

test('the disruption controller computes expected, desired and current healthy pods and the allowed disruptions', async () => {
  const h: WorkloadHarness = await startControllers([['controllermanager', disruptionController]]);
  try {
    const podDef = h.def('', 'v1', 'pods');
    for (const n of ['a', 'b', 'c']) await h.client.create(podDef, 'default', pod(n));
    for (const n of ['a', 'b']) await setPodRunning(h, (await h.client.get(podDef, 'default', n)) ?? {}, true);
    await h.client.create(h.def('policy', 'v1', 'poddisruptionbudgets'), 'default', {
      apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'web', namespace: 'default' }, spec: { minAvailable: 1, selector: { matchLabels: { app: 'web' } } },
    });
    await h.settle();
    let pdb = await h.client.get(h.def('policy', 'v1', 'poddisruptionbudgets'), 'default', 'web');
    assert.equal(status(pdb).expectedPods, 3);
    assert.equal(status(pdb).desiredHealthy, 1);
    assert.equal(status(pdb).currentHealthy, 2);
    assert.equal(status(pdb).disruptionsAllowed, 1);
    assert.equal(status(pdb).observedGeneration, 1);
    const cond = ((status(pdb).conditions ?? []) as JsonObject[])[0];
    assert.deepEqual([cond?.type, cond?.status, cond?.reason], ['DisruptionAllowed', 'True', 'SufficientPods']);
    await h.client.update(h.def('policy', 'v1', 'poddisruptionbudgets'), 'default', 'web', (o) => {
      (o.spec as JsonObject).minAvailable = 2;
      return true;
    });
    await h.settle();
    pdb = await h.client.get(h.def('policy', 'v1', 'poddisruptionbudgets'), 'default', 'web');
    assert.equal(status(pdb).disruptionsAllowed, 0);
    assert.equal(((status(pdb).conditions ?? []) as JsonObject[])[0]?.reason, 'InsufficientPods');
    // maxUnavailable needs the pods' controllers: bare pods cannot be scaled.
    await h.client.update(h.def('policy', 'v1', 'poddisruptionbudgets'), 'default', 'web', (o) => {
      const s = o.spec as JsonObject;
      delete s.minAvailable;
      s.maxUnavailable = 1;
      return true;
    });
    await h.settle();
    pdb = await h.client.get(h.def('policy', 'v1', 'poddisruptionbudgets'), 'default', 'web');
    const failed = ((status(pdb).conditions ?? []) as JsonObject[])[0];
    assert.deepEqual([failed?.status, failed?.reason], ['False', 'SyncFailed']);
    assert.match(String(failed?.message), /^found no controllers for pod "[abc]"$/);
  } finally {
    h.stop();
  }
});

test('pod garbage collection removes unscheduled terminating pods and pods of vanished nodes', async () => {
  const h: WorkloadHarness = await startControllers([['pod-garbage-collector', podGcController]]);
  try {
    const podDef = h.def('', 'v1', 'pods');
    await h.client.create(podDef, 'default', pod('orphan', { nodeName: 'gone' }));
    await h.client.create(podDef, 'default', pod('stuck', {}));
    await h.client.update(podDef, 'default', 'stuck', (o) => {
      (o.metadata as JsonObject).finalizers = ['example.com/hold'];
      return true;
    });
    await h.client.delete(podDef, 'default', 'stuck');
    await h.client.update(podDef, 'default', 'stuck', (o) => {
      delete (o.metadata as JsonObject).finalizers;
      return true;
    });
    await h.tick(20_000);
    await h.tick(20_000);
    assert.ok(await h.client.get(podDef, 'default', 'orphan'));
    await h.tick(20_000);
    await h.tick(20_000);
    assert.equal(await h.client.get(podDef, 'default', 'orphan'), undefined);
  } finally {
    h.stop();
  }
});

let server: TestServer;
let api: ApiClient;
before(async () => {
  server = await startTestServer({ workloads: true });
  api = new ApiClient(server);
});
after(async () => {
  api.close();
  await server.stop();
});

async function running(name: string): Promise<void> {
  await api.request('POST', '/api/v1/namespaces/default/pods', { body: pod(name, { nodeName: 'n1' }) });
  const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  await api.request('PATCH', `/api/v1/namespaces/default/pods/${name}/status`, {
    contentType: 'application/merge-patch+json',
    body: { status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: now }] } },
  });
}

test('eviction honours a PodDisruptionBudget: 429 with the budget as the cause, 201 while disruptions are allowed', async () => {
  await running('e1');
  await running('e2');
  await api.request('POST', '/apis/policy/v1/namespaces/default/poddisruptionbudgets', {
    body: { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'web' }, spec: { minAvailable: 1, selector: { matchLabels: { app: 'web' } } } },
  });
  await server.settle();
  const evict = (name: string) => api.request('POST', `/api/v1/namespaces/default/pods/${name}/eviction`, {
    body: { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name, namespace: 'default' } },
  });
  const first = await evict('e1');
  assert.equal(first.status, 201);
  assert.deepEqual(first.body, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 });
  const gone = await api.request('GET', '/api/v1/namespaces/default/pods/e1');
  // A scheduled pod is deleted gracefully: it is terminating, marked as disrupted.
  assert.equal(typeof (gone.body.metadata as JsonObject).deletionTimestamp, 'string');
  assert.ok(((gone.body.status as JsonObject).conditions as JsonObject[]).some((c) => c.type === 'DisruptionTarget' && c.reason === 'EvictionByEvictionAPI'));
  await server.settle();
  const second = await evict('e2');
  assert.equal(second.status, 429);
  assert.deepEqual(second.body, {
    kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: "Cannot evict pod as it would violate the pod's disruption budget.",
    reason: 'TooManyRequests', details: { causes: [{ reason: 'DisruptionBudget', message: 'The disruption budget web needs 1 healthy pods and has 1 currently' }] }, code: 429,
  });
  const missing = await evict('nope');
  assert.equal(missing.status, 404);
  const discovery = await api.request('GET', '/api/v1');
  const sub = ((discovery.body.resources ?? []) as JsonObject[]).find((r) => r.name === 'pods/eviction');
  assert.deepEqual([sub?.group, sub?.version, sub?.kind, sub?.verbs], ['policy', 'v1', 'Eviction', ['create']]);
});
