import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, arrayAt, at, namesOf } from '../../support/api.js';

const CM = '/api/v1/namespaces/del/configmaps';
const RS = '/apis/apps/v1/namespaces/del/replicasets';
const PODS = '/api/v1/namespaces/del/pods';

async function eventually(check: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await sleep(20);
  }
  assert.fail('condition not reached in time');
}

describe('deletion', () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
    await api.post('/api/v1/namespaces', { metadata: { name: 'del' } });
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  const owner = async (name: string): Promise<{ uid: string; ref: Record<string, unknown> }> => {
    const r = await api.post(RS, { metadata: { name }, spec: { replicas: 0, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'x' }] } } } });
    assert.equal(r.status, 201, r.text);
    const uid = String(at(r.body, 'metadata.uid'));
    return { uid, ref: { apiVersion: 'apps/v1', kind: 'ReplicaSet', name, uid } };
  };

  test('finalizers: DELETE sets deletionTimestamp; removing the last finalizer removes the object', async () => {
    await api.post(CM, { metadata: { name: 'fin', finalizers: ['example.com/hold'] } });
    const d = await api.delete(`${CM}/fin`);
    assert.equal(d.status, 200);
    assert.equal(at(d.body, 'kind'), 'ConfigMap');
    assert.match(String(at(d.body, 'metadata.deletionTimestamp')), /Z$/);
    assert.equal(at(d.body, 'metadata.deletionGracePeriodSeconds'), 0);
    const still = await api.get(`${CM}/fin`);
    assert.equal(still.status, 200);
    const again = await api.delete(`${CM}/fin`);
    assert.equal(again.status, 200);
    assert.equal(at(again.body, 'metadata.deletionTimestamp'), at(d.body, 'metadata.deletionTimestamp'));
    const add = await api.patch(`${CM}/fin`, { metadata: { finalizers: ['example.com/hold', 'example.com/more'] } }, 'merge');
    assert.equal(add.status, 422, 'no new finalizers once deleting');
    const release = await api.patch(`${CM}/fin`, { metadata: { finalizers: null } }, 'merge');
    assert.equal(release.status, 200);
    assert.equal((await api.get(`${CM}/fin`)).status, 404);
  });

  test('an immediate delete answers a Success Status (the object for pods)', async () => {
    await api.post(CM, { metadata: { name: 'plain' } });
    const d = await api.delete(`${CM}/plain`);
    assert.equal(d.body.kind, 'Status');
    assert.equal(d.body.status, 'Success');
    assert.equal(at(d.body, 'details.name'), 'plain');
    assert.equal(at(d.body, 'details.kind'), 'configmaps');
    assert.match(String(at(d.body, 'details.uid')), /^[0-9a-f-]{36}$/);
    await api.post(PODS, { metadata: { name: 'unscheduled' }, spec: { containers: [{ name: 'c', image: 'x' }] } });
    const p = await api.delete(`${PODS}/unscheduled`);
    assert.equal(p.body.kind, 'Pod');
    assert.equal((await api.get(`${PODS}/unscheduled`)).status, 404);
  });

  test('preconditions: uid and resourceVersion', async () => {
    const c = await api.post(CM, { metadata: { name: 'pre' } });
    const badUid = await api.delete(`${CM}/pre`, { preconditions: { uid: 'nope' } });
    assert.equal(badUid.status, 409);
    assert.equal(badUid.body.message, `Operation cannot be fulfilled on configmaps "pre": Precondition failed: UID in precondition: nope, UID in object meta: ${String(at(c.body, 'metadata.uid'))}`);
    const badRv = await api.delete(`${CM}/pre`, { preconditions: { resourceVersion: '1' } });
    assert.equal(badRv.status, 409);
    assert.match(String(badRv.body.message), /Precondition failed: ResourceVersion in precondition: 1, ResourceVersion in object meta: \d+$/);
    const ok = await api.delete(`${CM}/pre`, { preconditions: { uid: at(c.body, 'metadata.uid'), resourceVersion: at(c.body, 'metadata.resourceVersion') } });
    assert.equal(ok.status, 200);
    const invalidPolicy = await api.delete(`${CM}/pre?propagationPolicy=Sometimes`);
    assert.equal(invalidPolicy.status, 422);
  });

  test('gracePeriodSeconds: a scheduled pod terminates after its grace period; 0 deletes at once', async () => {
    await api.post(PODS, { metadata: { name: 'graceful' }, spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'x' }] } });
    const d = await api.delete(`${PODS}/graceful?gracePeriodSeconds=1`);
    assert.equal(at(d.body, 'metadata.deletionGracePeriodSeconds'), 1);
    assert.equal((await api.get(`${PODS}/graceful`)).status, 200);
    const table = await api.get(`${PODS}/graceful`, { accept: 'application/json;as=Table;g=meta.platform.io;v=v1' });
    assert.equal(at(table.body, 'rows.0.cells.2'), 'Terminating');
    await eventually(async () => (await api.get(`${PODS}/graceful`)).status === 404, 4000);
    await api.post(PODS, { metadata: { name: 'forced' }, spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'x' }] } });
    await api.delete(`${PODS}/forced`);
    assert.equal((await api.get(`${PODS}/forced`)).status, 200);
    await api.delete(`${PODS}/forced`, { gracePeriodSeconds: 0 });
    assert.equal((await api.get(`${PODS}/forced`)).status, 404);
  });

  test('Background: dependents are deleted after the owner is gone', async () => {
    const o = await owner('bg');
    await api.post(CM, { metadata: { name: 'bg-dep', ownerReferences: [o.ref] } });
    const d = await api.delete(`${RS}/bg?propagationPolicy=Background`);
    assert.equal(d.status, 200);
    assert.equal((await api.get(`${RS}/bg`)).status, 404);
    await eventually(async () => (await api.get(`${CM}/bg-dep`)).status === 404);
  });

  test('Orphan: the orphan finalizer holds the owner until dependents lose their references', async () => {
    const o = await owner('orph');
    await api.post(CM, { metadata: { name: 'orph-dep', ownerReferences: [o.ref] } });
    const d = await api.delete(`${RS}/orph`, { propagationPolicy: 'Orphan' });
    assert.deepEqual(at(d.body, 'metadata.finalizers'), ['orphan']);
    await eventually(async () => (await api.get(`${RS}/orph`)).status === 404);
    const dep = await api.get(`${CM}/orph-dep`);
    assert.equal(dep.status, 200);
    assert.equal(at(dep.body, 'metadata.ownerReferences'), undefined);
  });

  test('Foreground: the owner waits for dependents that block its deletion', async () => {
    const o = await owner('fg');
    await api.post(CM, { metadata: { name: 'fg-block', ownerReferences: [{ ...o.ref, blockOwnerDeletion: true }], finalizers: ['example.com/slow'] } });
    await api.post(CM, { metadata: { name: 'fg-free', ownerReferences: [o.ref] } });
    const d = await api.delete(`${RS}/fg`, { propagationPolicy: 'Foreground' });
    assert.deepEqual(at(d.body, 'metadata.finalizers'), ['foregroundDeletion']);
    await eventually(async () => (await api.get(`${CM}/fg-free`)).status === 404);
    await eventually(async () => typeof at((await api.get(`${CM}/fg-block`)).body, 'metadata.deletionTimestamp') === 'string');
    await server.settle();
    assert.equal((await api.get(`${RS}/fg`)).status, 200, 'held by the blocking dependent');
    await api.patch(`${CM}/fg-block`, { metadata: { finalizers: null } }, 'merge');
    await eventually(async () => (await api.get(`${RS}/fg`)).status === 404);
  });

  test('an orphanDependents=false delete that does not complete at once answers 202', async () => {
    await api.post(CM, { metadata: { name: 'accepted', finalizers: ['example.com/slow'] } });
    const d = await api.delete(`${CM}/accepted`, { orphanDependents: false });
    assert.equal(d.status, 202);
    await api.patch(`${CM}/accepted`, { metadata: { finalizers: null } }, 'merge');
    assert.equal((await api.get(`${CM}/accepted`)).status, 404);
  });

  test('Jobs orphan their dependents by default', async () => {
    await api.post('/apis/batch/v1/namespaces/del/jobs', { metadata: { name: 'job' }, spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'x' }] } } } });
    const d = await api.delete('/apis/batch/v1/namespaces/del/jobs/job');
    assert.deepEqual(at(d.body, 'metadata.finalizers'), ['orphan']);
    await eventually(async () => (await api.get('/apis/batch/v1/namespaces/del/jobs/job')).status === 404);
  });
});

