// Query booleans as a real API server converts them (`watch=True`, `force=TRUE`, `?watch`: every
// value but 0 and false is true), and indented JSON for curl, Wget and browsers.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { queryBool } from '../../../src/server/request/query-bool.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, at } from '../../support/api.js';

const CM = '/api/v1/namespaces/qp/configmaps';

describe('query parameters and pretty printing', () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
    await api.post('/api/v1/namespaces', { metadata: { name: 'qp' } });
    await api.post(CM, { metadata: { name: 'one' } });
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('booleans: absent is unset, 0 and false (any case) are false, everything else is true', () => {
    assert.equal(queryBool(null), undefined);
    for (const v of ['0', 'false', 'False', 'FALSE', 'fAlSe']) assert.equal(queryBool(v), false, v);
    for (const v of ['1', 'true', 'True', 'TRUE', 't', 'yes', '']) assert.equal(queryBool(v), true, v);
  });

  test('watch=True and ?watch watch; watch=False and watch=0 list', async () => {
    for (const q of ['watch=True', 'watch=TRUE', 'watch', 'watch=yes']) {
      const w = await api.watch(`${CM}?${q}&timeoutSeconds=1`);
      assert.equal(w.status, 200, q);
      const first = await w.next(5000);
      assert.equal(first?.type, 'ADDED', q);
      w.close();
    }
    for (const q of ['watch=False', 'watch=0', 'watch=false']) {
      const l = await api.get(`${CM}?${q}`);
      assert.equal(at(l.body, 'kind'), 'ConfigMapList', q);
    }
  });

  test('force=TRUE forces an apply; orphanDependents=False is false', async () => {
    const body = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'applied' }, data: { a: '1' } };
    assert.equal((await api.apply(`${CM}/applied`, body, 'first')).status, 201);
    const conflict = await api.apply(`${CM}/applied`, { ...body, data: { a: '2' } }, 'second');
    assert.equal(conflict.status, 409);
    const forced = await api.request('PATCH', `${CM}/applied?fieldManager=second&force=TRUE`, { body: { ...body, data: { a: '2' } }, contentType: 'application/apply-patch+yaml' });
    assert.equal(forced.status, 200, forced.text);
    assert.equal(at(forced.body, 'data.a'), '2');
    const deleted = await api.delete(`${CM}/applied?orphanDependents=False`);
    assert.equal(deleted.status, 200, deleted.text);
  });

  test('curl, Wget and browsers get indented JSON (no trailing newline, as Go\'s MarshalIndent); pretty=false turns it off', async () => {
    const curl = await api.get(`${CM}/one`, { headers: { 'User-Agent': 'curl/8.5.0' } });
    assert.match(curl.text, /^\{\n {2}"kind": "ConfigMap",\n/);
    assert.ok(!curl.text.endsWith('\n'));
    const wget = await api.get('/api/v1/namespaces/qp/configmaps/nope', { headers: { 'User-Agent': 'Wget/1.21' } });
    assert.equal(wget.status, 404);
    assert.match(wget.text, /^\{\n {2}"kind": "Status",/);
    const plain = await api.get(`${CM}/one?pretty=false`, { headers: { 'User-Agent': 'curl/8.5.0' } });
    assert.match(plain.text, /^\{"kind":"ConfigMap",.*\}\n$/);
    const asked = await api.get(`${CM}/one?pretty=true`);
    assert.match(asked.text, /^\{\n {2}"kind"/);
    const client = await api.get(`${CM}/one`);
    assert.match(client.text, /^\{"kind":"ConfigMap"/);
  });
});
