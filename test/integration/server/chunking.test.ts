import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, at, namesOf } from '../../support/api.js';

const CM = '/api/v1/namespaces/chunks/secrets';

describe('chunked lists', () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer({ continueTokenTtlMs: 300 });
    api = new ApiClient(server);
    await api.post('/api/v1/namespaces', { metadata: { name: 'chunks' } });
    for (const n of ['c1', 'c2', 'c3', 'c4', 'c5']) await api.post(CM, { metadata: { name: n, labels: { n } } });
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('limit and continue page through a list pinned at the first chunk\'s version', async () => {
    const p1 = await api.get(`${CM}?limit=2`);
    assert.deepEqual(namesOf(p1.body), ['c1', 'c2']);
    assert.equal(at(p1.body, 'metadata.remainingItemCount'), 3);
    const rv = at(p1.body, 'metadata.resourceVersion');
    const token1 = String(at(p1.body, 'metadata.continue'));
    assert.notEqual(token1, '');
    // Changes after the first chunk are not seen by the rest of the list.
    await api.post(CM, { metadata: { name: 'c6' } });
    await api.delete(`${CM}/c4`);
    const p2 = await api.get(`${CM}?limit=2&continue=${encodeURIComponent(token1)}`);
    assert.equal(p2.status, 200);
    assert.deepEqual(namesOf(p2.body), ['c3', 'c4']);
    assert.equal(at(p2.body, 'metadata.resourceVersion'), rv);
    assert.equal(at(p2.body, 'metadata.remainingItemCount'), 1);
    const p3 = await api.get(`${CM}?limit=2&continue=${encodeURIComponent(String(at(p2.body, 'metadata.continue')))}`);
    assert.deepEqual(namesOf(p3.body), ['c5']);
    assert.equal(at(p3.body, 'metadata.continue'), undefined);
    assert.equal(at(p3.body, 'metadata.remainingItemCount'), undefined);
    await api.post(CM, { metadata: { name: 'c4', labels: { n: 'c4' } } });
    await api.delete(`${CM}/c6`);
  });

  test('remainingItemCount is omitted when a selector is used', async () => {
    const r = await api.get(`${CM}?limit=1&labelSelector=n`);
    assert.equal(namesOf(r.body).length, 1);
    assert.notEqual(at(r.body, 'metadata.continue'), undefined);
    assert.equal(at(r.body, 'metadata.remainingItemCount'), undefined);
  });

  test('an expired continue token is 410 with a fresh token that continues inconsistently', async () => {
    const p1 = await api.get(`${CM}?limit=2`);
    const token = String(at(p1.body, 'metadata.continue'));
    await sleep(350);
    const r = await api.get(`${CM}?limit=2&continue=${encodeURIComponent(token)}`);
    assert.equal(r.status, 410);
    assert.equal(r.body.reason, 'Expired');
    assert.match(String(r.body.message), /^The provided continue parameter is too old to display a consistent list result\. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results\./);
    const fresh = String(at(r.body, 'metadata.continue'));
    assert.notEqual(fresh, '');
    const rest = await api.get(`${CM}?limit=10&continue=${encodeURIComponent(fresh)}`);
    assert.equal(rest.status, 200);
    assert.deepEqual(namesOf(rest.body), ['c3', 'c4', 'c5']);
  });

  test('a malformed continue token is 400', async () => {
    const r = await api.get(`${CM}?limit=2&continue=garbage`);
    assert.equal(r.status, 400);
  });

  test('all-namespaces lists span namespaces in key order', async () => {
    await api.post('/api/v1/namespaces', { metadata: { name: 'chunks-b' } });
    await api.post('/api/v1/namespaces/chunks-b/secrets', { metadata: { name: 'other' } });
    const r = await api.get('/api/v1/secrets?labelSelector=n%20in%20(c1,c2)');
    assert.deepEqual(namesOf(r.body), ['c1', 'c2']);
    const all = await api.get('/api/v1/secrets?fieldSelector=metadata.namespace%3Dchunks-b');
    assert.ok(namesOf(all.body).includes('other'));
    assert.ok(!namesOf(all.body).includes('c1'));
  });
});
