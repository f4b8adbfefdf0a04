import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, at } from '../../support/api.js';

let server: TestServer;
let api: ApiClient;
before(async () => {
  server = await startTestServer();
  api = new ApiClient(server);
  await api.post('/api/v1/namespaces', { metadata: { name: 'dots' } });
  await api.post('/api/v1/namespaces/dots/configmaps', { metadata: { name: 'cm' } });
});
after(async () => {
  api.close();
  await server.stop();
});

test('dot segments as names, encoded or not, are 400 with apimachinery\'s words and never reach another object', async () => {
  for (const [segment, name] of [['%2e%2e', '..'], ['%2E%2E', '..'], ['..', '..'], ['%2e', '.'], ['.', '.']] as const) {
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
      const r = await api.request(method, `/api/v1/namespaces/dots/configmaps/${segment}`, method === 'GET' || method === 'DELETE' ? {} : { body: {}, contentType: 'application/merge-patch+json' });
      assert.equal(r.status, 400, `${method} ${segment}: ${r.text}`);
      assert.equal(at(r.body, 'message'), `Name parameter invalid: "${name}": may not be '${name}'`);
    }
  }
  const ns = await api.get('/api/v1/namespaces/%2e%2e');
  assert.equal(ns.status, 400, ns.text);
  const slash = await api.get('/api/v1/namespaces/dots/configmaps/a%2Fb');
  assert.equal(slash.status, 400);
  assert.equal(at(slash.body, 'message'), 'Name parameter invalid: "a/b": may not contain \'/\'');
});

test('dot segments elsewhere are not resolved: the path is routed as sent (404)', async () => {
  for (const path of [
    '/api/v1/namespaces/dots/configmaps/cm/%2e%2e',
    '/api/v1/namespaces/dots/configmaps/cm/..',
    '/api/v1/%2e%2e/v1/namespaces',
    '/apis/apps/../v1/namespaces',
    '/healthz/../api/v1/namespaces',
    '/version/%2e%2e/api',
  ]) {
    const r = await api.get(path);
    assert.equal(r.status, 404, `${path}: ${r.text}`);
  }
  // The namespace "..": nothing is there, as on an API server (no other namespace's objects).
  const list = await api.get('/api/v1/namespaces/%2e%2e/configmaps');
  assert.equal(list.status, 200, list.text);
  assert.deepEqual(at(list.body, 'items'), []);
  assert.equal((await api.get('/api/v1/namespaces/%2e%2e/configmaps/cm')).status, 404);
  assert.equal((await api.get('/api/v1/namespaces/dots/configmaps/cm')).status, 200);
});
