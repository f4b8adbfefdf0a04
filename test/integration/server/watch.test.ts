import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, at } from '../../support/api.js';

const NS = '/api/v1/namespaces/w';
const SEC = `${NS}/secrets`;

describe('watch', () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer({ bookmarkIntervalMs: 100, historyWindowMs: 60_000 });
    api = new ApiClient(server);
    await api.post('/api/v1/namespaces', { metadata: { name: 'w' } });
    await api.post(SEC, { metadata: { name: 's1', labels: { team: 'a' } } });
    await api.post(SEC, { metadata: { name: 's2', labels: { team: 'b' } } });
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('without a version: synthetic ADDED for the current state, then live changes', async () => {
    const w = await api.watch(`${SEC}?watch=1`);
    assert.equal(w.status, 200);
    assert.equal(w.headers['content-type'], 'application/json');
    assert.equal(w.headers['transfer-encoding'], 'chunked');
    const first = await w.waitFor(2);
    assert.deepEqual(first.map((e) => [e.type, at(e.object, 'metadata.name')]), [['ADDED', 's1'], ['ADDED', 's2']]);
    await api.post(SEC, { metadata: { name: 's3' } });
    await api.patch(`${SEC}/s3`, { metadata: { labels: { x: '1' } } }, 'merge');
    await api.delete(`${SEC}/s3`);
    const all = await w.waitFor(5);
    assert.deepEqual(all.slice(2).map((e) => [e.type, at(e.object, 'metadata.name')]), [['ADDED', 's3'], ['MODIFIED', 's3'], ['DELETED', 's3']]);
    const rvs = all.slice(2).map((e) => Number(at(e.object, 'metadata.resourceVersion')));
    assert.ok(rvs[0]! < rvs[1]! && rvs[1]! < rvs[2]!);
    w.close();
  });

  test('resourceVersion=0 also starts with the current state', async () => {
    const w = await api.watch(`${SEC}?watch=true&resourceVersion=0`);
    const evs = await w.waitFor(2);
    assert.deepEqual(evs.map((e) => e.type), ['ADDED', 'ADDED']);
    w.close();
  });

  test('from a version: replays the changes after it, no synthetic events', async () => {
    const list = await api.get(SEC);
    const rv = String(at(list.body, 'metadata.resourceVersion'));
    await api.post(SEC, { metadata: { name: 'r1' } });
    await api.delete(`${SEC}/r1`);
    const w = await api.watch(`${SEC}?watch=1&resourceVersion=${rv}`);
    const evs = await w.waitFor(2);
    assert.deepEqual(evs.map((e) => [e.type, at(e.object, 'metadata.name')]), [['ADDED', 'r1'], ['DELETED', 'r1']]);
    await sleep(150);
    assert.equal(w.events.length, 2);
    w.close();
  });

  test('bookmarks only with allowWatchBookmarks, carrying only the resource version', async () => {
    const rv = String(at((await api.get(SEC)).body, 'metadata.resourceVersion'));
    const plain = await api.watch(`${SEC}?watch=1&resourceVersion=${rv}`);
    const marked = await api.watch(`${SEC}?watch=1&resourceVersion=${rv}&allowWatchBookmarks=true`);
    await sleep(350);
    assert.equal(plain.events.filter((e) => e.type === 'BOOKMARK').length, 0);
    const bookmarks = marked.events.filter((e) => e.type === 'BOOKMARK');
    assert.ok(bookmarks.length >= 2, `got ${bookmarks.length} bookmarks`);
    const b = bookmarks[0]!;
    assert.deepEqual(Object.keys(b.object).sort(), ['apiVersion', 'kind', 'metadata']);
    assert.deepEqual(Object.keys(b.object.metadata as object), ['resourceVersion']);
    assert.equal(b.object.kind, 'Secret');
    assert.ok(Number(at(b.object, 'metadata.resourceVersion')) >= Number(rv));
    plain.close();
    marked.close();
  });

  test('timeoutSeconds ends the stream', async () => {
    const started = Date.now();
    const w = await api.watch(`${SEC}?watch=1&timeoutSeconds=1`);
    await w.ended;
    const took = Date.now() - started;
    assert.ok(took >= 900 && took < 3000, `took ${took} ms`);
  });

  test('label selectors: leaving the selection is DELETED, entering it ADDED', async () => {
    const rv = String(at((await api.get(SEC)).body, 'metadata.resourceVersion'));
    const w = await api.watch(`${SEC}?watch=1&resourceVersion=${rv}&labelSelector=team%3Da`);
    await api.patch(`${SEC}/s1`, { metadata: { labels: { team: 'c' } } }, 'merge');
    await api.patch(`${SEC}/s2`, { metadata: { labels: { team: 'a' } } }, 'merge');
    await api.patch(`${SEC}/s2`, { metadata: { annotations: { n: '1' } } }, 'merge');
    const evs = await w.waitFor(3);
    assert.deepEqual(evs.map((e) => [e.type, at(e.object, 'metadata.name')]), [['DELETED', 's1'], ['ADDED', 's2'], ['MODIFIED', 's2']]);
    // The object leaving the selection is sent as it was, with the version of the change.
    assert.equal(at(evs[0]!.object, 'metadata.labels.team'), 'a');
    w.close();
    await api.patch(`${SEC}/s1`, { metadata: { labels: { team: 'a' } } }, 'merge');
    await api.patch(`${SEC}/s2`, { metadata: { labels: { team: 'b' } } }, 'merge');
  });

  test('field selectors on watches', async () => {
    const w = await api.watch(`${SEC}?watch=1&fieldSelector=metadata.name%3Ds2`);
    const evs = await w.waitFor(1);
    assert.deepEqual(evs.map((e) => at(e.object, 'metadata.name')), ['s2']);
    w.close();
    const bad = await api.get(`${SEC}?watch=1&fieldSelector=foo%3Dbar`);
    assert.equal(bad.status, 400);
  });

  test('sendInitialEvents: the current state, then a bookmark marking its end', async () => {
    const bad = await api.get(`${SEC}?watch=1&sendInitialEvents=true`);
    assert.equal(bad.status, 422);
    const w = await api.watch(`${SEC}?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true`);
    const evs = await w.waitFor(3);
    assert.deepEqual(evs.slice(0, 3).map((e) => e.type), ['ADDED', 'ADDED', 'BOOKMARK']);
    assert.equal(at(evs[2]!.object, ['metadata', 'annotations', 'platform.io/initial-events-end']), 'true');
    w.close();
  });

  test('a watch of one object by name', async () => {
    const w = await api.watch(`${SEC}/s1?watch=1`);
    const evs = await w.waitFor(1);
    assert.deepEqual(evs.map((e) => [e.type, at(e.object, 'metadata.name')]), [['ADDED', 's1']]);
    w.close();
  });

  test('a version from the future is an ERROR event once it does not arrive', async () => {
    const s = await startTestServer({ futureRVWaitMs: 100 });
    const c = new ApiClient(s);
    try {
      const w = await c.watch('/api/v1/namespaces/default/secrets?watch=1&resourceVersion=999999');
      const ev = await w.next(2000);
      assert.equal(ev?.type, 'ERROR');
      assert.equal(at(ev?.object, 'code'), 504);
      await w.ended;
    } finally {
      c.close();
      await s.stop();
    }
  });
});

