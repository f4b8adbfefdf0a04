import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { ApiClient, arrayAt, at } from '../../../support/api.js';
import { binding, clientFor, createAll, role, rule, tokenUsers, user } from './support.js';

const AUTHZ = '/apis/authorization.platform.io/v1';
const SSAR = `${AUTHZ}/selfsubjectaccessreviews`;
const SAR = `${AUTHZ}/subjectaccessreviews`;
const SSRR = `${AUTHZ}/selfsubjectrulesreviews`;
const lsar = (ns: string): string => `${AUTHZ}/namespaces/${ns}/localsubjectaccessreviews`;

function resourceAttrs(verb: string, resource: string, namespace?: string, extra: Record<string, string> = {}): Record<string, unknown> {
  return { resourceAttributes: { verb, resource, ...(namespace === undefined ? {} : { namespace }), ...extra } };
}

describe('access reviews', () => {
  let server: TestServer;
  let admin: ApiClient;
  let bob: ApiClient;
  let nsadmin: ApiClient;
  let ghost: ApiClient;

  before(async () => {
    server = await startTestServer({
      authorization: { modes: ['RBAC'] },
      authenticators: [tokenUsers({ bob: user('bob', 'devs'), nsadmin: user('nsadmin'), ghost: user('ghost') })],
    });
    admin = new ApiClient(server);
    bob = clientFor(server, 'bob');
    nsadmin = clientFor(server, 'nsadmin');
    ghost = clientFor(server, 'ghost');
    assert.equal((await admin.post('/api/v1/namespaces', { metadata: { name: 'team-a' } })).status, 201);
    await createAll(admin, [
      role('cm', [rule([''], ['configmaps'], ['get', 'list'], undefined), rule([''], ['secrets'], ['get'], ['token'])], 'team-a'),
      binding('bob-cm', 'Role/cm', ['User:bob'], 'team-a'),
      binding('nsadmin', 'ClusterRole/admin', ['User:nsadmin'], 'team-a'),
      binding('ghost', 'ClusterRole/missing', ['User:ghost']),
    ]);
    await server.settle();
  });
  after(async () => {
    for (const c of [admin, bob, nsadmin, ghost]) c.close();
    await server.stop();
  });

  test('discovery lists the four reviews as create-only; other verbs are 405', async () => {
    const list = await admin.get(AUTHZ);
    const resources = arrayAt(list.body, 'resources').map((r) => [at(r, 'name'), at(r, 'namespaced'), at(r, 'verbs')]);
    assert.deepEqual(resources.sort(), [
      ['localsubjectaccessreviews', true, ['create']], ['selfsubjectaccessreviews', false, ['create']],
      ['selfsubjectrulesreviews', false, ['create']], ['subjectaccessreviews', false, ['create']],
    ]);
    assert.equal((await admin.get(SSAR)).status, 405);
  });

  test('SelfSubjectAccessReview: allowed with the RBAC reason, or not allowed', async () => {
    const yes = await bob.post(SSAR, { apiVersion: 'authorization.platform.io/v1', kind: 'SelfSubjectAccessReview', spec: resourceAttrs('list', 'configmaps', 'team-a') });
    assert.equal(yes.status, 201, yes.text);
    assert.equal(yes.body.kind, 'SelfSubjectAccessReview');
    assert.equal(yes.body.apiVersion, 'authorization.platform.io/v1');
    assert.deepEqual(at(yes.body, 'spec'), resourceAttrs('list', 'configmaps', 'team-a'));
    assert.deepEqual(at(yes.body, 'status'), { allowed: true, reason: 'RBAC: allowed by RoleBinding "bob-cm/team-a" of Role "cm" to User "bob"' });
    const no = await bob.post(SSAR, { spec: resourceAttrs('delete', 'configmaps', 'team-a') });
    assert.deepEqual(at(no.body, 'status'), { allowed: false });
    const named = await bob.post(SSAR, { spec: resourceAttrs('get', 'secrets', 'team-a', { name: 'token' }) });
    assert.equal(at(named.body, 'status.allowed'), true);
    const otherName = await bob.post(SSAR, { spec: resourceAttrs('get', 'secrets', 'team-a', { name: 'other' }) });
    assert.equal(at(otherName.body, 'status.allowed'), false);
    const path = await bob.post(SSAR, { spec: { nonResourceAttributes: { path: '/apis', verb: 'get' } } });
    assert.deepEqual(at(path.body, 'status'), {
      allowed: true, reason: 'RBAC: allowed by ClusterRoleBinding "system:discovery" of ClusterRole "system:discovery" to Group "system:authenticated"',
    });
  });

  test('a review of a binding to a missing role is not allowed and names the error as its reason', async () => {
    const r = await ghost.post(SSAR, { spec: resourceAttrs('list', 'pods', 'default') });
    assert.deepEqual(at(r.body, 'status'), { allowed: false, reason: 'RBAC: clusterrole.rbac.authorization.platform.io "missing" not found' });
  });

  test('spec validation errors are 422 with the API server\'s wording', async () => {
    const none = await bob.post(SSAR, { spec: {} });
    assert.equal(none.status, 422);
    assert.equal(none.body.message, 'SelfSubjectAccessReview.authorization.platform.io "" is invalid: spec.resourceAttributes: Invalid value: null: exactly one of nonResourceAttributes or resourceAttributes must be specified');
    const both = await bob.post(SSAR, { spec: { ...resourceAttrs('get', 'pods'), nonResourceAttributes: { path: '/x', verb: 'get' } } });
    assert.equal(both.status, 422);
    assert.match(String(both.body.message), /spec\.nonResourceAttributes: Invalid value: .*: cannot be specified in combination with resourceAttributes$/);
  });

  test('SubjectAccessReview needs create permission and asks about any user', async () => {
    const denied = await bob.post(SAR, { spec: { user: 'bob', ...resourceAttrs('list', 'configmaps', 'team-a') } });
    assert.equal(denied.status, 403);
    assert.equal(denied.body.message, 'subjectaccessreviews.authorization.platform.io is forbidden: User "bob" cannot create resource "subjectaccessreviews" in API group "authorization.platform.io" at the cluster scope');
    const forBob = await admin.post(SAR, { spec: { user: 'bob', groups: ['devs'], ...resourceAttrs('get', 'configmaps', 'team-a', { name: 'x' }) } });
    assert.equal(forBob.status, 201);
    assert.equal(at(forBob.body, 'status.allowed'), true);
    const masters = await admin.post(SAR, { spec: { groups: ['system:masters'], ...resourceAttrs('delete', 'nodes') } });
    assert.deepEqual(at(masters.body, 'status'), { allowed: true });
    const nobody = await admin.post(SAR, { spec: resourceAttrs('get', 'pods') });
    assert.equal(nobody.status, 422);
    assert.equal(nobody.body.message, 'SubjectAccessReview.authorization.platform.io "" is invalid: spec.user: Invalid value: "": at least one of user or group must be specified');
  });

  test('LocalSubjectAccessReview is confined to the namespace of its path', async () => {
    const ok = await nsadmin.post(lsar('team-a'), { spec: { user: 'bob', ...resourceAttrs('list', 'configmaps', 'team-a') } });
    assert.equal(ok.status, 201, ok.text);
    assert.equal(at(ok.body, 'metadata.namespace'), 'team-a');
    assert.equal(at(ok.body, 'status.allowed'), true);
    const elsewhere = await nsadmin.post(lsar('default'), { spec: { user: 'bob', ...resourceAttrs('list', 'configmaps', 'default') } });
    assert.equal(elsewhere.status, 403, 'admin of team-a cannot review in default');
    const mismatch = await admin.post(lsar('team-a'), { spec: { user: 'bob', ...resourceAttrs('list', 'configmaps', 'team-b') } });
    assert.equal(mismatch.status, 422);
    assert.equal(mismatch.body.message, 'LocalSubjectAccessReview.authorization.platform.io "" is invalid: spec.resourceAttributes.namespace: Invalid value: "team-b": must match metadata.namespace');
    const metaMismatch = await admin.post(lsar('team-a'), { metadata: { namespace: 'team-b' }, spec: { user: 'bob', ...resourceAttrs('list', 'configmaps', 'team-a') } });
    assert.equal(metaMismatch.status, 400);
    const nonResource = await admin.post(lsar('team-a'), { spec: { user: 'bob', nonResourceAttributes: { path: '/api', verb: 'get' } } });
    assert.equal(nonResource.status, 422);
    assert.match(String(nonResource.body.message), /spec\.nonResourceAttributes: Invalid value: .*: disallowed on this kind of request/);
  });

  test('SelfSubjectRulesReview lists the rules held in a namespace', async () => {
    const r = await bob.post(SSRR, { apiVersion: 'authorization.platform.io/v1', kind: 'SelfSubjectRulesReview', spec: { namespace: 'team-a' } });
    assert.equal(r.status, 201, r.text);
    assert.equal(at(r.body, 'status.incomplete'), false);
    assert.equal(at(r.body, 'status.evaluationError'), undefined);
    const rules = arrayAt(r.body, 'status.resourceRules');
    assert.ok(rules.some((x) => JSON.stringify(x) === JSON.stringify({ verbs: ['get', 'list'], apiGroups: [''], resources: ['configmaps'] })));
    assert.ok(rules.some((x) => JSON.stringify(x) === JSON.stringify({ verbs: ['get'], apiGroups: [''], resources: ['secrets'], resourceNames: ['token'] })));
    assert.ok(rules.some((x) => JSON.stringify(at(x, 'resources')) === '["selfsubjectaccessreviews","selfsubjectrulesreviews"]'), 'basic-user');
    const nonResource = arrayAt(r.body, 'status.nonResourceRules');
    assert.ok(nonResource.some((x) => (at(x, 'nonResourceURLs') as string[]).includes('/apis/*')), 'discovery');
    const inDefault = await bob.post(SSRR, { spec: { namespace: 'default' } });
    assert.ok(!arrayAt(inDefault.body, 'status.resourceRules').some((x) => JSON.stringify(at(x, 'resources')) === '["configmaps"]'));
    const noNs = await bob.post(SSRR, { spec: {} });
    assert.equal(noNs.status, 400);
    assert.equal(noNs.body.message, 'no namespace on request');
  });

  test('SelfSubjectRulesReview reports resolution errors', async () => {
    const r = await ghost.post(SSRR, { spec: { namespace: 'default' } });
    assert.equal(at(r.body, 'status.evaluationError'), 'clusterrole.rbac.authorization.platform.io "missing" not found');
    assert.equal(at(r.body, 'status.incomplete'), false);
  });
});

