import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, at } from '../../support/api.js';
import { VALID_CSR_B64 } from './certificates/fixtures.js';

const DEPLOY = '/apis/apps/v1/namespaces/sub/deployments';

describe('status and scale sub-resources of built-in kinds', () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
    await api.post('/api/v1/namespaces', { metadata: { name: 'sub' } });
    await api.post(DEPLOY, { metadata: { name: 'd' }, spec: { replicas: 2, selector: { matchLabels: { app: 'd' } }, template: { metadata: { labels: { app: 'd' } }, spec: { containers: [{ name: 'c', image: 'x' }] } } } });
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('status on create is cleared; writes to the main resource keep the stored status', async () => {
    const created = await api.post(DEPLOY, { metadata: { name: 'st' }, spec: { selector: { matchLabels: { app: 'st' } }, template: { metadata: { labels: { app: 'st' } }, spec: { containers: [{ name: 'c', image: 'x' }] } } }, status: { replicas: 9 } });
    assert.deepEqual(at(created.body, 'status'), {});
    const s = await api.get(`${DEPLOY}/d/status`);
    assert.equal(s.status, 200);
    assert.equal(s.body.kind, 'Deployment');
    const put = await api.put(`${DEPLOY}/d/status`, { ...s.body, spec: { ...(s.body.spec as object), replicas: 7 }, status: { replicas: 2, readyReplicas: 1 } });
    assert.equal(put.status, 200, put.text);
    assert.equal(at(put.body, 'status.readyReplicas'), 1);
    assert.equal(at(put.body, 'spec.replicas'), 2, 'a status write does not change spec');
    const main = await api.patch(`${DEPLOY}/d`, { status: { readyReplicas: 5 }, spec: { replicas: 3 } }, 'merge');
    assert.equal(at(main.body, 'status.readyReplicas'), 1, 'a main write does not change status');
    assert.equal(at(main.body, 'spec.replicas'), 3);
    const table = await api.get(`${DEPLOY}/d`, { accept: 'application/json;as=Table;g=meta.platform.io;v=v1' });
    assert.equal(at(table.body, 'rows.0.cells.1'), '1/3');
  });

  test('scale reads and writes autoscaling/v1 Scale; status is untouched', async () => {
    const scale = await api.get(`${DEPLOY}/d/scale`);
    assert.equal(scale.status, 200);
    assert.equal(scale.body.kind, 'Scale');
    assert.equal(scale.body.apiVersion, 'autoscaling/v1');
    assert.deepEqual(scale.body.spec, { replicas: 3 });
    assert.deepEqual(scale.body.status, { replicas: 2, selector: 'app=d' });
    assert.equal(at(scale.body, 'metadata.name'), 'd');
    const generation = Number(at((await api.get(`${DEPLOY}/d`)).body, 'metadata.generation'));
    const put = await api.put(`${DEPLOY}/d/scale`, { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'd', namespace: 'sub' }, spec: { replicas: 4 } });
    assert.equal(put.status, 200, put.text);
    assert.equal(at(put.body, 'spec.replicas'), 4);
    const d = await api.get(`${DEPLOY}/d`);
    assert.equal(at(d.body, 'spec.replicas'), 4);
    assert.equal(at(d.body, 'status.readyReplicas'), 1);
    // A new replica count is a new spec: the generation moves on, as a write of the object's spec.
    assert.equal(at(d.body, 'metadata.generation'), generation + 1);
    const stale = await api.put(`${DEPLOY}/d/scale`, { ...scale.body, spec: { replicas: 6 } });
    assert.equal(stale.status, 409, 'the Scale resourceVersion is a precondition');
    const patched = await api.patch(`${DEPLOY}/d/scale`, { spec: { replicas: 1 } }, 'merge');
    assert.equal(at(patched.body, 'spec.replicas'), 1);
    assert.equal(at((await api.get(`${DEPLOY}/d`)).body, 'metadata.generation'), generation + 2);
    const bad = await api.patch(`${DEPLOY}/d/scale`, { spec: { replicas: -3 } }, 'merge');
    assert.equal(bad.status, 422);
    assert.match(String(bad.body.message), /^Scale\.autoscaling "d" is invalid: spec\.replicas: Invalid value: -3: must be greater than or equal to 0$/);
    assert.equal((await api.get('/apis/apps/v1/namespaces/sub/daemonsets/x/scale')).status, 404);
  });

  test('the CSR approval sub-resource writes only the conditions', async () => {
    const path = '/apis/certificates.platform.io/v1/certificatesigningrequests';
    const csr = await api.post(path, { metadata: { name: 'appr' }, spec: { request: VALID_CSR_B64, signerName: 'platform.io/apiserver-client', usages: ['client auth'] } });
    const approved = await api.put(`${path}/appr/approval`, {
      ...csr.body,
      spec: { ...(csr.body.spec as object), signerName: 'example.com/other' },
      status: { conditions: [{ type: 'Approved', status: 'True', reason: 'Test', message: 'ok' }], certificate: 'QUJD' },
    });
    assert.equal(approved.status, 200, approved.text);
    assert.equal(at(approved.body, 'status.conditions.0.type'), 'Approved');
    assert.equal(at(approved.body, 'status.certificate'), undefined);
    assert.equal(at(approved.body, 'spec.signerName'), 'platform.io/apiserver-client');
    const t = await api.get(`${path}/appr`, { accept: 'application/json;as=Table;g=meta.platform.io;v=v1' });
    // The built-in signer may already have issued it (Approved,Issued).
    assert.match(String(at(t.body, 'rows.0.cells.5')), /^Approved(,Issued)?$/);
  });

  test('namespaces/finalize changes only spec.finalizers', async () => {
    await api.post('/api/v1/namespaces', { metadata: { name: 'fin' } });
    const ns = await api.get('/api/v1/namespaces/fin');
    const r = await api.put('/api/v1/namespaces/fin/finalize', { ...ns.body, spec: { finalizers: [] }, metadata: { ...(ns.body.metadata as object), labels: { changed: 'yes' } } });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(at(r.body, 'spec.finalizers'), []);
    assert.equal(at(r.body, 'metadata.labels.changed'), undefined);
  });

  test('finalize and scale bodies are decoded before they are read: null is unset, a wrong type is refused', async () => {
    await api.post('/api/v1/namespaces', { metadata: { name: 'fin2' } });
    const ns = await api.get('/api/v1/namespaces/fin2');
    const cleared = await api.put('/api/v1/namespaces/fin2/finalize', { ...ns.body, spec: { finalizers: null } });
    assert.equal(cleared.status, 200, cleared.text);
    assert.deepEqual(at(cleared.body, 'spec.finalizers'), []);
    const stale = await api.put('/api/v1/namespaces/fin2/finalize', { ...ns.body, spec: { finalizers: [] } });
    assert.equal(stale.status, 409, 'the body resourceVersion is a precondition');
    const wrong = await api.put('/api/v1/namespaces/fin2/finalize', { metadata: { name: 'fin2' }, spec: { finalizers: 'kubernetes' } });
    assert.equal(wrong.status, 400, wrong.text);
    const scale = await api.get(`${DEPLOY}/d/scale`);
    assert.equal((await api.put(`${DEPLOY}/d/scale`, { ...scale.body, metadata: { name: 'd', resourceVersion: 7 } })).status, 400);
    assert.equal((await api.put(`${DEPLOY}/d/scale`, { ...scale.body, kind: 'Deployment' })).status, 400);
    assert.equal((await api.put(`${DEPLOY}/d/scale`, { ...scale.body, metadata: { name: 'other' } })).status, 400);
    assert.equal((await api.put(`${DEPLOY}/d/scale`, { ...scale.body, spec: { replicas: 2 } })).status, 200);
    const stalePatch = await api.patch(`${DEPLOY}/d/scale`, { metadata: { resourceVersion: at(scale.body, 'metadata.resourceVersion') }, spec: { replicas: 3 } }, 'merge');
    assert.equal(stalePatch.status, 409, 'a patched Scale resourceVersion is a precondition too');
  });
});
