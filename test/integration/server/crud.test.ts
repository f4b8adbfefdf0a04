import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, at, namesOf } from '../../support/api.js';
import { KIND_FIXTURES } from './kind-fixtures.js';

describe('CRUD of every built-in kind', () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
    assert.equal((await api.post('/api/v1/namespaces', { metadata: { name: 'crud' } })).status, 201);
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  for (const f of KIND_FIXTURES) {
    test(f.kind, async () => {
      const name = `${f.kind.toLowerCase()}-one`;
      const coll = f.collection('crud');
      const created = await api.post(coll, f.object(name, 'crud'));
      assert.equal(created.status, 201, created.text);
      assert.equal(at(created.body, 'kind'), f.kind);
      assert.equal(at(created.body, 'metadata.name'), name);
      assert.match(String(at(created.body, 'metadata.uid')), /^[0-9a-f-]{36}$/);
      assert.match(String(at(created.body, 'metadata.creationTimestamp')), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      assert.match(String(at(created.body, 'metadata.resourceVersion')), /^\d+$/);
      const managed = at(created.body, 'metadata.managedFields');
      assert.ok(managed === undefined || Array.isArray(managed));

      const got = await api.get(`${coll}/${name}`);
      assert.equal(got.status, 200);
      assert.deepEqual(got.body, created.body);

      const list = await api.get(coll);
      assert.equal(list.status, 200);
      assert.equal(list.body.kind, `${f.kind}List`);
      assert.ok(namesOf(list.body).includes(name));

      const again = await api.post(coll, f.object(name, 'crud'));
      assert.equal(again.status, 409);
      assert.equal(again.body.reason, 'AlreadyExists');

      const updated = await api.put(`${coll}/${name}`, { ...got.body, metadata: { ...(got.body.metadata as object), annotations: { touched: 'yes' } } });
      assert.equal(updated.status, 200, updated.text);
      assert.equal(at(updated.body, 'metadata.annotations.touched'), 'yes');
      assert.notEqual(at(updated.body, 'metadata.resourceVersion'), at(got.body, 'metadata.resourceVersion'));

      const patched = await api.patch(`${coll}/${name}`, f.patch, 'merge');
      assert.equal(patched.status, 200, patched.text);
      assert.equal(at(patched.body, 'metadata.annotations.touched'), 'yes');

      const deleted = await api.delete(`${coll}/${name}`);
      assert.equal(deleted.status, 200, deleted.text);
      if (f.finalizes === true) {
        await server.settle();
      } else {
        const gone = await api.get(`${coll}/${name}`);
        assert.equal(gone.status, 404);
      }
    });
  }
});