describe('rules reviews under other modes', () => {
  test('AlwaysAllow lists everything; Node cannot list the rules of nodes (incomplete)', async () => {
    const open = await startTestServer();
    const admin = new ApiClient(open);
    try {
      const r = await admin.post(SSRR, { spec: { namespace: 'default' } });
      assert.deepEqual(at(r.body, 'status'), {
        resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }],
        nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
        incomplete: false,
      });
    } finally {
      admin.close();
      await open.stop();
    }
    const nodes = await startTestServer({
      authorization: { modes: ['Node', 'RBAC'] }, authenticators: [tokenUsers({ n: { username: 'system:node:n', groups: ['system:nodes'] }, bob: user('bob') })],
    });
    const n = clientFor(nodes, 'n');
    const bob = clientFor(nodes, 'bob');
    try {
      const forBob = await bob.post(SSRR, { spec: { namespace: 'default' } });
      assert.equal(at(forBob.body, 'status.incomplete'), false, 'only node identities are incomplete');
      const r = await n.post(SSRR, { spec: { namespace: 'default' } });
      assert.equal(at(r.body, 'status.incomplete'), true);
      assert.equal(at(r.body, 'status.evaluationError'), 'node authorizer does not support user rule resolution');
    } finally {
      n.close();
      bob.close();
      await nodes.stop();
    }
  });
});
