import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { ApiClient } from '../../../support/api.js';
import { binding, clientFor, createAll, RBAC, RBAC_V1, role, rule, tokenUsers, user } from './support.js';

describe('RBAC escalation prevention', () => {
  let server: TestServer;
  let admin: ApiClient;
  let bob: ApiClient;
  let eve: ApiClient;
  const roles = `${RBAC_V1}/namespaces/team-a/roles`;
  const bindings = `${RBAC_V1}/namespaces/team-a/rolebindings`;

  before(async () => {
    server = await startTestServer({ authorization: { modes: ['RBAC'] }, authenticators: [tokenUsers({ bob: user('bob', 'devs'), eve: user('eve') })] });
    admin = new ApiClient(server);
    bob = clientFor(server, 'bob');
    eve = clientFor(server, 'eve');
    assert.equal((await admin.post('/api/v1/namespaces', { metadata: { name: 'team-a' } })).status, 201);
    // bob administers team-a (roles and bindings) and may read configmaps there, nothing more.
    await createAll(admin, [
      role('rbac-manager', [rule([RBAC], ['roles', 'rolebindings'], ['create', 'update', 'get', 'list', 'delete']), rule([''], ['configmaps'], ['get', 'list'])], 'team-a'),
      binding('bob-manager', 'Role/rbac-manager', ['User:bob'], 'team-a'),
    ]);
  });
  after(async () => {
    admin.close();
    bob.close();
    eve.close();
    await server.stop();
  });

  test('a role with only held rules may be created', async () => {
    const r = await bob.post(roles, role('cm-reader', [rule([''], ['configmaps'], ['get'])], 'team-a'));
    assert.equal(r.status, 201, r.text);
  });

  test('a role granting rules not held is refused with the missing rules', async () => {
    const r = await bob.post(roles, role('secret-reader', [rule([''], ['secrets'], ['get', 'list']), rule([''], ['configmaps'], ['get', 'watch'])], 'team-a'));
    assert.equal(r.status, 403);
    assert.equal(r.body.reason, 'Forbidden');
    assert.equal(r.body.message, [
      `roles.${RBAC} "secret-reader" is forbidden: user "bob" (groups=["devs" "system:authenticated"]) is attempting to grant RBAC permissions not currently held:`,
      '{APIGroups:[""], Resources:["configmaps"], Verbs:["watch"]}',
      '{APIGroups:[""], Resources:["secrets"], Verbs:["get" "list"]}',
    ].join('\n'));
    // Updating an existing role to more rules is refused the same way.
    const u = await bob.put(`${roles}/cm-reader`, role('cm-reader', [rule([''], ['configmaps'], ['get', 'delete'])], 'team-a'));
    assert.equal(u.status, 403);
    assert.match(String(u.body.message), /Verbs:\["delete"\]/);
  });

  test('the escalate verb lifts the check for roles', async () => {
    await createAll(admin, [
      role('escalator', [rule([RBAC], ['roles'], ['escalate'])], 'team-a'),
      binding('bob-escalator', 'Role/escalator', ['User:bob'], 'team-a'),
    ]);
    const r = await bob.post(roles, role('secret-reader', [rule([''], ['secrets'], ['get'])], 'team-a'));
    assert.equal(r.status, 201, r.text);
  });

  test('binding a role whose rules are not held is refused; the bind verb allows it', async () => {
    const refused = await bob.post(bindings, binding('eve-edit', 'ClusterRole/edit', ['User:eve'], 'team-a'));
    assert.equal(refused.status, 403);
    assert.match(String(refused.body.message), new RegExp(`^rolebindings\\.${RBAC.replace(/\./g, '\\.')} "eve-edit" is forbidden: user "bob" \\(groups=\\["devs" "system:authenticated"\\]\\) is attempting to grant RBAC permissions not currently held:\\n`));
    // Binding a role bob holds entirely is fine.
    assert.equal((await bob.post(bindings, binding('eve-cm', 'Role/cm-reader', ['User:eve'], 'team-a'))).status, 201);
    assert.equal((await eve.get('/api/v1/namespaces/team-a/configmaps/x')).status, 404, 'eve got get on configmaps');
    // A binding to a missing role is refused.
    const missing = await bob.post(bindings, binding('eve-ghost', 'Role/ghost', ['User:eve'], 'team-a'));
    assert.equal(missing.status, 403);
    assert.equal(missing.body.message, `rolebindings.${RBAC} "eve-ghost" is forbidden: role.${RBAC} "ghost" not found`);
    // bind on clusterroles/edit (resourceNames) lets bob hand out edit in team-a.
    await createAll(admin, [
      role('edit-binder', [rule([RBAC], ['clusterroles'], ['bind'], ['edit'])]),
      binding('bob-edit-binder', 'ClusterRole/edit-binder', ['User:bob'], 'team-a'),
    ]);
    assert.equal((await bob.post(bindings, binding('eve-edit', 'ClusterRole/edit', ['User:eve'], 'team-a'))).status, 201);
    assert.equal((await eve.post('/api/v1/namespaces/team-a/configmaps', { metadata: { name: 'by-eve' } })).status, 201);
    // ... but not admin.
    assert.equal((await bob.post(bindings, binding('eve-admin', 'ClusterRole/admin', ['User:eve'], 'team-a'))).status, 403);
  });

  test('an aggregationRule needs full authority', async () => {
    await createAll(admin, [
      role('cr-writer', [rule([RBAC], ['clusterroles'], ['create', 'escalate'])]),
      binding('eve-cr-writer', 'ClusterRole/cr-writer', ['User:eve']),
    ]);
    // escalate lets eve write rules she lacks ...
    assert.equal((await eve.post(`${RBAC_V1}/clusterroles`, role('eve-made', [rule([''], ['nodes'], ['list'])]))).status, 201);
    // ... and, as in kube-apiserver, skips the aggregationRule check as well.
    const agg = { apiVersion: `${RBAC}/v1`, kind: 'ClusterRole', metadata: { name: 'eve-agg' }, aggregationRule: { clusterRoleSelectors: [{ matchLabels: { x: 'y' } }] } };
    assert.equal((await eve.post(`${RBAC_V1}/clusterroles`, agg)).status, 201);
    // Without escalate, bob cannot use an aggregationRule at all.
    await createAll(admin, [role('cr-creator', [rule([RBAC], ['clusterroles'], ['create'])]), binding('bob-cr-creator', 'ClusterRole/cr-creator', ['User:bob'])]);
    const refused = await bob.post(`${RBAC_V1}/clusterroles`, { ...agg, metadata: { name: 'bob-agg' } });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message, `clusterroles.${RBAC} "bob-agg" is forbidden: must have cluster-admin privileges to use the aggregationRule`);
  });

  test('system:masters is exempt', async () => {
    assert.equal((await admin.post(roles, role('anything', [rule(['*'], ['*'], ['*'])], 'team-a'))).status, 201);
  });
});
