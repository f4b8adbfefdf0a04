// The ReplicationController manager: the ReplicaSet controller's machinery over core/v1
// ReplicationControllers, whose selector is a plain map of labels.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { JsonObject } from '../../../../src/sdk/types/meta.js';
import { replicationManager } from '../../../../src/server/controllers/workloads/replicaset.js';
import { podTemplate, setPodRunning, startControllers, type WorkloadHarness } from '../../../support/workloads.js';

const meta = (o: JsonObject | undefined): JsonObject => (o?.metadata ?? {}) as JsonObject;
const status = (o: JsonObject | undefined): JsonObject => (o?.status ?? {}) as JsonObject;

async function harness(): Promise<WorkloadHarness> {
  return startControllers([['replication-controller', replicationManager]]);
}

function rc(name: string, replicas: number, labels: Record<string, string> = { app: name }): JsonObject {
  return { apiVersion: 'v1', kind: 'ReplicationController', metadata: { name, namespace: 'default' }, spec: { replicas, template: podTemplate(labels) } };
}

async function pods(h: WorkloadHarness): Promise<JsonObject[]> {
  return h.client.list(h.def('', 'v1', 'pods'), 'default');
}

async function getRc(h: WorkloadHarness, name: string): Promise<JsonObject | undefined> {
  return h.client.get(h.def('', 'v1', 'replicationcontrollers'), 'default', name);
}

test('a ReplicationController creates its pods, owned by it, and reports replicas, ready, available and fully labeled counts', async () => {
  const h = await harness();
  try {
    await h.client.create(h.def('', 'v1', 'replicationcontrollers'), 'default', rc('frontend', 3, { app: 'frontend', tier: 'web' }));
    await h.settle();
    const ps = await pods(h);
    assert.equal(ps.length, 3);
    for (const p of ps) {
      assert.match(String(meta(p).name), /^frontend-[a-z0-9]{5}$/);
      const [ref] = meta(p).ownerReferences as JsonObject[];
      assert.deepEqual({ apiVersion: ref?.apiVersion, kind: ref?.kind, name: ref?.name, controller: ref?.controller }, { apiVersion: 'v1', kind: 'ReplicationController', name: 'frontend', controller: true });
    }
    let r = await getRc(h, 'frontend');
    assert.deepEqual(status(r), { replicas: 3, fullyLabeledReplicas: 3, observedGeneration: 1 });
    for (const p of ps) await setPodRunning(h, p, true);
    await h.settle();
    r = await getRc(h, 'frontend');
    assert.deepEqual(status(r), { replicas: 3, fullyLabeledReplicas: 3, readyReplicas: 3, availableReplicas: 3, observedGeneration: 1 });
    const events = await h.client.list(h.def('', 'v1', 'events'), 'default');
    const created = events.filter((e) => e.reason === 'SuccessfulCreate');
    assert.equal(created.length, 3);
    assert.deepEqual((created[0]?.source as JsonObject).component, 'replication-controller');
    assert.equal((created[0]?.involvedObject as JsonObject).kind, 'ReplicationController');
  } finally {
    h.stop();
  }
});

test('scaling a ReplicationController down deletes pods, up creates them; a new generation is observed', async () => {
  const h = await harness();
  try {
    const def = h.def('', 'v1', 'replicationcontrollers');
    await h.client.create(def, 'default', rc('web', 3));
    await h.settle();
    await h.client.update(def, 'default', 'web', (o) => {
      (o.spec as JsonObject).replicas = 1;
      return true;
    });
    await h.settle();
    assert.equal((await pods(h)).length, 1);
    let r = await getRc(h, 'web');
    assert.equal(status(r).replicas, 1);
    assert.equal(status(r).observedGeneration, 2);
    await h.client.update(def, 'default', 'web', (o) => {
      (o.spec as JsonObject).replicas = 2;
      return true;
    });
    await h.settle();
    assert.equal((await pods(h)).length, 2);
    r = await getRc(h, 'web');
    assert.equal(status(r).replicas, 2);
    assert.equal(status(r).observedGeneration, 3);
  } finally {
    h.stop();
  }
});

test('a ReplicationController adopts an orphan pod its selector matches and leaves others alone', async () => {
  const h = await harness();
  try {
    const podDef = h.def('', 'v1', 'pods');
    await h.client.create(podDef, 'default', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'orphan', labels: { app: 'db' } }, spec: { containers: [{ name: 'c', image: 'x' }] } });
    await h.client.create(podDef, 'default', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'other', labels: { app: 'db', role: 'x' } }, spec: { containers: [{ name: 'c', image: 'x' }] } });
    // The selector is every label of the template; `other` has one more label, which an equality selector allows.
    await h.client.create(h.def('', 'v1', 'replicationcontrollers'), 'default', {
      apiVersion: 'v1', kind: 'ReplicationController', metadata: { name: 'db', namespace: 'default' },
      spec: { replicas: 2, selector: { app: 'db' }, template: podTemplate({ app: 'db' }) },
    });
    await h.settle();
    const ps = await pods(h);
    assert.deepEqual(ps.map((p) => meta(p).name).sort(), ['orphan', 'other'], 'both matching pods are adopted, none created');
    for (const p of ps) assert.equal(((meta(p).ownerReferences as JsonObject[])[0] ?? {}).name, 'db');
    const r = await getRc(h, 'db');
    assert.equal(status(r).replicas, 2);
    assert.equal(status(r).fullyLabeledReplicas, 2);
  } finally {
    h.stop();
  }
});
