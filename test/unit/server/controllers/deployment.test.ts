import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ANNOTATIONS, LABELS } from '../../../../src/sdk/naming.js';
import type { JsonObject } from '../../../../src/sdk/types/meta.js';
import { deploymentController } from '../../../../src/server/controllers/workloads/deployment.js';
import { replicaSetController } from '../../../../src/server/controllers/workloads/replicaset.js';
import { podTemplate, setPodRunning, startControllers, type WorkloadHarness } from '../../../support/workloads.js';

const meta = (o: JsonObject | undefined): JsonObject => (o?.metadata ?? {}) as JsonObject;
const status = (o: JsonObject | undefined): JsonObject => (o?.status ?? {}) as JsonObject;
const spec = (o: JsonObject | undefined): JsonObject => (o?.spec ?? {}) as JsonObject;

async function harness(): Promise<WorkloadHarness> {
  return startControllers([['deployment-controller', deploymentController], ['replicaset-controller', replicaSetController]]);
}

function deployment(name: string, replicas: number, strategy: JsonObject = { type: 'RollingUpdate' }, extra: JsonObject = {}): JsonObject {
  return {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, namespace: 'default' },
    spec: { replicas, selector: { matchLabels: { app: name } }, template: podTemplate({ app: name }), strategy, ...extra },
  };
}

async function pods(h: WorkloadHarness): Promise<JsonObject[]> {
  return h.client.list(h.def('', 'v1', 'pods'), 'default');
}

async function replicaSets(h: WorkloadHarness): Promise<JsonObject[]> {
  return h.client.list(h.def('apps', 'v1', 'replicasets'), 'default');
}

async function getDeployment(h: WorkloadHarness, name: string): Promise<JsonObject | undefined> {
  return h.client.get(h.def('apps', 'v1', 'deployments'), 'default', name);
}

/** Plays the kubelet: every pod not yet ready becomes Running and Ready; returns how many changed. */
async function readyAll(h: WorkloadHarness): Promise<number> {
  let n = 0;
  for (const p of await pods(h)) {
    const ready = ((status(p).conditions ?? []) as JsonObject[]).some((c) => c.type === 'Ready' && c.status === 'True');
    if (!ready) {
      await setPodRunning(h, p, true);
      n++;
    }
  }
  return n;
}

async function events(h: WorkloadHarness, reason?: string): Promise<string[]> {
  const all = await h.client.list(h.def('', 'v1', 'events'), 'default');
  return all.filter((e) => reason === undefined || e.reason === reason).map((e) => `${String(e.reason)}: ${String(e.message)}`);
}

test('a Deployment of 3 gets a hashed ReplicaSet, 3 pods, revision 1 and, once pods are ready, Available and NewReplicaSetAvailable', async () => {
  const h = await harness();
  try {
    await h.client.create(h.def('apps', 'v1', 'deployments'), 'default', deployment('web', 3));
    await h.settle();
    const [rs] = await replicaSets(h);
    assert.ok(rs);
    const hash = String((meta(rs).labels as JsonObject)[LABELS.podTemplateHash]);
    assert.match(hash, /^[bcdfghjklmnpqrstvwxz2456789]{1,10}$/);
    assert.equal(meta(rs).name, `web-${hash}`);
    assert.equal((spec(rs).selector as JsonObject).matchLabels instanceof Object, true);
    assert.deepEqual(((spec(rs).selector as JsonObject).matchLabels as JsonObject), { app: 'web', [LABELS.podTemplateHash]: hash });
    assert.equal((meta(rs).annotations as JsonObject)[ANNOTATIONS.deploymentRevision], '1');
    assert.equal((meta(rs).annotations as JsonObject)[ANNOTATIONS.deploymentDesiredReplicas], '3');
    assert.equal((meta(rs).annotations as JsonObject)[ANNOTATIONS.deploymentMaxReplicas], '4');
    assert.equal(spec(rs).replicas, 3);
    const ps = await pods(h);
    assert.equal(ps.length, 3);
    for (const p of ps) {
      assert.match(String(meta(p).name), new RegExp(`^web-${hash}-[a-z0-9]{5}$`));
      assert.equal(((meta(p).ownerReferences as JsonObject[])[0] ?? {}).kind, 'ReplicaSet');
    }
    let d = await getDeployment(h, 'web');
    assert.equal((meta(d).annotations as JsonObject)[ANNOTATIONS.deploymentRevision], '1');
    assert.equal(status(d).replicas, 3);
    assert.equal(status(d).updatedReplicas, 3);
    assert.equal(status(d).unavailableReplicas, 3);
    const conds = (s: JsonObject): Record<string, string> => Object.fromEntries(((s.conditions ?? []) as JsonObject[]).map((c) => [String(c.type), `${String(c.status)}/${String(c.reason)}`]));
    assert.deepEqual(conds(status(d)), { Available: 'False/MinimumReplicasUnavailable', Progressing: 'True/ReplicaSetUpdated' });
    await readyAll(h);
    await h.settle();
    d = await getDeployment(h, 'web');
    assert.equal(status(d).availableReplicas, 3);
    assert.equal(status(d).readyReplicas, 3);
    assert.equal(status(d).unavailableReplicas, undefined);
    assert.equal(status(d).observedGeneration, 1);
    assert.deepEqual(conds(status(d)), { Available: 'True/MinimumReplicasAvailable', Progressing: 'True/NewReplicaSetAvailable' });
    const progressing = ((status(d).conditions ?? []) as JsonObject[]).find((c) => c.type === 'Progressing');
    assert.equal(progressing?.message, `ReplicaSet "web-${hash}" has successfully progressed.`);
    assert.deepEqual(await events(h, 'ScalingReplicaSet'), [`ScalingReplicaSet: Scaled up replica set web-${hash} from 0 to 3`]);
    assert.equal((await events(h, 'SuccessfulCreate')).length, 3);
  } finally {
    h.stop();
  }
});

