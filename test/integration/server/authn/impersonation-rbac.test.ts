import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { call, whoami } from './helpers.js';

describe('impersonation under RBAC', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      authentication: { tokens: [{ token: 'alice-token', username: 'alice', uid: 'a' }, { token: 'eve-token', username: 'eve', uid: 'e' }] },
      authorization: { modes: ['RBAC'] },
    });
    const admin = { token: server.adminToken };
    const role = await call(server, 'POST', '/apis/rbac.authorization.platform.io/v1/clusterroles', {
      ...admin, body: {
        metadata: { name: 'impersonate-bob' },
        rules: [
          { apiGroups: [''], resources: ['users'], verbs: ['impersonate'], resourceNames: ['bob'] },
          { apiGroups: [''], resources: ['groups'], verbs: ['impersonate'], resourceNames: ['devs'] },
          { apiGroups: [''], resources: ['serviceaccounts'], verbs: ['impersonate'] },
          { apiGroups: ['authentication.platform.io'], resources: ['userextras/scopes'], verbs: ['impersonate'], resourceNames: ['read'] },
          { apiGroups: ['authentication.platform.io'], resources: ['uids'], verbs: ['impersonate'], resourceNames: ['u-1'] },
        ],
      },
    });
    assert.equal(role.status, 201, role.text);
    const binding = await call(server, 'POST', '/apis/rbac.authorization.platform.io/v1/clusterrolebindings', {
      ...admin, body: {
        metadata: { name: 'alice-impersonates' }, roleRef: { apiGroup: 'rbac.authorization.platform.io', kind: 'ClusterRole', name: 'impersonate-bob' },
        subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.platform.io', name: 'alice' }],
      },
    });
    assert.equal(binding.status, 201, binding.text);
    const ns = await call(server, 'POST', '/api/v1/namespaces', { ...admin, body: { metadata: { name: 'team' } } });
    assert.equal(ns.status, 201, ns.text);
    const sa = await call(server, 'POST', '/apis/rbac.authorization.platform.io/v1/namespaces/team/roles', {
      ...admin, body: { metadata: { name: 'impersonate-sa' }, rules: [{ apiGroups: [''], resources: ['serviceaccounts'], verbs: ['impersonate'], resourceNames: ['builder'] }] },
    });
    assert.equal(sa.status, 201, sa.text);
    const saBinding = await call(server, 'POST', '/apis/rbac.authorization.platform.io/v1/namespaces/team/rolebindings', {
      ...admin, body: {
        metadata: { name: 'eve-impersonates' }, roleRef: { apiGroup: 'rbac.authorization.platform.io', kind: 'Role', name: 'impersonate-sa' },
        subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.platform.io', name: 'eve' }],
      },
    });
    assert.equal(saBinding.status, 201, saBinding.text);
  });
  after(() => server.stop());

  test('the granted user, group, extra and uid are allowed by their resourceNames', async () => {
    const r = await whoami(server, {
      token: 'alice-token', headers: { 'Impersonate-User': 'bob', 'Impersonate-Group': 'devs', 'Impersonate-Extra-Scopes': 'read', 'Impersonate-Uid': 'u-1' },
    });
    assert.equal(r.status, 201);
    assert.deepEqual(r.user, { username: 'bob', uid: 'u-1', groups: ['devs', 'system:authenticated'], extra: { scopes: ['read'] } });
  });

  test('values outside resourceNames are forbidden; the impersonated user is then authorized as itself', async () => {
    const root = await call(server, 'GET', '/api/v1/namespaces', { token: 'alice-token', headers: { 'Impersonate-User': 'root' } });
    assert.equal(root.status, 403);
    assert.equal(root.body.message, 'users "root" is forbidden: User "alice" cannot impersonate resource "users" in API group "" at the cluster scope');
    const masters = await call(server, 'GET', '/api/v1/namespaces', { token: 'alice-token', headers: { 'Impersonate-User': 'bob', 'Impersonate-Group': 'system:masters' } });
    assert.equal(masters.status, 403);
    const asBob = await call(server, 'GET', '/api/v1/namespaces', { token: 'alice-token', headers: { 'Impersonate-User': 'bob' } });
    assert.equal(asBob.status, 403);
    assert.match(String(asBob.body.message), /User "bob" cannot list resource "namespaces"/);
  });

  test('a namespaced Role grants impersonating one service account of its namespace', async () => {
    const ok = await whoami(server, { token: 'eve-token', headers: { 'Impersonate-User': 'system:serviceaccount:team:builder' } });
    assert.equal(ok.user.username, 'system:serviceaccount:team:builder');
    const other = await whoami(server, { token: 'eve-token', headers: { 'Impersonate-User': 'system:serviceaccount:team:deployer' } });
    assert.equal(other.status, 403);
    const elsewhere = await whoami(server, { token: 'eve-token', headers: { 'Impersonate-User': 'system:serviceaccount:default:builder' } });
    assert.equal(elsewhere.status, 403);
  });
});
