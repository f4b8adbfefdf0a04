import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { ApiClient, arrayAt, at } from '../../../support/api.js';
import { binding, clientFor, createAll, RBAC, RBAC_V1, role, rule, tokenUsers, user } from './support.js';

describe('RBAC authorization', () => {
  let server: TestServer;
  let admin: ApiClient;
  const clients: Record<string, ApiClient> = {};
  const as = (name: string): ApiClient => {
    const c = clients[name];
    if (c === undefined) throw new Error(`no client ${name}`);
    return c;
  };

  before(async () => {
    const users = {
      bob: user('bob'), carol: user('carol', 'devs'), dave: user('dave'), erin: user('erin'),
      sa: { username: 'system:serviceaccount:team-a:builder', groups: ['system:serviceaccounts', 'system:serviceaccounts:team-a', 'system:authenticated'] },
      viewer: user('viewer'), editor: user('editor'), nsadmin: user('nsadmin'),
    };
    server = await startTestServer({ authorization: { modes: ['RBAC'] }, authenticators: [tokenUsers(users)], authentication: { anonymous: true } });
    admin = new ApiClient(server);
    for (const name of Object.keys(users)) clients[name] = clientFor(server, name);
    clients.anonymous = clientFor(server, null);
    for (const ns of ['team-a', 'team-b']) {
      assert.equal((await admin.post('/api/v1/namespaces', { metadata: { name: ns } })).status, 201);
    }
    await server.settle();
  });
  after(async () => {
    admin.close();
    for (const c of Object.values(clients)) c.close();
    await server.stop();
  });

  test('the bootstrap policy creates the default roles and bindings', async () => {
    const roles = await admin.get(`${RBAC_V1}/clusterroles`);
    const names = arrayAt(roles.body, 'items').map((i) => String(at(i, 'metadata.name')));
    for (const n of ['cluster-admin', 'admin', 'edit', 'view', 'system:discovery', 'system:basic-user', 'system:public-info-viewer', 'system:node']) {
      assert.ok(names.includes(n), `missing ClusterRole ${n}`);
    }
    const crb = await admin.get(`${RBAC_V1}/clusterrolebindings/cluster-admin`);
    assert.deepEqual(at(crb.body, 'subjects'), [{ apiGroup: RBAC, kind: 'Group', name: 'system:masters' }]);
    assert.equal(at(crb.body, ['metadata', 'labels', 'platform.io/bootstrapping']), 'rbac-defaults');
    // The aggregated roles are filled in by the aggregation controller: admin ⊃ edit ⊃ view.
    const view = arrayAt((await admin.get(`${RBAC_V1}/clusterroles/view`)).body, 'rules');
    const edit = arrayAt((await admin.get(`${RBAC_V1}/clusterroles/edit`)).body, 'rules');
    const adm = arrayAt((await admin.get(`${RBAC_V1}/clusterroles/admin`)).body, 'rules');
    assert.ok(view.length > 0 && edit.length > view.length && adm.length > edit.length, `${view.length} ${edit.length} ${adm.length}`);
    // metrics-server's reader role is there, and view (so edit and admin) can read the metrics.
    const reader = (await admin.get(`${RBAC_V1}/clusterroles/system:aggregated-metrics-reader`)).body;
    assert.deepEqual(at(reader, 'rules'), [{ verbs: ['get', 'list', 'watch'], apiGroups: ['metrics.platform.io'], resources: ['pods', 'nodes'] }]);
    assert.equal(at(reader, ['metadata', 'labels', 'rbac.authorization.platform.io/aggregate-to-view']), 'true');
    assert.ok(view.some((r) => arrayAt(r, 'apiGroups').includes('metrics.platform.io') && arrayAt(r, 'resources').includes('pods')), 'view reads pod metrics');
  });

  test('a user without roles gets the API server\'s 403 messages', async () => {
    const list = await as('bob').get('/api/v1/namespaces/default/configmaps');
    assert.equal(list.status, 403);
    assert.equal(list.body.reason, 'Forbidden');
    assert.equal(list.body.message, 'configmaps is forbidden: User "bob" cannot list resource "configmaps" in API group "" in the namespace "default"');
    assert.deepEqual(at(list.body, 'details'), { kind: 'configmaps' });
    const ns = await as('bob').get('/api/v1/namespaces');
    assert.equal(ns.body.message, 'namespaces is forbidden: User "bob" cannot list resource "namespaces" in API group "" at the cluster scope');
    const named = await as('bob').get(`/apis/apps/v1/namespaces/team-a/deployments/web`);
    assert.equal(named.body.message, 'deployments.apps "web" is forbidden: User "bob" cannot get resource "deployments" in API group "apps" in the namespace "team-a"');
    const sub = await as('bob').request('PUT', '/apis/apps/v1/namespaces/team-a/deployments/web/scale', { body: {} });
    assert.equal(sub.body.message, 'deployments.apps "web" is forbidden: User "bob" cannot update resource "deployments/scale" in API group "apps" in the namespace "team-a"');
    const path = await as('bob').get('/logs/');
    assert.equal(path.status, 403);
    assert.equal(path.body.message, 'forbidden: User "bob" cannot get path "/logs/"');
    // Discovery and health belong to every authenticated user through the default bindings.
    assert.equal((await as('bob').get('/api')).status, 200);
    assert.equal((await as('bob').get('/apis')).status, 200);
    assert.equal((await as('bob').get('/version')).status, 200);
  });

  test('resourceNames restrict named requests and never allow lists or creates', async () => {
    await createAll(admin, [
      role('one-cm', [rule([''], ['configmaps'], ['get', 'update'], ['allowed'])], 'team-a'),
      binding('bob-one-cm', 'Role/one-cm', ['User:bob'], 'team-a'),
    ]);
    for (const n of ['allowed', 'other']) assert.equal((await admin.post('/api/v1/namespaces/team-a/configmaps', { metadata: { name: n } })).status, 201);
    assert.equal((await as('bob').get('/api/v1/namespaces/team-a/configmaps/allowed')).status, 200);
    const other = await as('bob').get('/api/v1/namespaces/team-a/configmaps/other');
    assert.equal(other.status, 403);
    assert.equal(other.body.message, 'configmaps "other" is forbidden: User "bob" cannot get resource "configmaps" in API group "" in the namespace "team-a"');
    assert.equal((await as('bob').get('/api/v1/namespaces/team-a/configmaps')).status, 403);
    assert.equal((await as('bob').get('/api/v1/namespaces/team-b/configmaps/allowed')).status, 403, 'a Role is confined to its namespace');
  });

  test('subresources, */subresource, and wildcards', async () => {
    await createAll(admin, [
      role('scaler', [rule(['apps'], ['*/scale'], ['get']), rule([''], ['pods/status'], ['get'])]),
      binding('carol-scaler', 'ClusterRole/scaler', ['Group:devs'], 'team-a'),
      role('all-in-b', [rule(['*'], ['*'], ['*'])], 'team-b'),
      binding('carol-all-in-b', 'Role/all-in-b', ['User:carol'], 'team-b'),
    ]);
    const carol = as('carol');
    // */scale matches the scale subresource of any resource, but not the resource itself.
    const scale = await carol.get('/apis/apps/v1/namespaces/team-a/deployments/none/scale');
    assert.equal(scale.status, 404, scale.text);
    assert.equal((await carol.get('/apis/apps/v1/namespaces/team-a/deployments/none')).status, 403);
    assert.equal((await carol.get('/api/v1/namespaces/team-a/pods/none/status')).status, 404);
    assert.equal((await carol.get('/api/v1/namespaces/team-a/pods/none')).status, 403);
    // The ClusterRole bound by a RoleBinding applies in team-a only.
    assert.equal((await carol.get('/apis/apps/v1/namespaces/team-b/deployments/none/scale')).status, 404, 'all-in-b allows it in team-b');
    assert.equal((await carol.get('/apis/apps/v1/namespaces/default/deployments/none/scale')).status, 403);
    // Wildcards allow every verb, group and resource of the namespace.
    assert.equal((await carol.post('/api/v1/namespaces/team-b/configmaps', { metadata: { name: 'by-carol' } })).status, 201);
    assert.equal((await carol.delete('/api/v1/namespaces/team-b/configmaps/by-carol')).status, 200);
    assert.equal((await carol.get('/apis/batch/v1/namespaces/team-b/jobs')).status, 200);
  });

  test('non-resource URLs with a trailing * match by prefix', async () => {
    await createAll(admin, [
      { apiVersion: `${RBAC}/v1`, kind: 'ClusterRole', metadata: { name: 'logs-reader' }, rules: [{ nonResourceURLs: ['/logs/*', '/metrics'], verbs: ['get'] }] },
      binding('dave-logs', 'ClusterRole/logs-reader', ['User:dave']),
    ]);
    assert.equal((await as('dave').get('/logs/')).status, 404, 'allowed; the path serves nothing');
    assert.equal((await as('dave').get('/logs/kube/x')).status, 404);
    assert.equal((await as('dave').get('/metricsx')).status, 403);
    const post = await as('dave').request('POST', '/logs/x', { body: {} });
    assert.equal(post.body.message, 'forbidden: User "dave" cannot post path "/logs/x"');
  });

  test('ServiceAccount and Group subjects', async () => {
    await createAll(admin, [
      binding('builder-edit', 'ClusterRole/edit', ['ServiceAccount:team-a:builder'], 'team-a'),
    ]);
    const sa = as('sa');
    assert.equal((await sa.post('/api/v1/namespaces/team-a/configmaps', { metadata: { name: 'by-sa' } })).status, 201);
    const denied = await sa.get('/api/v1/namespaces/team-b/configmaps');
    assert.equal(denied.body.message, 'configmaps is forbidden: User "system:serviceaccount:team-a:builder" cannot list resource "configmaps" in API group "" in the namespace "team-b"');
  });

  test('the default roles: view reads but not secrets, edit writes but not RBAC, admin manages RBAC in its namespace', async () => {
    await createAll(admin, [
      binding('viewer', 'ClusterRole/view', ['User:viewer'], 'team-a'),
      binding('editor', 'ClusterRole/edit', ['User:editor'], 'team-a'),
      binding('nsadmin', 'ClusterRole/admin', ['User:nsadmin'], 'team-a'),
    ]);
    const viewer = as('viewer');
    assert.equal((await viewer.get('/api/v1/namespaces/team-a/pods')).status, 200);
    assert.equal((await viewer.get('/apis/apps/v1/namespaces/team-a/deployments')).status, 200);
    assert.equal((await viewer.get('/api/v1/namespaces/team-a/secrets')).status, 403);
    assert.equal((await viewer.post('/api/v1/namespaces/team-a/configmaps', { metadata: { name: 'v' } })).status, 403);
    const editor = as('editor');
    assert.equal((await editor.get('/api/v1/namespaces/team-a/secrets')).status, 200);
    assert.equal((await editor.post('/api/v1/namespaces/team-a/configmaps', { metadata: { name: 'e' } })).status, 201);
    assert.equal((await editor.get(`${RBAC_V1}/namespaces/team-a/roles`)).status, 403);
    assert.equal((await editor.get('/api/v1/namespaces/team-b/pods')).status, 403);
    const nsadmin = as('nsadmin');
    assert.equal((await nsadmin.get(`${RBAC_V1}/namespaces/team-a/roles`)).status, 200);
    assert.equal((await nsadmin.get('/api/v1/nodes')).status, 403);
    // cluster-admin through system:masters: the admin token can do anything.
    assert.equal((await admin.get('/api/v1/nodes')).status, 200);
  });

  test('aggregation: a ClusterRole labelled for view adds its rules to view, edit and admin', async () => {
    await createAll(admin, [role('widgets-view', [rule(['example.com'], ['widgets'], ['get', 'list'])], undefined, { [`${RBAC}/aggregate-to-view`]: 'true' })]);
    await server.settle();
    const has = (rules: unknown[]): boolean => rules.some((r) => JSON.stringify(at(r, 'resources')) === '["widgets"]');
    for (const n of ['view', 'edit', 'admin']) {
      assert.ok(has(arrayAt((await admin.get(`${RBAC_V1}/clusterroles/${n}`)).body, 'rules')), `${n} lacks the widgets rule`);
    }
    // A custom aggregated role follows label changes and deletions.
    await createAll(admin, [{
      apiVersion: `${RBAC}/v1`, kind: 'ClusterRole', metadata: { name: 'monitoring' },
      aggregationRule: { clusterRoleSelectors: [{ matchLabels: { 'example.com/monitoring': 'true' } }] },
    }]);
    await createAll(admin, [role('mon-pods', [rule([''], ['pods'], ['get'])], undefined, { 'example.com/monitoring': 'true' })]);
    await server.settle();
    assert.deepEqual(at((await admin.get(`${RBAC_V1}/clusterroles/monitoring`)).body, 'rules'), [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }]);
    assert.equal((await admin.delete(`${RBAC_V1}/clusterroles/mon-pods`)).status, 200);
    await server.settle();
    assert.deepEqual(at((await admin.get(`${RBAC_V1}/clusterroles/monitoring`)).body, 'rules'), []);
  });

  test('anonymous requests: public info only, until a rule names system:unauthenticated', async () => {
    const anon = as('anonymous');
    assert.equal((await anon.get('/version')).status, 200);
    assert.equal((await anon.get('/healthz')).status, 200);
    const api = await anon.get('/api');
    assert.equal(api.status, 403);
    assert.equal(api.body.message, 'forbidden: User "system:anonymous" cannot get path "/api"');
    const cms = await anon.get('/api/v1/namespaces/team-a/configmaps');
    assert.equal(cms.body.message, 'configmaps is forbidden: User "system:anonymous" cannot list resource "configmaps" in API group "" in the namespace "team-a"');
    await createAll(admin, [
      role('public-cms', [rule([''], ['configmaps'], ['list'])], 'team-a'),
      binding('public-cms', 'Role/public-cms', ['Group:system:unauthenticated'], 'team-a'),
    ]);
    assert.equal((await anon.get('/api/v1/namespaces/team-a/configmaps')).status, 200);
  });

  test('a binding to a missing role grants nothing and says why', async () => {
    await createAll(admin, [binding('erin-ghost', 'ClusterRole/ghost', ['User:erin'])]);
    const r = await as('erin').get('/api/v1/namespaces/default/pods');
    assert.equal(r.status, 403);
    assert.equal(r.body.message, `pods is forbidden: User "erin" cannot list resource "pods" in API group "" in the namespace "default": RBAC: clusterrole.${RBAC} "ghost" not found`);
  });
});
