import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, arrayAt, at, itemsOf } from '../../support/api.js';

describe('discovery', () => {
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

  test('/api lists v1', async () => {
    const r = await api.get('/api');
    assert.equal(r.status, 200);
    assert.equal(r.body.kind, 'APIVersions');
    assert.deepEqual(r.body.versions, ['v1']);
    assert.match(String(at(r.body, 'serverAddressByClientCIDRs.0.serverAddress')), /^127\.0\.0\.1:\d+$/);
  });

  test('/apis lists the named groups with preferred versions', async () => {
    const r = await api.get('/apis');
    assert.equal(r.body.kind, 'APIGroupList');
    const groups = arrayAt(r.body, 'groups').map((g) => at(g, 'name'));
    for (const g of ['apps', 'batch', 'certificates.platform.io', 'rbac.authorization.platform.io', 'apiextensions.platform.io',
      'admissionregistration.platform.io', 'coordination.platform.io']) {
      assert.ok(groups.includes(g), `missing group ${g}`);
    }
    assert.equal(groups.indexOf('apps') < groups.indexOf('batch'), true);
    const apps = arrayAt(r.body, 'groups').find((g) => at(g, 'name') === 'apps');
    assert.deepEqual(at(apps, 'preferredVersion'), { groupVersion: 'apps/v1', version: 'v1' });
  });

  test('/apis/<group> describes one group', async () => {
    const r = await api.get('/apis/batch');
    assert.equal(r.status, 200);
    assert.equal(r.body.kind, 'APIGroup');
    assert.equal(r.body.name, 'batch');
    assert.equal((await api.get('/apis/nosuch.example.com')).status, 404);
  });

  test('/api/v1 lists core resources with verbs, short names, categories and sub-resources', async () => {
    const r = await api.get('/api/v1');
    assert.equal(r.body.kind, 'APIResourceList');
    assert.equal(r.body.groupVersion, 'v1');
    const res = (name: string): unknown => arrayAt(r.body, 'resources').find((x) => at(x, 'name') === name);
    assert.deepEqual(at(res('configmaps'), 'shortNames'), ['cm']);
    assert.deepEqual(at(res('configmaps'), 'verbs'), ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch']);
    assert.equal(at(res('configmaps'), 'singularName'), 'configmap');
    assert.equal(at(res('configmaps'), 'namespaced'), true);
    assert.equal(at(res('namespaces'), 'namespaced'), false);
    assert.deepEqual(at(res('namespaces'), 'verbs'), ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']);
    assert.deepEqual(at(res('pods'), 'categories'), ['all']);
    assert.deepEqual(at(res('pods'), 'shortNames'), ['po']);
    assert.deepEqual(at(res('pods/status'), 'verbs'), ['get', 'patch', 'update']);
    for (const [name, short] of [['services', 'svc'], ['nodes', 'no'], ['events', 'ev'], ['endpoints', 'ep'], ['serviceaccounts', 'sa'],
      ['persistentvolumes', 'pv'], ['persistentvolumeclaims', 'pvc'], ['namespaces', 'ns']]) {
      assert.deepEqual(at(res(name ?? ''), 'shortNames'), [short], name);
    }
    assert.match(String(at(res('configmaps'), 'storageVersionHash')), /^[A-Za-z0-9+/]{11}=$/);
  });

  test('/apis/apps/v1 has scale sub-resources as autoscaling/v1 Scale', async () => {
    const r = await api.get('/apis/apps/v1');
    const scale = arrayAt(r.body, 'resources').find((x) => at(x, 'name') === 'deployments/scale');
    assert.deepEqual(scale, { name: 'deployments/scale', singularName: '', namespaced: true, group: 'autoscaling', version: 'v1', kind: 'Scale', verbs: ['get', 'patch', 'update'] });
    const deploy = arrayAt(r.body, 'resources').find((x) => at(x, 'name') === 'deployments');
    assert.deepEqual(at(deploy, 'shortNames'), ['deploy']);
    assert.deepEqual(at(deploy, 'categories'), ['all']);
    const names = arrayAt(r.body, 'resources').map((x) => at(x, 'name'));
    assert.ok(names.includes('daemonsets/status') && !names.includes('daemonsets/scale'));
  });

  test('short names of the other groups', async () => {
    const short = async (gv: string, name: string): Promise<unknown> => at(arrayAt((await api.get(`/apis/${gv}`)).body, 'resources').find((x) => at(x, 'name') === name), 'shortNames');
    assert.deepEqual(await short('apps/v1', 'replicasets'), ['rs']);
    assert.deepEqual(await short('apps/v1', 'statefulsets'), ['sts']);
    assert.deepEqual(await short('apps/v1', 'daemonsets'), ['ds']);
    assert.deepEqual(await short('batch/v1', 'cronjobs'), ['cj']);
    assert.deepEqual(await short('certificates.platform.io/v1', 'certificatesigningrequests'), ['csr']);
    assert.deepEqual(await short('apiextensions.platform.io/v1', 'customresourcedefinitions'), ['crd', 'crds']);
  });

  test('aggregated discovery v2 on /api and /apis echoes the media type', async () => {
    const accept = 'application/json;g=apidiscovery.platform.io;v=v2;as=APIGroupDiscoveryList,application/json';
    const core = await api.get('/api', { accept });
    assert.equal(core.status, 200);
    assert.equal(core.headers['content-type'], 'application/json;g=apidiscovery.platform.io;v=v2;as=APIGroupDiscoveryList');
    assert.equal(core.body.kind, 'APIGroupDiscoveryList');
    assert.equal(core.body.apiVersion, 'apidiscovery.platform.io/v2');
    const coreGroup = itemsOf(core.body)[0];
    assert.equal(at(coreGroup, 'metadata.name'), undefined);
    const pods = arrayAt(coreGroup, 'versions.0.resources').find((x) => at(x, 'resource') === 'pods');
    assert.equal(at(pods, 'scope'), 'Namespaced');
    assert.equal(at(pods, 'singularResource'), 'pod');
    assert.deepEqual(at(pods, 'responseKind'), { group: '', version: 'v1', kind: 'Pod' });
    assert.deepEqual(arrayAt(pods, 'subresources').map((s) => at(s, 'subresource')), ['attach', 'binding', 'ephemeralcontainers', 'eviction', 'exec', 'log', 'portforward', 'proxy', 'status']);
    const named = await api.get('/apis', { accept });
    const apps = itemsOf(named.body).find((g) => at(g, 'metadata.name') === 'apps');
    const deploy = arrayAt(apps, 'versions.0.resources').find((x) => at(x, 'resource') === 'deployments');
    assert.deepEqual(at(arrayAt(deploy, 'subresources').find((s) => at(s, 'subresource') === 'scale'), 'responseKind'), { group: 'autoscaling', version: 'v1', kind: 'Scale' });
    assert.equal(at(named.body, 'items.0.versions.0.freshness'), 'Current');
    const etag = named.headers.etag;
    assert.ok(typeof etag === 'string');
    const again = await api.get('/apis', { accept, headers: { 'If-None-Match': etag } });
    assert.equal(again.status, 304);
    const beta = await api.get('/apis', { accept: 'application/json;g=apidiscovery.platform.io;v=v2beta1;as=APIGroupDiscoveryList' });
    assert.equal(beta.body.apiVersion, 'apidiscovery.platform.io/v2beta1');
  });

  test('without the aggregated media type /apis answers the legacy document', async () => {
    const r = await api.get('/apis', { accept: 'application/json' });
    assert.equal(r.body.kind, 'APIGroupList');
    assert.equal(r.headers['content-type'], 'application/json');
  });

  test('/version and /openapi/v3', async () => {
    const v = await api.get('/version');
    assert.equal(v.body.major, '1');
    assert.equal(v.body.minor, '32');
    assert.match(String(v.body.gitVersion), /^v1\.32\./);
    const index = await api.get('/openapi/v3');
    const url = String(at(index.body, ['paths', 'apis/apps/v1', 'serverRelativeURL']));
    assert.match(url, /^\/openapi\/v3\/apis\/apps\/v1\?hash=/);
    const doc = await api.get(url);
    assert.equal(doc.status, 200);
    assert.ok(at(doc.body, ['components', 'schemas', 'io.platform.api.apps.v1.Deployment']) !== undefined);
  });

  test('unknown paths are 404 Status', async () => {
    const r = await api.get('/api/v1/nosuchthings');
    assert.equal(r.status, 404);
    assert.equal(r.body.kind, 'Status');
    assert.equal(r.body.reason, 'NotFound');
    assert.equal(r.body.message, 'the server could not find the requested resource');
  });

  test('requests without the admin token are 401', async () => {
    const r = await api.get('/api/v1/namespaces', { token: null });
    assert.equal(r.status, 401);
    assert.equal(r.body.reason, 'Unauthorized');
    const bad = await api.get('/api/v1/namespaces', { token: 'nope' });
    assert.equal(bad.status, 401);
  });
});
