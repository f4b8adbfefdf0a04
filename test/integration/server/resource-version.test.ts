import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, at, namesOf } from '../../support/api.js';

const CM = '/api/v1/namespaces/rv/secrets';

describe('resourceVersion and resourceVersionMatch for get and list', () => {
  let server: TestServer;
  let api: ApiClient;
  let rvA = 0;
  let rvB = 0;
  before(async () => {
    server = await startTestServer({ futureRVWaitMs: 150 });
    api = new ApiClient(server);
    await api.post('/api/v1/namespaces', { metadata: { name: 'rv' } });
    rvA = Number(at((await api.post(CM, { metadata: { name: 'a' }, stringData: { v: '1' } })).body, 'metadata.resourceVersion'));
    rvB = Number(at((await api.post(CM, { metadata: { name: 'b' } })).body, 'metadata.resourceVersion'));
    await api.patch(`${CM}/a`, { stringData: { v: '2' } }, 'merge');
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('get: unset, 0 and a known version all answer the latest object', async () => {
    for (const q of ['', '?resourceVersion=0', `?resourceVersion=${rvA}`]) {
      const r = await api.get(`${CM}/a${q}`);
      assert.equal(r.status, 200, q);
      assert.equal(at(r.body, 'data.v'), 'Mg==', q);
    }
  });

  test('get: a version from the future waits, then 504 with Retry-After', async () => {
    const started = Date.now();
    const r = await api.get(`${CM}/a?resourceVersion=999999`);
    assert.equal(r.status, 504);
    assert.ok(Date.now() - started >= 140);
    assert.equal(r.headers['retry-after'], '1');
    assert.equal(r.body.reason, 'Timeout');
    assert.match(String(r.body.message), /^Timeout: Too large resource version: 999999, current: \d+$/);
    assert.equal(at(r.body, 'details.retryAfterSeconds'), 1);
    assert.equal(at(r.body, 'details.causes.0.reason'), 'ResourceVersionTooLarge');
  });

  test('get: a version from the future that arrives in time is served', async () => {
    const current = Number(at((await api.get(CM)).body, 'metadata.resourceVersion'));
    const pending = api.get(`${CM}/a?resourceVersion=${current + 1}`);
    await sleep(20);
    await api.post(CM, { metadata: { name: 'later' } });
    assert.equal((await pending).status, 200);
    await api.delete(`${CM}/later`);
  });

  test('get: a malformed version is 400', async () => {
    const r = await api.get(`${CM}/a?resourceVersion=abc`);
    assert.equal(r.status, 400);
    assert.equal(r.body.reason, 'BadRequest');
  });

  test('list: unset is the most recent state, with the list resourceVersion', async () => {
    const r = await api.get(CM);
    assert.deepEqual(namesOf(r.body), ['a', 'b']);
    assert.ok(Number(at(r.body, 'metadata.resourceVersion')) >= rvB);
    assert.equal(at(r.body, 'metadata.continue'), undefined);
  });

  test('list: 0 (any) and NotOlderThan answer current data', async () => {
    for (const q of ['resourceVersion=0', `resourceVersion=${rvA}`, `resourceVersion=${rvA}&resourceVersionMatch=NotOlderThan`,
      `resourceVersion=${rvA}&resourceVersionMatch=NotOlderThan&limit=10`, 'resourceVersion=0&resourceVersionMatch=NotOlderThan']) {
      const r = await api.get(`${CM}?${q}`);
      assert.equal(r.status, 200, q);
      assert.deepEqual(namesOf(r.body), ['a', 'b'], q);
      assert.equal(at(r.body, 'items.0.data.v'), 'Mg==', q);
    }
  });

  test('list: Exact answers the state at that version', async () => {
    const r = await api.get(`${CM}?resourceVersion=${rvA}&resourceVersionMatch=Exact`);
    assert.equal(r.status, 200);
    assert.deepEqual(namesOf(r.body), ['a']);
    assert.equal(at(r.body, 'items.0.data.v'), 'MQ==');
    assert.equal(at(r.body, 'metadata.resourceVersion'), String(rvA));
  });

  test('list: with limit and no match, a version is exact (legacy semantics)', async () => {
    const r = await api.get(`${CM}?resourceVersion=${rvA}&limit=5`);
    assert.equal(r.status, 200);
    assert.deepEqual(namesOf(r.body), ['a']);
    assert.equal(at(r.body, 'items.0.data.v'), 'MQ==');
  });

  test('list: versions from the future are 504 for each match', async () => {
    for (const q of ['resourceVersion=999999', 'resourceVersion=999999&resourceVersionMatch=NotOlderThan', 'resourceVersion=999999&resourceVersionMatch=Exact', 'resourceVersion=999999&limit=1']) {
      const r = await api.get(`${CM}?${q}`);
      assert.equal(r.status, 504, q);
      assert.equal(r.headers['retry-after'], '1', q);
    }
  });

  test('list: contradicting options are 422 Invalid ListOptions', async () => {
    const cases: [string, string][] = [
      ['resourceVersionMatch=NotOlderThan', 'resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided'],
      ['resourceVersionMatch=Exact', 'resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided'],
      ['resourceVersion=0&resourceVersionMatch=Exact', 'resourceVersionMatch: Forbidden: resourceVersionMatch "exact" is forbidden for resourceVersion "0"'],
      ['resourceVersion=1&resourceVersionMatch=Sometimes', 'resourceVersionMatch: Unsupported value: "Sometimes": supported values: "Exact", "NotOlderThan", ""'],
    ];
    for (const [q, msg] of cases) {
      const r = await api.get(`${CM}?${q}`);
      assert.equal(r.status, 422, q);
      assert.equal(r.body.reason, 'Invalid');
      assert.equal(r.body.message, `ListOptions.meta.platform.io "" is invalid: ${msg}`, q);
    }
  });

  test('list: continue with a non-zero resourceVersion is 400', async () => {
    const first = await api.get(`${CM}?limit=1`);
    const token = String(at(first.body, 'metadata.continue'));
    const r = await api.get(`${CM}?limit=1&continue=${encodeURIComponent(token)}&resourceVersion=5`);
    assert.equal(r.status, 400);
    assert.equal(r.body.message, 'specifying resource version is not allowed when using continue');
    const ok = await api.get(`${CM}?limit=1&continue=${encodeURIComponent(token)}&resourceVersion=0`);
    assert.equal(ok.status, 200);
  });
});

describe('history window and expired versions', () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer({ historyWindowMs: 50, historyMaxEvents: 5 });
    api = new ApiClient(server);
    await api.post('/api/v1/namespaces', { metadata: { name: 'rv' } });
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('Exact (and legacy exact with limit) for a compacted version is 410 Gone', async () => {
    const old = Number(at((await api.post(CM, { metadata: { name: 'x' } })).body, 'metadata.resourceVersion'));
    for (let i = 0; i < 10; i++) await api.post(CM, { metadata: { name: `y${i}` } });
    await sleep(80);
    await api.post(CM, { metadata: { name: 'z' } });
    for (const q of [`resourceVersion=${old}&resourceVersionMatch=Exact`, `resourceVersion=${old}&limit=2`]) {
      const r = await api.get(`${CM}?${q}`);
      assert.equal(r.status, 410, q);
      assert.equal(r.body.reason, 'Expired');
      assert.equal(r.body.message, 'The resourceVersion for the provided list is too old.');
    }
    // NotOlderThan is satisfied by the current state.
    assert.equal((await api.get(`${CM}?resourceVersion=${old}&resourceVersionMatch=NotOlderThan`)).status, 200);
  });
});