/** Records pod creations and deletions and checks the rollout bounds at each step. */
async function recordRollout(h: WorkloadHarness, replicas: number, surge: number, unavailable: number): Promise<{ order: string[]; violations: string[] }> {
  const order: string[] = [];
  const violations: string[] = [];
  const live = new Map<string, JsonObject>((await pods(h)).map((p) => [String(meta(p).name), p]));
  const isReady = (p: JsonObject): boolean => ((status(p).conditions ?? []) as JsonObject[]).some((c) => c.type === 'Ready' && c.status === 'True');
  h.ctx.onWrite((ev) => {
    if (ev.def.plural !== 'pods') return;
    const name = String(meta(ev.object).name);
    const hash = String((meta(ev.object).labels as JsonObject)[LABELS.podTemplateHash]);
    if (ev.type === 'DELETED') {
      live.delete(name);
      order.push(`delete ${hash}`);
      const ready = [...live.values()].filter(isReady).length;
      if (ready < replicas - unavailable) violations.push(`only ${ready} ready after a deletion`);
      return;
    }
    if (ev.type === 'ADDED') {
      order.push(`create ${hash}`);
      if (live.size + 1 > replicas + surge) violations.push(`${live.size + 1} pods exceed ${replicas}+${surge}`);
    }
    live.set(name, ev.object);
  });
  return { order, violations };
}

async function rollToCompletion(h: WorkloadHarness): Promise<void> {
  for (let i = 0; i < 50; i++) {
    await h.settle();
    if (await readyAll(h) === 0) return;
  }
  throw new Error('rollout did not finish');
}

for (const [label, ru, replicas, surge, unavailable] of [
  ['maxSurge 1, maxUnavailable 0', { maxSurge: 1, maxUnavailable: 0 }, 4, 1, 0],
  ['maxSurge 0, maxUnavailable 1', { maxSurge: 0, maxUnavailable: 1 }, 4, 0, 1],
  ['the 25% defaults (surge rounds up, unavailable down)', { maxSurge: '25%', maxUnavailable: '25%' }, 5, 2, 1],
  ['maxSurge 50%, maxUnavailable 50%', { maxSurge: '50%', maxUnavailable: '50%' }, 4, 2, 2],
] as const) {
  test(`a rolling update with ${label} stays within its bounds and ends on the new template`, async () => {
    const h = await harness();
    try {
      const dDef = h.def('apps', 'v1', 'deployments');
      await h.client.create(dDef, 'default', deployment('web', replicas, { type: 'RollingUpdate', rollingUpdate: { ...ru } }));
      await rollToCompletion(h);
      const [first] = await replicaSets(h);
      const oldHash = String((meta(first).labels as JsonObject)[LABELS.podTemplateHash]);
      const rec = await recordRollout(h, replicas, surge, unavailable);
      await h.client.update(dDef, 'default', 'web', (o) => {
        ((((o.spec as JsonObject).template as JsonObject).spec as JsonObject).containers as JsonObject[])[0] = { name: 'web', image: 'web:2' };
        return true;
      });
      await rollToCompletion(h);
      assert.deepEqual(rec.violations, []);
      const rss = await replicaSets(h);
      assert.equal(rss.length, 2);
      const newRS = rss.find((r) => (meta(r).labels as JsonObject)[LABELS.podTemplateHash] !== oldHash);
      const oldRS = rss.find((r) => (meta(r).labels as JsonObject)[LABELS.podTemplateHash] === oldHash);
      assert.equal(spec(newRS).replicas, replicas);
      assert.equal(spec(oldRS).replicas, 0);
      assert.equal((meta(newRS).annotations as JsonObject)[ANNOTATIONS.deploymentRevision], '2');
      assert.equal((meta(oldRS).annotations as JsonObject)[ANNOTATIONS.deploymentRevision], '1');
      const newHash = String((meta(newRS).labels as JsonObject)[LABELS.podTemplateHash]);
      assert.equal(rec.order.filter((o) => o === `create ${newHash}`).length, replicas);
      assert.equal(rec.order.filter((o) => o === `delete ${oldHash}`).length, replicas);
      // The first step surges when it may, else deletes.
      assert.equal(rec.order[0], surge > 0 ? `create ${newHash}` : `delete ${oldHash}`);
      const ps = await pods(h);
      assert.equal(ps.length, replicas);
      assert.ok(ps.every((p) => (meta(p).labels as JsonObject)[LABELS.podTemplateHash] === newHash));
      const d = await getDeployment(h, 'web');
      assert.equal((meta(d).annotations as JsonObject)[ANNOTATIONS.deploymentRevision], '2');
      assert.equal(status(d).updatedReplicas, replicas);
      assert.equal(status(d).availableReplicas, replicas);
      const scaling = await events(h, 'ScalingReplicaSet');
      assert.ok(scaling.some((e) => e.startsWith(`ScalingReplicaSet: Scaled down replica set web-${oldHash} from `)));
    } finally {
      h.stop();
    }
  });
}