describe('watch history window', () => {
  test('a version older than the history is an ERROR event carrying 410 too old resource version', async () => {
    const server = await startTestServer({ historyWindowMs: 30, historyMaxEvents: 3 });
    const api = new ApiClient(server);
    try {
      await api.post('/api/v1/namespaces', { metadata: { name: 'w' } });
      const old = String(at((await api.post(SEC, { metadata: { name: 'a' } })).body, 'metadata.resourceVersion'));
      for (let i = 0; i < 8; i++) await api.post(SEC, { metadata: { name: `b${i}` } });
      await sleep(60);
      await api.post(SEC, { metadata: { name: 'c' } });
      const w = await api.watch(`${SEC}?watch=1&resourceVersion=${old}`);
      assert.equal(w.status, 200);
      const ev = await w.next(2000);
      assert.equal(ev?.type, 'ERROR');
      assert.equal(at(ev?.object, 'kind'), 'Status');
      assert.equal(at(ev?.object, 'code'), 410);
      assert.equal(at(ev?.object, 'reason'), 'Expired');
      assert.match(String(at(ev?.object, 'message')), new RegExp(`^too old resource version: ${old} \\(\\d+\\)$`));
      await w.ended;
    } finally {
      api.close();
      await server.stop();
    }
  });
});

describe('watch history byte bound', () => {
  test('repeated 1 MiB updates of one object expire older history by bytes: an old version is 410, the client relists', async () => {
    // A long window and event cap: only the byte bound (4 MiB) can expire these versions.
    const server = await startTestServer({ historyMaxBytes: 4 * 1024 * 1024 });
    const api = new ApiClient(server);
    try {
      await api.post('/api/v1/namespaces', { metadata: { name: 'w' } });
      const CM = '/api/v1/namespaces/w/configmaps';
      const first = await api.post(CM, { metadata: { name: 'big' }, data: { payload: 'a'.repeat(1024 * 1024) } });
      assert.equal(first.status, 201);
      const old = String(at(first.body, 'metadata.resourceVersion'));
      let last = first;
      for (let i = 0; i < 10; i++) {
        last = await api.put(`${CM}/big`, { metadata: { name: 'big' }, data: { payload: String.fromCharCode(98 + i).repeat(1024 * 1024) } });
        assert.equal(last.status, 200, last.text.slice(0, 200));
      }
      const w = await api.watch(`${CM}?watch=1&resourceVersion=${old}`);
      const ev = await w.next(2000);
      assert.equal(ev?.type, 'ERROR');
      assert.equal(at(ev?.object, 'code'), 410);
      await w.ended;
      // A recent version still resumes.
      const recent = Number(at(last.body, 'metadata.resourceVersion')) - 1;
      const w2 = await api.watch(`${CM}?watch=1&resourceVersion=${recent}`);
      const ev2 = await w2.next(2000);
      assert.equal(ev2?.type, 'MODIFIED');
      w2.close();
      const relist = await api.get(CM);
      assert.equal(relist.status, 200);
    } finally {
      api.close();
      await server.stop();
    }
  });
});

describe('slow watch clients', () => {
  test('a client that does not read loses its watch; writers and other watchers are not held up', async () => {
    const server = await startTestServer({ watchMaxQueue: 20 });
    const api = new ApiClient(server);
    try {
      await api.post('/api/v1/namespaces', { metadata: { name: 'w' } });
      const rv = String(at((await api.get(SEC)).body, 'metadata.resourceVersion'));
      const slow = await api.watch(`${SEC}?watch=1&resourceVersion=${rv}`, { paused: true });
      const fast = await api.watch(`${SEC}?watch=1&resourceVersion=${rv}`);
      const big = 'x'.repeat(64 * 1024);
      const started = Date.now();
      const total = 120;
      for (let i = 0; i < total; i++) {
        const r = await api.post(SEC, { metadata: { name: `big-${i}` }, stringData: { v: big } });
        assert.equal(r.status, 201);
      }
      assert.ok(Date.now() - started < 20_000);
      const got = await fast.waitFor(total, 10_000);
      assert.equal(got.length, total);
      slow.resume();
      await slow.ended;
      assert.ok(slow.events.length < total, `slow client got ${slow.events.length} of ${total}`);
      fast.close();
    } finally {
      api.close();
      await server.stop();
    }
  });
});
