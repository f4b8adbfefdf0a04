import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { ApiClient, at } from '../../../support/api.js';
import { binding, clientFor, createAll, role, rule, tokenUsers, user } from './support.js';
import { startSarWebhook, type SarWebhook } from './sar-webhook.js';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const POLICY_FILE = join(root, 'test/fixtures/authz/abac-policy.jsonl');

const USERS = {
  alice: user('alice'), reader: user('reader', 'readers'), ops: user('ops'), legacy: user('legacy'), bob: user('bob'),
  node1: { username: 'system:node:node-1', groups: ['system:nodes', 'system:authenticated'] },
  fakeNode: { username: 'system:node:node-1', groups: ['system:authenticated'] },
  allowed: user('hook-allowed'), denied: user('hook-denied'), broken: user('hook-broken'), other: user('hook-other'),
};

function clients(server: TestServer): Record<keyof typeof USERS, ApiClient> {
  return Object.fromEntries(Object.keys(USERS).map((k) => [k, clientFor(server, k)])) as Record<keyof typeof USERS, ApiClient>;
}

function closeAll(c: Record<string, ApiClient>): void {
  for (const x of Object.values(c)) x.close();
}

describe('AlwaysAllow and AlwaysDeny', () => {
  test('AlwaysDeny refuses everyone but system:masters, with its reason; it has no opinion, so later modes still decide', async () => {
    const server = await startTestServer({ authorization: { modes: ['AlwaysDeny'] }, authenticators: [tokenUsers(USERS)] });
    const admin = new ApiClient(server);
    const bob = clientFor(server, 'bob');
    try {
      assert.equal((await admin.get('/api/v1/namespaces')).status, 200);
      const r = await bob.get('/api/v1/namespaces/default/configmaps');
      assert.equal(r.status, 403);
      assert.equal(r.body.message, 'configmaps is forbidden: User "bob" cannot list resource "configmaps" in API group "" in the namespace "default": Everything is forbidden.');
    } finally {
      admin.close();
      bob.close();
      await server.stop();
    }
    const both = await startTestServer({ authorization: { modes: ['AlwaysDeny', 'AlwaysAllow'] }, authenticators: [tokenUsers(USERS)] });
    const bob2 = clientFor(both, 'bob');
    try {
      assert.equal((await bob2.get('/api/v1/namespaces/default/configmaps')).status, 200);
    } finally {
      bob2.close();
      await both.stop();
    }
  });

  test('the harness default stays AlwaysAllow without a bootstrap policy', async () => {
    const server = await startTestServer({ authenticators: [tokenUsers(USERS)] });
    const bob = clientFor(server, 'bob');
    const admin = new ApiClient(server);
    try {
      assert.equal((await bob.post('/api/v1/namespaces', { metadata: { name: 'by-bob' } })).status, 201);
      assert.equal((await bob.delete('/api/v1/namespaces/by-bob')).status, 200);
      const roles = await admin.get('/apis/rbac.authorization.platform.io/v1/clusterroles');
      assert.deepEqual(at(roles.body, 'items'), []);
    } finally {
      bob.close();
      admin.close();
      await server.stop();
    }
  });

  test('invalid option combinations are refused with kube-apiserver\'s messages', async () => {
    await assert.rejects(startTestServer({ authorization: { modes: ['ABAC'] } }), /authorization-mode ABAC's authorization policy file not passed/);
    await assert.rejects(startTestServer({ authorization: { modes: ['Webhook'] } }), /authorization-mode Webhook's authorization config file not passed/);
    await assert.rejects(startTestServer({ authorization: { modes: ['RBAC', 'RBAC'] } }), /authorization-mode "RBAC" has mode specified more than once/);
    await assert.rejects(startTestServer({ authorization: { modes: ['RBAC'], policyFile: POLICY_FILE } }), /cannot specify --authorization-policy-file without mode ABAC/);
    await assert.rejects(startTestServer({ authorization: { modes: [] } }), /at least one authorization-mode must be passed/);
  });
});

describe('ABAC before RBAC', () => {
  let server: TestServer;
  let admin: ApiClient;
  let c: Record<keyof typeof USERS, ApiClient>;
  before(async () => {
    server = await startTestServer({ authorization: { modes: ['ABAC', 'RBAC'], policyFile: POLICY_FILE }, authenticators: [tokenUsers(USERS)] });
    admin = new ApiClient(server);
    c = clients(server);
    assert.equal((await admin.post('/api/v1/namespaces', { metadata: { name: 'team-a' } })).status, 201);
  });
  after(async () => {
    admin.close();
    closeAll(c);
    await server.stop();
  });

  test('a user policy with wildcards allows everything', async () => {
    assert.equal((await c.alice.post('/api/v1/namespaces/team-a/configmaps', { metadata: { name: 'a' } })).status, 201);
    assert.equal((await c.alice.get('/apis/apps/v1/deployments')).status, 200);
    // Resource policies never match non-resource requests (the policy has no nonResourcePath).
    assert.equal((await c.alice.get('/logs/')).status, 403);
  });

  test('group, readonly, namespace and resource restrict a policy', async () => {
    assert.equal((await c.reader.get('/api/v1/namespaces/team-a/configmaps')).status, 200);
    assert.equal((await c.reader.get('/api/v1/namespaces/team-a/configmaps/a')).status, 200);
    assert.equal((await c.reader.post('/api/v1/namespaces/team-a/configmaps', { metadata: { name: 'r' } })).status, 403);
    assert.equal((await c.reader.get('/api/v1/namespaces/default/configmaps')).status, 403);
    assert.equal((await c.reader.get('/api/v1/namespaces/team-a/secrets')).status, 403);
  });

  test('nonResourcePath with a trailing * and the unversioned format', async () => {
    assert.equal((await c.bob.get('/version')).status, 200, 'user * matches everyone');
    assert.equal((await c.ops.get('/logs/x')).status, 404);
    const post = await c.ops.request('POST', '/logs/x', { body: {} });
    assert.equal(post.status, 403);
    assert.equal(post.body.message, 'forbidden: User "ops" cannot post path "/logs/x": No policy matched.');
    // {"user": "legacy", "readonly": true}: any namespace and resource, reads only.
    assert.equal((await c.legacy.get('/api/v1/namespaces/team-a/secrets')).status, 200);
    assert.equal((await c.legacy.delete('/api/v1/namespaces/team-a/configmaps/a')).status, 403);
  });

  test('SelfSubjectRulesReview lists the matching policies as rules', async () => {
    const r = await c.reader.post('/apis/authorization.platform.io/v1/selfsubjectrulesreviews', { spec: { namespace: 'team-a' } });
    assert.equal(r.status, 201, r.text);
    const rules = at(r.body, 'status.resourceRules') as unknown[];
    assert.deepEqual(rules[0], { verbs: ['get', 'list', 'watch'], apiGroups: [''], resources: ['configmaps'] });
    assert.equal(at(r.body, 'status.incomplete'), false);
    const other = await c.reader.post('/apis/authorization.platform.io/v1/selfsubjectrulesreviews', { spec: { namespace: 'default' } });
    assert.ok(!(at(other.body, 'status.resourceRules') as unknown[]).some((x) => JSON.stringify(at(x, 'resources')) === '["configmaps"]'));
  });

  test('no matching policy falls through to RBAC', async () => {
    assert.equal((await c.bob.get('/api/v1/namespaces/team-a/pods')).status, 403);
    await createAll(admin, [role('pods', [rule([''], ['pods'], ['list'])], 'team-a'), binding('bob-pods', 'Role/pods', ['User:bob'], 'team-a')]);
    assert.equal((await c.bob.get('/api/v1/namespaces/team-a/pods')).status, 200);
  });
});

describe('Node', () => {
  let server: TestServer;
  let c: Record<keyof typeof USERS, ApiClient>;
  before(async () => {
    server = await startTestServer({ authorization: { modes: ['Node', 'RBAC'] }, authenticators: [tokenUsers(USERS)] });
    c = clients(server);
  });
  after(async () => {
    closeAll(c);
    await server.stop();
  });

  test('a node may write its own Node and Lease, nothing of other nodes', async () => {
    const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1' } };
    assert.equal((await c.node1.post('/api/v1/nodes', node)).status, 201);
    assert.equal((await c.node1.get('/api/v1/nodes/node-1')).status, 200);
    assert.equal((await c.node1.patch('/api/v1/nodes/node-1/status', { status: { phase: 'Running' } }, 'merge')).status, 200);
    const other = await c.node1.get('/api/v1/nodes/node-2');
    assert.equal(other.body.message, 'nodes "node-2" is forbidden: User "system:node:node-1" cannot get resource "nodes" in API group "" at the cluster scope');
    const lease = { apiVersion: 'coordination.platform.io/v1', kind: 'Lease', metadata: { name: 'node-1' }, spec: { holderIdentity: 'node-1' } };
    assert.equal((await c.node1.post('/apis/coordination.platform.io/v1/namespaces/platform-node-lease/leases', lease)).status, 201);
    assert.equal((await c.node1.put('/apis/coordination.platform.io/v1/namespaces/platform-node-lease/leases/node-1', lease)).status, 200);
    assert.equal((await c.node1.get('/apis/coordination.platform.io/v1/namespaces/platform-node-lease/leases/node-2')).status, 403);
    assert.equal((await c.node1.get('/apis/coordination.platform.io/v1/namespaces/default/leases/node-1')).status, 403);
    // Without the system:nodes group the name alone grants nothing.
    assert.equal((await c.fakeNode.get('/api/v1/nodes/node-1')).status, 403);
  });
});

describe('Webhook', () => {
  let hook: SarWebhook;
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'platformctl-authz-'));
    hook = await startSarWebhook((review) => {
      const u = String(review.spec?.user ?? '');
      if (u === 'hook-allowed') return { allowed: true, reason: 'hook says yes' };
      if (u === 'hook-denied') return { allowed: false, denied: true, reason: 'hook says no' };
      if (u === 'hook-broken') return 500;
      return { allowed: false, reason: 'not mine' };
    });
  });
  after(async () => {
    await hook.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('v1beta1 reviews, deny is final, no opinion falls through, answers are cached', async () => {
    const server = await startTestServer({
      authorization: { modes: ['Webhook', 'RBAC'], webhook: { configFile: await hook.writeConfig(dir) } }, authenticators: [tokenUsers(USERS)],
    });
    const admin = new ApiClient(server);
    const c = clients(server);
    try {
      await createAll(admin, [role('cm', [rule([''], ['configmaps'], ['list'])], 'default'), binding('cm', 'Role/cm', ['User:hook-denied', 'User:hook-other'], 'default')]);
      const before = hook.reviews.length;
      assert.equal((await c.allowed.get('/api/v1/namespaces/default/configmaps')).status, 200);
      const sent = hook.reviews.at(-1);
      assert.equal(sent?.apiVersion, 'authorization.platform.io/v1beta1');
      assert.deepEqual(sent?.spec?.resourceAttributes, { namespace: 'default', verb: 'list', version: 'v1', resource: 'configmaps' });
      assert.deepEqual(sent?.spec?.group, ['system:authenticated']);
      assert.equal(sent?.spec?.authorization, 'Bearer webhook-secret');
      assert.equal((await c.allowed.get('/api/v1/namespaces/default/configmaps')).status, 200);
      assert.equal(hook.reviews.length, before + 1, 'the second request is answered from the cache');
      const denied = await c.denied.get('/api/v1/namespaces/default/configmaps');
      assert.equal(denied.status, 403, 'the webhook denial is final although RBAC would allow');
      assert.equal(denied.body.message, 'configmaps is forbidden: User "hook-denied" cannot list resource "configmaps" in API group "" in the namespace "default": hook says no');
      assert.equal((await c.other.get('/api/v1/namespaces/default/configmaps')).status, 200, 'no opinion: RBAC decides');
      const broken = await c.broken.get('/api/v1/namespaces/default/configmaps');
      assert.equal(broken.status, 403);
      const ssar = await c.broken.post('/apis/authorization.platform.io/v1/selfsubjectaccessreviews', {
        spec: { resourceAttributes: { verb: 'list', resource: 'configmaps', namespace: 'default' } },
      });
      assert.equal(at(ssar.body, 'status.allowed'), false);
      assert.equal(at(ssar.body, 'status.evaluationError'), 'webhook returned HTTP 500');
    } finally {
      admin.close();
      closeAll(c);
      await server.stop();
    }
  });

  test('v1 reviews send groups', async () => {
    const server = await startTestServer({
      authorization: { modes: ['Webhook'], webhook: { configFile: await hook.writeConfig(dir), version: 'v1', authorizedTtlMs: 0 } }, authenticators: [tokenUsers(USERS)],
    });
    const c = clients(server);
    try {
      assert.equal((await c.allowed.get('/healthz')).status, 200);
      const sent = hook.reviews.at(-1);
      assert.equal(sent?.apiVersion, 'authorization.platform.io/v1');
      assert.deepEqual(sent?.spec?.nonResourceAttributes, { path: '/healthz', verb: 'get' });
      assert.deepEqual(sent?.spec?.groups, ['system:authenticated']);
      const n = hook.reviews.length;
      assert.equal((await c.allowed.get('/healthz')).status, 200);
      assert.equal(hook.reviews.length, n + 1, 'a TTL of 0 disables the cache');
    } finally {
      closeAll(c);
      await server.stop();
    }
  });
});