test('Recreate deletes every old pod before it creates a new one', async () => {
  const h = await harness();
  try {
    const dDef = h.def('apps', 'v1', 'deployments');
    await h.client.create(dDef, 'default', deployment('web', 3, { type: 'Recreate' }));
    await rollToCompletion(h);
    const rec = await recordRollout(h, 3, 0, 3);
    await h.client.update(dDef, 'default', 'web', (o) => {
      ((((o.spec as JsonObject).template as JsonObject).spec as JsonObject).containers as JsonObject[])[0] = { name: 'web', image: 'web:2' };
      return true;
    });
    await rollToCompletion(h);
    assert.deepEqual(rec.order.map((o) => o.split(' ')[0]), ['delete', 'delete', 'delete', 'create', 'create', 'create']);
  } finally {
    h.stop();
  }
});

test('scaling during a rollout is proportional across the ReplicaSets', async () => {
  const h = await harness();
  try {
    const dDef = h.def('apps', 'v1', 'deployments');
    await h.client.create(dDef, 'default', deployment('web', 10, { type: 'RollingUpdate', rollingUpdate: { maxSurge: 3, maxUnavailable: 2 } }));
    await rollToCompletion(h);
    // A new template whose pods never become ready: the rollout stalls part way.
    await h.client.update(dDef, 'default', 'web', (o) => {
      ((((o.spec as JsonObject).template as JsonObject).spec as JsonObject).containers as JsonObject[])[0] = { name: 'web', image: 'web:2' };
      return true;
    });
    await h.settle();
    const before = await replicaSets(h);
    const sizes = before.map((r) => Number(spec(r).replicas)).sort((a, b) => b - a);
    assert.deepEqual(sizes, [8, 5]);
    await h.client.update(dDef, 'default', 'web', (o) => {
      (o.spec as JsonObject).replicas = 20;
      return true;
    });
    await h.settle();
    const after = (await replicaSets(h)).map((r) => Number(spec(r).replicas)).sort((a, b) => b - a);
    assert.equal(after.reduce((a, b) => a + b, 0), 23);
    // Each grows by its share of the 10 added (8 x 23/13 -> 14, 5 x 23/13 -> 9), the larger first.
    assert.deepEqual(after, [14, 9]);
  } finally {
    h.stop();
  }
});

