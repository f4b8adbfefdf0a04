import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, arrayAt, at, namesOf } from '../../support/api.js';
import { VALID_CSR_B64 } from './certificates/fixtures.js';

describe('built-in admission', () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
    await api.post('/api/v1/namespaces', { metadata: { name: 'adm' } });
    await server.settle();
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('bootstrap namespaces, the kubernetes service, default service accounts and root CA config maps', async () => {
    const ns = namesOf((await api.get('/api/v1/namespaces')).body);
    for (const n of ['default', 'platform-system', 'platform-public', 'platform-node-lease']) assert.ok(ns.includes(n), n);
    const svc = await api.get('/api/v1/namespaces/default/services/kubernetes');
    assert.equal(at(svc.body, 'spec.clusterIP'), '10.96.0.1');
    assert.equal(at(svc.body, 'spec.ports.0.port'), 443);
    const ep = await api.get('/api/v1/namespaces/default/endpoints/kubernetes');
    assert.equal(at(ep.body, 'subsets.0.ports.0.port'), server.port);
    for (const n of ['default', 'platform-system', 'adm']) {
      assert.equal((await api.get(`/api/v1/namespaces/${n}/serviceaccounts/default`)).status, 200, n);
      const ca = await api.get(`/api/v1/namespaces/${n}/configmaps/platform-root-ca.crt`);
      assert.equal(at(ca.body, ['data', 'ca.crt']), server.caPem);
    }
  });

  test('the default service account is recreated when deleted', async () => {
    await api.delete('/api/v1/namespaces/adm/serviceaccounts/default');
    await server.settle();
    assert.equal((await api.get('/api/v1/namespaces/adm/serviceaccounts/default')).status, 200);
  });

  test('ServiceAccount: pods get the default account and the token volume', async () => {
    const r = await api.post('/api/v1/namespaces/adm/pods', { metadata: { name: 'p' }, spec: { initContainers: [{ name: 'init', image: 'x' }], containers: [{ name: 'c', image: 'x' }] } });
    assert.equal(r.status, 201, r.text);
    assert.equal(at(r.body, 'spec.serviceAccountName'), 'default');
    assert.equal(at(r.body, 'spec.serviceAccount'), 'default');
    const volumes = arrayAt(r.body, 'spec.volumes');
    assert.equal(volumes.length, 1);
    assert.match(String(at(volumes[0], 'name')), /^kube-api-access-[a-z0-9]{5}$/);
    assert.equal(at(volumes[0], 'projected.defaultMode'), 420);
    const sources = arrayAt(volumes[0], 'projected.sources');
    assert.equal(at(sources[0], 'serviceAccountToken.path'), 'token');
    assert.equal(at(sources[1], 'configMap.name'), 'platform-root-ca.crt');
    assert.equal(at(sources[2], 'downwardAPI.items.0.fieldRef.fieldPath'), 'metadata.namespace');
    for (const path of ['spec.containers.0.volumeMounts.0', 'spec.initContainers.0.volumeMounts.0']) {
      assert.equal(at(r.body, `${path}.mountPath`), '/var/run/secrets/platform.io/serviceaccount');
      assert.equal(at(r.body, `${path}.readOnly`), true);
    }
  });

  test('ServiceAccount: automount off, missing account refused, image pull secrets copied', async () => {
    const off = await api.post('/api/v1/namespaces/adm/pods', { metadata: { name: 'nomount' }, spec: { automountServiceAccountToken: false, containers: [{ name: 'c', image: 'x' }] } });
    assert.equal(at(off.body, 'spec.volumes'), undefined);
    const missing = await api.post('/api/v1/namespaces/adm/pods', { metadata: { name: 'orphan' }, spec: { serviceAccountName: 'ghost', containers: [{ name: 'c', image: 'x' }] } });
    assert.equal(missing.status, 403);
    assert.equal(missing.body.message, 'pods "orphan" is forbidden: error looking up service account adm/ghost: serviceaccount "ghost" not found');
    await api.post('/api/v1/namespaces/adm/serviceaccounts', { metadata: { name: 'puller' }, imagePullSecrets: [{ name: 'regcred' }], automountServiceAccountToken: false });
    const pulled = await api.post('/api/v1/namespaces/adm/pods', { metadata: { name: 'pulled' }, spec: { serviceAccountName: 'puller', containers: [{ name: 'c', image: 'x' }] } });
    assert.deepEqual(at(pulled.body, 'spec.imagePullSecrets'), [{ name: 'regcred' }]);
    assert.equal(at(pulled.body, 'spec.volumes'), undefined, 'the account turns automount off');
  });

  test('a pod right after its namespace waits for the default account', async () => {
    await api.post('/api/v1/namespaces', { metadata: { name: 'fresh' } });
    const r = await api.post('/api/v1/namespaces/fresh/pods', { metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'x' }] } });
    assert.equal(r.status, 201, r.text);
  });

  test('TaintNodesByCondition: new nodes are not-ready NoSchedule', async () => {
    const r = await api.post('/api/v1/nodes', { metadata: { name: 'worker' } });
    assert.deepEqual(at(r.body, 'spec.taints'), [{ key: 'node.platform.io/not-ready', effect: 'NoSchedule' }]);
  });

  test('StorageObjectInUseProtection: finalizers, released when unused', async () => {
    const pvc = await api.post('/api/v1/namespaces/adm/persistentvolumeclaims', { metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } });
    assert.deepEqual(at(pvc.body, 'metadata.finalizers'), ['platform.io/pvc-protection']);
    await api.post('/api/v1/namespaces/adm/pods', { metadata: { name: 'user' }, spec: { containers: [{ name: 'c', image: 'x' }], volumes: [{ name: 'd', persistentVolumeClaim: { claimName: 'data' } }] } });
    await api.delete('/api/v1/namespaces/adm/persistentvolumeclaims/data');
    await server.settle();
    assert.equal((await api.get('/api/v1/namespaces/adm/persistentvolumeclaims/data')).status, 200, 'in use by a pod');
    await api.delete('/api/v1/namespaces/adm/pods/user');
    for (let i = 0; i < 100 && (await api.get('/api/v1/namespaces/adm/persistentvolumeclaims/data')).status !== 404; i++) await sleep(20);
    assert.equal((await api.get('/api/v1/namespaces/adm/persistentvolumeclaims/data')).status, 404);
    const pv = await api.post('/api/v1/persistentvolumes', { metadata: { name: 'vol' }, spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/tmp' } } });
    assert.deepEqual(at(pv.body, 'metadata.finalizers'), ['platform.io/pv-protection']);
    await api.delete('/api/v1/persistentvolumes/vol');
    for (let i = 0; i < 100 && (await api.get('/api/v1/persistentvolumes/vol')).status !== 404; i++) await sleep(20);
    assert.equal((await api.get('/api/v1/persistentvolumes/vol')).status, 404);
  });

  test('CSR requestor fields come from the authenticated user', async () => {
    const r = await api.post('/apis/certificates.platform.io/v1/certificatesigningrequests', { metadata: { name: 'req' }, spec: { request: VALID_CSR_B64, signerName: 'platform.io/apiserver-client', usages: ['client auth'], username: 'mallory' } });
    assert.equal(at(r.body, 'spec.username'), 'admin');
    assert.deepEqual(at(r.body, 'spec.groups'), ['system:masters', 'system:authenticated']);
  });
});
