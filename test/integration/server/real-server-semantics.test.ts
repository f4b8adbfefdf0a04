/**
 * Writes whose outcome a real API server decides differently from a naive store: what create set
 * that an update leaves out, defaults of the API's own, bodies of the wrong kind, retried deletes.
 * Each test names the behaviour kubectl (and its own test suite) relies on.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, at, type Body } from '../../support/api.js';

describe('writes as a real API server answers them', () => {
  let server: TestServer;
  let api: ApiClient;

  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
    assert.equal((await api.post('/api/v1/namespaces', { metadata: { name: 'sem' } })).status, 201);
    await server.settle();
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('a PUT of the manifest a pod was created from keeps the priority admission set', async () => {
    // The ServiceAccount plugin's additions (the account, a token volume) would be changes of the spec
    // on a real server too: this manifest names what it would add.
    const manifest = (labels: Record<string, string> = {}): Body => ({
      metadata: { name: 'replaced', labels },
      spec: { containers: [{ name: 'c', image: 'x' }], serviceAccountName: 'default', automountServiceAccountToken: false },
    });
    let r = await api.post('/api/v1/namespaces/sem/pods', manifest());
    assert.equal(r.status, 201, r.text);
    assert.equal(at(r.body, 'spec.priority'), 0);
    // Without any PriorityClass the pod still gets PreemptLowerPriority, as the API server's plugin sets it.
    assert.equal(at(r.body, 'spec.preemptionPolicy'), 'PreemptLowerPriority');
    // `replace -f` sends the manifest again: neither field is in it, and neither may read as changed.
    r = await api.put('/api/v1/namespaces/sem/pods/replaced', manifest({ edited: 'yes' }));
    assert.equal(r.status, 200, r.text);
    assert.equal(at(r.body, 'spec.priority'), 0);
    assert.equal(at(r.body, 'spec.preemptionPolicy'), 'PreemptLowerPriority');
    assert.equal(at(r.body, 'metadata.labels.edited'), 'yes');
    // A different priority is still a change of an immutable field.
    const changed = manifest();
    changed.spec = { ...(changed.spec as Body), priority: 7 };
    r = await api.put('/api/v1/namespaces/sem/pods/replaced', changed);
    assert.equal(r.status, 422, r.text);
    assert.match(String(r.body.message), /pod updates may not change fields other than/);
  });

  test('a pod update may add tolerations, not change them, and may not add containers', async () => {
    const toleration = { key: 'k', operator: 'Equal', value: 'v', effect: 'NoExecute', tolerationSeconds: 60 };
    const manifest = (tolerations: Body[], containers = [{ name: 'c', image: 'x' }]): Body => ({
      metadata: { name: 'tolerant' },
      spec: { containers, serviceAccountName: 'default', automountServiceAccountToken: false, tolerations },
    });
    let r = await api.post('/api/v1/namespaces/sem/pods', manifest([toleration]));
    assert.equal(r.status, 201, r.text);
    r = await api.put('/api/v1/namespaces/sem/pods/tolerant', manifest([{ ...toleration, tolerationSeconds: 30 }, { key: 'other', operator: 'Exists' }]));
    assert.equal(r.status, 200, r.text);
    r = await api.put('/api/v1/namespaces/sem/pods/tolerant', manifest([{ ...toleration, value: 'w' }, { key: 'other', operator: 'Exists' }]));
    assert.equal(r.status, 422, r.text);
    assert.equal(r.body.message, 'Pod "tolerant" is invalid: spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds');
    r = await api.put('/api/v1/namespaces/sem/pods/tolerant', manifest([toleration, { key: 'other', operator: 'Exists' }], [{ name: 'c', image: 'y' }, { name: 'd', image: 'x' }]));
    assert.equal(r.status, 422, r.text);
    assert.equal(r.body.message, 'Pod "tolerant" is invalid: spec.containers: Forbidden: pod updates may not add or remove containers');
  });
});