test('a paused Deployment does not roll out; resuming does; the Progressing condition says so', async () => {
  const h = await harness();
  try {
    const dDef = h.def('apps', 'v1', 'deployments');
    await h.client.create(dDef, 'default', deployment('web', 2));
    await rollToCompletion(h);
    await h.client.update(dDef, 'default', 'web', (o) => {
      const s = o.spec as JsonObject;
      s.paused = true;
      ((((s.template as JsonObject).spec as JsonObject).containers as JsonObject[])[0]) = { name: 'web', image: 'web:2' };
      return true;
    });
    await rollToCompletion(h);
    assert.equal((await replicaSets(h)).length, 1);
    let d = await getDeployment(h, 'web');
    let p = ((status(d).conditions ?? []) as JsonObject[]).find((c) => c.type === 'Progressing');
    assert.deepEqual([p?.status, p?.reason, p?.message], ['Unknown', 'DeploymentPaused', 'Deployment is paused']);
    await h.client.update(dDef, 'default', 'web', (o) => {
      delete (o.spec as JsonObject).paused;
      return true;
    });
    await rollToCompletion(h);
    assert.equal((await replicaSets(h)).length, 2);
    d = await getDeployment(h, 'web');
    p = ((status(d).conditions ?? []) as JsonObject[]).find((c) => c.type === 'Progressing');
    assert.equal(p?.reason, 'NewReplicaSetAvailable');
  } finally {
    h.stop();
  }
});

test('a rollout that makes no progress within progressDeadlineSeconds reports ProgressDeadlineExceeded', async () => {
  const h = await harness();
  try {
    const dDef = h.def('apps', 'v1', 'deployments');
    await h.client.create(dDef, 'default', deployment('web', 2, { type: 'RollingUpdate' }, { progressDeadlineSeconds: 30 }));
    await h.settle();
    await h.tick(10_000);
    let d = await getDeployment(h, 'web');
    let p = ((status(d).conditions ?? []) as JsonObject[]).find((c) => c.type === 'Progressing');
    assert.equal(p?.reason, 'ReplicaSetUpdated');
    await h.tick(25_000);
    d = await getDeployment(h, 'web');
    p = ((status(d).conditions ?? []) as JsonObject[]).find((c) => c.type === 'Progressing');
    const [rs] = await replicaSets(h);
    assert.deepEqual([p?.status, p?.reason, p?.message], ['False', 'ProgressDeadlineExceeded', `ReplicaSet "${String(meta(rs).name)}" has timed out progressing.`]);
  } finally {
    h.stop();
  }
});

test('revisionHistoryLimit keeps that many old ReplicaSets; change-cause is copied to the new one', async () => {
  const h = await harness();
  try {
    const dDef = h.def('apps', 'v1', 'deployments');
    await h.client.create(dDef, 'default', deployment('web', 1, { type: 'RollingUpdate' }, { revisionHistoryLimit: 1 }));
    await rollToCompletion(h);
    for (const image of ['web:2', 'web:3', 'web:4']) {
      await h.client.update(dDef, 'default', 'web', (o) => {
        const m = o.metadata as JsonObject;
        m.annotations = { ...((m.annotations ?? {}) as JsonObject), [ANNOTATIONS.changeCause]: `set image ${image}` };
        ((((o.spec as JsonObject).template as JsonObject).spec as JsonObject).containers as JsonObject[])[0] = { name: 'web', image };
        return true;
      });
      await rollToCompletion(h);
    }
    await h.settle();
    const rss = await replicaSets(h);
    const revisions = rss.map((r) => (meta(r).annotations as JsonObject)[ANNOTATIONS.deploymentRevision]).sort();
    assert.deepEqual(revisions, ['3', '4']);
    const newest = rss.find((r) => (meta(r).annotations as JsonObject)[ANNOTATIONS.deploymentRevision] === '4');
    assert.equal((meta(newest).annotations as JsonObject)[ANNOTATIONS.changeCause], 'set image web:4');
  } finally {
    h.stop();
  }
});

test('rolling back to an earlier template reuses its ReplicaSet with the next revision and keeps the history', async () => {
  const h = await harness();
  try {
    const dDef = h.def('apps', 'v1', 'deployments');
    await h.client.create(dDef, 'default', deployment('web', 1));
    await rollToCompletion(h);
    const setImage = (image: string) => h.client.update(dDef, 'default', 'web', (o) => {
      ((((o.spec as JsonObject).template as JsonObject).spec as JsonObject).containers as JsonObject[])[0] = { name: 'web', image };
      return true;
    });
    await setImage('web:2');
    await rollToCompletion(h);
    await setImage('web:1');
    await rollToCompletion(h);
    const rss = await replicaSets(h);
    assert.equal(rss.length, 2);
    const back = rss.find((r) => Number(spec(r).replicas) === 1);
    assert.equal((meta(back).annotations as JsonObject)[ANNOTATIONS.deploymentRevision], '3');
    assert.equal((meta(back).annotations as JsonObject)[ANNOTATIONS.deploymentRevisionHistory], '1');
    assert.equal((meta(await getDeployment(h, 'web')).annotations as JsonObject)[ANNOTATIONS.deploymentRevision], '3');
  } finally {
    h.stop();
  }
});
