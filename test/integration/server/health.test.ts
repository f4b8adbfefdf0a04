import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient } from '../../support/api.js';

describe('health endpoints', () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('/healthz, /livez, /readyz answer ok', async () => {
    for (const p of ['/healthz', '/livez', '/readyz']) {
      const r = await api.get(p);
      assert.equal(r.status, 200, p);
      assert.equal(r.text, 'ok');
      assert.match(String(r.headers['content-type']), /^text\/plain/);
    }
  });

  test('?verbose lists each check and a last passed line', async () => {
    const live = await api.get('/livez?verbose');
    assert.match(live.text, /^\[\+\]ping ok\n\[\+\]log ok\n\[\+\]etcd ok\n/);
    assert.match(live.text, /\nlivez check passed\n$/);
    const ready = await api.get('/readyz?verbose');
    assert.match(ready.text, /\[\+\]shutdown ok\n/);
    assert.match(ready.text, /\nreadyz check passed\n$/);
    const health = await api.get('/healthz?verbose');
    assert.match(health.text, /\nhealthz check passed\n$/);
  });

  test('?exclude skips a check; unknown names are reported', async () => {
    const r = await api.get('/readyz?verbose&exclude=etcd&exclude=nosuch');
    assert.equal(r.status, 200);
    assert.match(r.text, /\[\+\]etcd excluded: ok\n/);
    assert.match(r.text, /warn: some health checks cannot be excluded: no matches for "nosuch"\n/);
  });

  test('individual checks', async () => {
    const r = await api.get('/livez/etcd');
    assert.equal(r.status, 200);
    assert.equal(r.text, 'ok');
    assert.equal((await api.get('/readyz/ping')).text, 'ok');
    assert.equal((await api.get('/readyz/nosuch')).status, 404);
  });
});
