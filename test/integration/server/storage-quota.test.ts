// The store's space quota through the API: a write past it is answered as kube-apiserver answers
// etcd's "database space exceeded" (500, no reason), the server goes on serving reads, deletes and
// writes that fit, and controllers that keep creating objects stop at the quota instead of growing
// the server until its heap runs out.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, at, itemsOf } from '../../support/api.js';

const MiB = 1024 * 1024;
const CM = '/api/v1/namespaces/quota/configmaps';

describe('storage quota', () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer({ storageQuotaBytes: 4 * MiB, workloads: true });
    api = new ApiClient(server);
    await api.post('/api/v1/namespaces', { metadata: { name: 'quota' } });
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('a write past the quota is a 500 with etcd\'s words; deletes and small writes go on', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await api.post(CM, { metadata: { name: `big${i}` }, data: { payload: 'a'.repeat(MiB) } })).status, 201);
    const refused = await api.post(CM, { metadata: { name: 'big3' }, data: { payload: 'a'.repeat(MiB) } });
    assert.equal(refused.status, 500, refused.text);
    assert.deepEqual(refused.body, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'etcdserver: mvcc: database space exceeded', code: 500 });
    assert.equal((await api.get(`${CM}/big0`)).status, 200);
    assert.equal((await api.delete(`${CM}/big0`)).status, 200);
    assert.equal((await api.post(CM, { metadata: { name: 'big3' }, data: { payload: 'a'.repeat(MiB) } })).status, 201);
    for (const name of ['big1', 'big2', 'big3']) assert.equal((await api.delete(`${CM}/${name}`)).status, 200);
  });

  test('a Deployment of a million replicas fills the quota, and the server stays up', async () => {
    const replicas = 1_000_000;
    const created = await api.post('/apis/apps/v1/namespaces/quota/deployments', {
      metadata: { name: 'huge' },
      spec: { replicas, selector: { matchLabels: { app: 'huge' } }, template: { metadata: { labels: { app: 'huge' } }, spec: { containers: [{ name: 'c', image: 'busybox', env: [{ name: 'PAD', value: 'p'.repeat(2000) }] }] } } },
    });
    assert.equal(created.status, 201, created.text);
    // Pods of ~2.5 KB each: the quota holds at most about 1,600 of them.
    let pods = 0;
    for (let i = 0; i < 200; i++) {
      await sleep(100);
      const next = itemsOf((await api.get('/api/v1/namespaces/quota/pods?limit=5000')).body).length;
      if (next === pods && pods > 0) break;
      pods = next;
    }
    assert.ok(pods > 100 && pods < 2000, `${pods} pods`);
    assert.equal((await api.get('/api/v1/namespaces')).status, 200);
    const refused = await api.post(CM, { metadata: { name: 'more' }, data: { payload: 'a'.repeat(MiB) } });
    assert.equal(at(refused.body, 'message'), 'etcdserver: mvcc: database space exceeded');
    // Scaling down frees the space again.
    assert.equal((await api.request('PATCH', '/apis/apps/v1/namespaces/quota/deployments/huge/scale', { body: { spec: { replicas: 0 } }, contentType: 'application/merge-patch+json' })).status, 200);
    for (let i = 0; i < 300 && itemsOf((await api.get('/api/v1/namespaces/quota/pods?limit=10')).body).length > 0; i++) await sleep(100);
    assert.equal((await api.post(CM, { metadata: { name: 'more' }, data: { payload: 'a'.repeat(MiB) } })).status, 201);
  });
});
