import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../../support/server.js';
import type { AuthorizationAttributes, AuthorizationDecision } from '../../../../src/server/index.js';
import { call, whoami } from './helpers.js';

/** alice may impersonate only what this table lists (by resource and name); others may do anything. */
const ALICE_MAY: Record<string, string[]> = {
  '/users': ['bob', 'system:anonymous'],
  '/groups': ['devs', 'system:unauthenticated'],
  '/serviceaccounts/team': ['builder'],
  'authentication.platform.io/userextras/scopes': ['read'],
  'authentication.platform.io/uids': ['u-1'],
};

describe('impersonation', () => {
  let server: TestServer;
  const asked: string[] = [];
  before(async () => {
    server = await startTestServer({
      authentication: { tokens: [{ token: 'alice-token', username: 'alice', uid: 'a', groups: ['people'] }] },
      authorizers: [{
        authorize(a: AuthorizationAttributes): AuthorizationDecision {
          if (a.verb !== 'impersonate') return { decision: 'allow' };
          asked.push(`${a.user.username} ${a.apiGroup}/${a.resource}${a.subresource === '' ? '' : `/${a.subresource}`} ${a.namespace} ${a.name}`);
          if (a.user.username !== 'alice') return { decision: 'allow' };
          const key = `${a.apiGroup}/${a.resource}${a.subresource === '' ? '' : `/${a.subresource}`}${a.namespace === '' ? '' : `/${a.namespace}`}`;
          return ALICE_MAY[key]?.includes(a.name) === true ? { decision: 'allow' } : { decision: 'no-opinion' };
        },
      }],
    });
  });
  after(() => server.stop());

  const as = (headers: Record<string, string | string[]>): Promise<{ status: number; user: Record<string, unknown> }> =>
    whoami(server, { token: 'alice-token', headers });

  test('an allowed user, groups, extra and uid replace the caller', async () => {
    const r = await as({ 'Impersonate-User': 'bob', 'Impersonate-Group': ['devs'], 'Impersonate-Extra-Scopes': 'read', 'Impersonate-Uid': 'u-1' });
    assert.equal(r.status, 201);
    assert.deepEqual(r.user, { username: 'bob', uid: 'u-1', groups: ['devs', 'system:authenticated'], extra: { scopes: ['read'] } });
    assert.ok(asked.includes('alice /users  bob'));
    assert.ok(asked.includes('alice authentication.platform.io/userextras/scopes  read'));
    assert.ok(asked.includes('alice authentication.platform.io/uids  u-1'));
  });

  test('a user without groups gets system:authenticated only; anonymous gets system:unauthenticated', async () => {
    assert.deepEqual((await as({ 'Impersonate-User': 'bob' })).user, { username: 'bob', groups: ['system:authenticated'] });
    assert.deepEqual((await as({ 'Impersonate-User': 'system:anonymous' })).user, { username: 'system:anonymous', groups: ['system:unauthenticated'] });
    assert.deepEqual((await as({ 'Impersonate-User': 'bob', 'Impersonate-Group': 'system:unauthenticated' })).user, { username: 'bob', groups: ['system:unauthenticated'] });
  });

  test('a service-account user is checked as serviceaccounts in its namespace and gets its groups', async () => {
    const r = await as({ 'Impersonate-User': 'system:serviceaccount:team:builder' });
    assert.deepEqual(r.user, {
      username: 'system:serviceaccount:team:builder', groups: ['system:serviceaccounts', 'system:serviceaccounts:team', 'system:authenticated'],
    });
    assert.ok(asked.includes('alice /serviceaccounts team builder'));
    const denied = await call(server, 'GET', '/api/v1/namespaces', { token: 'alice-token', headers: { 'Impersonate-User': 'system:serviceaccount:other:builder' } });
    assert.equal(denied.status, 403);
    assert.equal(denied.body.message, 'serviceaccounts "builder" is forbidden: User "alice" cannot impersonate resource "serviceaccounts" in API group "" in the namespace "other"');
  });

  test('denied values are 403 with the API server message', async () => {
    const user = await call(server, 'GET', '/api/v1/namespaces', { token: 'alice-token', headers: { 'Impersonate-User': 'root' } });
    assert.equal(user.status, 403);
    assert.equal(user.body.message, 'users "root" is forbidden: User "alice" cannot impersonate resource "users" in API group "" at the cluster scope');
    assert.deepEqual(user.body.details, { name: 'root', kind: 'users' });
    const group = await call(server, 'GET', '/api/v1/namespaces', { token: 'alice-token', headers: { 'Impersonate-User': 'bob', 'Impersonate-Group': ['devs', 'system:masters'] } });
    assert.equal(group.status, 403);
    assert.equal(group.body.message, 'groups "system:masters" is forbidden: User "alice" cannot impersonate resource "groups" in API group "" at the cluster scope');
    const extra = await call(server, 'GET', '/api/v1/namespaces', { token: 'alice-token', headers: { 'Impersonate-User': 'bob', 'Impersonate-Extra-Scopes': 'write' } });
    assert.equal(extra.status, 403);
    assert.equal(extra.body.message, 'userextras.authentication.platform.io "write" is forbidden: User "alice" cannot impersonate resource "userextras/scopes" in API group "authentication.platform.io" at the cluster scope');
    const uid = await call(server, 'GET', '/api/v1/namespaces', { token: 'alice-token', headers: { 'Impersonate-User': 'bob', 'Impersonate-Uid': 'u-2' } });
    assert.equal(uid.status, 403);
  });

  test('groups, extra or uid without a user is 400', async () => {
    for (const headers of [{ 'Impersonate-Group': 'devs' }, { 'Impersonate-Uid': 'u-1' }, { 'Impersonate-Extra-Scopes': 'read' }]) {
      const r = await call(server, 'GET', '/api/v1/namespaces', { token: 'alice-token', headers });
      assert.equal(r.status, 400, JSON.stringify(headers));
      assert.match(String(r.body.message), /without impersonating a user$/);
    }
  });

  test('extra keys are lowercased and percent-decoded; the admin may impersonate anyone', async () => {
    const r = await whoami(server, { token: server.adminToken, headers: { 'Impersonate-User': 'zoe', 'Impersonate-Extra-Example.com%2Fteam': ['a', 'b'] } });
    assert.deepEqual(r.user, { username: 'zoe', groups: ['system:authenticated'], extra: { 'example.com/team': ['a', 'b'] } });
  });
});
