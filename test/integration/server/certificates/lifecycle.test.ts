import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { call, certificatePem, conditions, csrObject, CSRS, decide, waitFor } from './support.js';

const NODE_CLIENT = 'platform.io/apiserver-client-nodeagent';
const NODE_USAGES = ['key encipherment', 'digital signature', 'client auth'];
const SECRETS = '/api/v1/namespaces/platform-system/secrets';

describe('auto-approval of node client certificates', () => {
  let server: TestServer;
  const admin = { token: '' };
  const bootstrapToken = 'abcdef.0123456789abcdef';
  before(async () => {
    server = await startTestServer({
      authorization: { modes: ['RBAC'] },
      authentication: { enableBootstrapTokenAuth: true, tokens: [{ token: 'other-token', username: 'other', uid: '9' }] },
    });
    admin.token = server.adminToken;
    const secret = {
      metadata: { name: 'bootstrap-token-abcdef', namespace: 'platform-system' }, type: 'bootstrap.platform.io/token',
      stringData: { 'token-id': 'abcdef', 'token-secret': '0123456789abcdef', 'usage-bootstrap-authentication': 'true' },
    };
    assert.equal((await call(server, 'POST', SECRETS, { ...admin, body: secret })).status, 201);
  });
  after(async () => {
    await server.stop();
  });

  test('a bootstrap identity asking for a node client certificate is approved and signed (nodeclient)', async () => {
    const { object } = await csrObject('node-csr-1', NODE_CLIENT, NODE_USAGES, { commonName: 'system:node:worker-1', organizations: ['system:nodes'] });
    const r = await call(server, 'POST', CSRS, { token: bootstrapToken, body: object });
    assert.equal(r.status, 201, r.text);
    const done = await waitFor(server, `${CSRS}/node-csr-1`, admin, (a) => certificatePem(a) !== '');
    const approved = conditions(done).find((c) => c.type === 'Approved');
    assert.equal(approved?.reason, 'AutoApproved');
    assert.equal(approved?.message, 'Auto approving nodeagent client certificate after SubjectAccessReview.');
  });

  test('a node renewing its own certificate is approved (selfnodeclient)', async () => {
    const first = await csrObject('node-csr-2', NODE_CLIENT, NODE_USAGES, { commonName: 'system:node:worker-2', organizations: ['system:nodes'] });
    assert.equal((await call(server, 'POST', CSRS, { token: bootstrapToken, body: first.object })).status, 201);
    const issued = await waitFor(server, `${CSRS}/node-csr-2`, admin, (a) => certificatePem(a) !== '');
    const renewal = await csrObject('node-csr-3', NODE_CLIENT, NODE_USAGES, { commonName: 'system:node:worker-2', organizations: ['system:nodes'] });
    const r = await call(server, 'POST', CSRS, { cert: certificatePem(issued), key: first.keyPem, body: renewal.object });
    assert.equal(r.status, 201, r.text);
    const done = await waitFor(server, `${CSRS}/node-csr-3`, admin, (a) => certificatePem(a) !== '');
    assert.equal(conditions(done).find((c) => c.type === 'Approved')?.message, 'Auto approving self nodeagent client certificate after SubjectAccessReview.');
  });

  test('requests of users without the nodeclient permission, or breaking the signer rules, stay pending', async () => {
    // "other" may create requests (node-bootstrapper) but is granted neither nodeclient nor selfnodeclient.
    const binding = {
      apiVersion: 'rbac.authorization.platform.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'other-may-request' },
      roleRef: { apiGroup: 'rbac.authorization.platform.io', kind: 'ClusterRole', name: 'system:node-bootstrapper' },
      subjects: [{ apiGroup: 'rbac.authorization.platform.io', kind: 'User', name: 'other' }],
    };
    assert.equal((await call(server, 'POST', '/apis/rbac.authorization.platform.io/v1/clusterrolebindings', { ...admin, body: binding })).status, 201);
    const other = await csrObject('other-csr', NODE_CLIENT, NODE_USAGES, { commonName: 'system:node:w', organizations: ['system:nodes'] });
    assert.equal((await call(server, 'POST', CSRS, { token: 'other-token', body: other.object })).status, 201);
    const bad = await csrObject('bad-csr', NODE_CLIENT, ['client auth'], { commonName: 'system:node:w', organizations: ['system:nodes'] });
    assert.equal((await call(server, 'POST', CSRS, { token: bootstrapToken, body: bad.object })).status, 201);
    await server.settle();
    await sleep(50);
    assert.deepEqual(conditions(await call(server, 'GET', `${CSRS}/other-csr`, admin)), []);
    assert.deepEqual(conditions(await call(server, 'GET', `${CSRS}/bad-csr`, admin)), []);
  });
});

describe('garbage collection of signing requests', () => {
  let server: TestServer;
  const admin = { token: '' };
  let clock = Date.now();
  before(async () => {
    server = await startTestServer({
      now: () => clock,
      certificates: { autoApprove: false, approvedTtlMs: 1_200_000, pendingTtlMs: 3_600_000, cleanupIntervalMs: 30 },
    });
    admin.token = server.adminToken;
  });
  after(async () => {
    await server.stop();
  });

  async function exists(name: string): Promise<boolean> {
    return (await call(server, 'GET', `${CSRS}/${name}`, admin)).status === 200;
  }
  async function gone(name: string): Promise<void> {
    await waitFor(server, `${CSRS}/${name}`, admin, (a) => a.status === 404);
  }

  test('decided requests go after the approved window, pending ones after the pending window', async () => {
    for (const name of ['pending', 'denied']) {
      const { object } = await csrObject(name, 'example.com/custom', ['client auth'], { commonName: name });
      assert.equal((await call(server, 'POST', CSRS, { ...admin, body: object })).status, 201);
    }
    assert.equal((await decide(server, 'denied', 'Denied', admin)).status, 200);
    clock += 1_100_000;
    await sleep(100);
    assert.equal(await exists('denied'), true);
    clock += 200_000;
    await gone('denied');
    assert.equal(await exists('pending'), true);
    clock += 2_400_000;
    await gone('pending');
  });

  test('a request whose certificate expired goes', async () => {
    const { object } = await csrObject('short-lived', 'platform.io/apiserver-client', ['client auth'], { commonName: 's' }, { expirationSeconds: 600 });
    assert.equal((await call(server, 'POST', CSRS, { ...admin, body: object })).status, 201);
    assert.equal((await decide(server, 'short-lived', 'Approved', admin)).status, 200);
    await waitFor(server, `${CSRS}/short-lived`, admin, (a) => certificatePem(a) !== '');
    clock += 540_000;
    await sleep(100);
    assert.equal(await exists('short-lived'), true);
    // The 20-minute window of decided requests has not passed, but the certificate ended after 10 minutes.
    clock += 120_000;
    await gone('short-lived');
  });
});