describe('namespace deletion', () => {
  test('Terminating, contents deleted by the namespace controller, then the namespace is removed', async () => {
    const server = await startTestServer();
    const api = new ApiClient(server);
    try {
      const created = await api.post('/api/v1/namespaces', { metadata: { name: 'doomed', labels: { team: 'a' } } });
      assert.deepEqual(at(created.body, 'spec.finalizers'), ['platform.io']);
      assert.equal(at(created.body, 'status.phase'), 'Active');
      assert.equal(at(created.body, ['metadata', 'labels', 'platform.io/metadata.name']), 'doomed');
      const relabel = await api.patch('/api/v1/namespaces/doomed', { metadata: { labels: { 'platform.io/metadata.name': 'other' } } }, 'merge');
      assert.equal(at(relabel.body, ['metadata', 'labels', 'platform.io/metadata.name']), 'doomed', 'the name label is immutable');
      await server.settle();
      assert.deepEqual(namesOf((await api.get('/api/v1/namespaces/doomed/serviceaccounts')).body), ['default']);
      await api.post('/api/v1/namespaces/doomed/configmaps', { metadata: { name: 'held', finalizers: ['example.com/hold'] } });
      await api.post('/api/v1/namespaces/doomed/secrets', { metadata: { name: 's' } });
      const d = await api.delete('/api/v1/namespaces/doomed');
      assert.equal(d.status, 200);
      assert.equal(at(d.body, 'status.phase'), 'Terminating');
      const refused = await api.post('/api/v1/namespaces/doomed/configmaps', { metadata: { name: 'late' } });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.message, 'configmaps "late" is forbidden: unable to create new content in namespace doomed because it is being terminated');
      assert.equal(at(refused.body, 'details.causes.0.reason'), 'NamespaceTerminating');
      const twice = await api.delete('/api/v1/namespaces/doomed');
      assert.equal(twice.status, 409);
      await eventually(async () => (await api.get('/api/v1/namespaces/doomed/secrets/s')).status === 404);
      const ns = await api.get('/api/v1/namespaces/doomed');
      assert.equal(ns.status, 200, 'held by the remaining finalizer');
      const conditions = arrayAt(ns.body, 'status.conditions').map((c) => at(c, 'type'));
      assert.ok(conditions.includes('NamespaceContentRemaining'));
      await api.patch('/api/v1/namespaces/doomed/configmaps/held', { metadata: { finalizers: null } }, 'merge');
      await eventually(async () => (await api.get('/api/v1/namespaces/doomed')).status === 404);
      const sys = await api.delete('/api/v1/namespaces/default');
      assert.equal(sys.status, 403);
      assert.equal(sys.body.message, 'namespaces "default" is forbidden: this namespace may not be deleted');
    } finally {
      api.close();
      await server.stop();
    }
  });
});
