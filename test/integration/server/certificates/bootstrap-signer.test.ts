import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { discoverCluster } from '../../../../src/sdk/certificates/discovery.js';
import { verifyClusterInfo } from '../../../../src/sdk/certificates/cluster-info.js';
import { call, waitFor } from './support.js';

const SECRETS = '/api/v1/namespaces/platform-system/secrets';
const CLUSTER_INFO = '/api/v1/namespaces/platform-public/configmaps/cluster-info';

function tokenSecret(id: string, secret: string, data: Record<string, string>): Record<string, unknown> {
  return {
    metadata: { name: `bootstrap-token-${id}`, namespace: 'platform-system' }, type: 'bootstrap.platform.io/token',
    stringData: { 'token-id': id, 'token-secret': secret, ...data },
  };
}

describe('the bootstrap signer', () => {
  let server: TestServer;
  const admin = { token: '' };
  before(async () => {
    server = await startTestServer({
      authorization: { modes: ['RBAC'] },
      authentication: { anonymous: true, enableBootstrapTokenAuth: true },
      certificates: { bootstrapSigner: true },
    });
    admin.token = server.adminToken;
  });
  after(async () => {
    await server.stop();
  });

  function data(a: { body: Record<string, unknown> }): Record<string, string> {
    return (a.body.data ?? {}) as Record<string, string>;
  }

  test('cluster-info holds the clientconfig with the server and CA, readable anonymously', async () => {
    const r = await call(server, 'GET', CLUSTER_INFO);
    assert.equal(r.status, 200, r.text);
    const text = data(r).clientconfig ?? '';
    assert.match(text, new RegExp(`server: ${server.url.replace(/\./g, '\\.')}`));
    assert.match(text, new RegExp(`certificate-authority-data: ${Buffer.from(server.caPem).toString('base64').slice(0, 40)}`));
    // Other configmaps stay private to anonymous users.
    assert.equal((await call(server, 'GET', '/api/v1/namespaces/platform-public/configmaps')).status, 403);
  });

  test('signing tokens get a JWS that verifies; other and expired tokens do not', async () => {
    const expired = new Date(Date.now() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
    // Long enough for a loaded machine to sign it before it expires.
    const soon = new Date(Date.now() + 5000).toISOString().replace(/\.\d+Z$/, 'Z');
    const secrets = [
      tokenSecret('aaaaaa', '0123456789abcdef', { 'usage-bootstrap-signing': 'true' }),
      tokenSecret('bbbbbb', '0123456789abcdef', { 'usage-bootstrap-authentication': 'true' }),
      tokenSecret('cccccc', '0123456789abcdef', { 'usage-bootstrap-signing': 'true', expiration: expired }),
      tokenSecret('dddddd', '0123456789abcdef', { 'usage-bootstrap-signing': 'true', expiration: soon }),
    ];
    for (const s of secrets) assert.equal((await call(server, 'POST', SECRETS, { ...admin, body: s })).status, 201);
    const r = await waitFor(server, CLUSTER_INFO, {}, (a) => data(a)['jws-clientconfig-dddddd'] !== undefined && data(a)['jws-clientconfig-aaaaaa'] !== undefined);
    assert.deepEqual(Object.keys(data(r)).sort(), ['clientconfig', 'jws-clientconfig-aaaaaa', 'jws-clientconfig-dddddd']);
    const info = await verifyClusterInfo(data(r), 'aaaaaa.0123456789abcdef');
    assert.equal(info.server, server.url);
    assert.equal(info.caPem, server.caPem);
    await assert.rejects(verifyClusterInfo(data(r), 'bbbbbb.0123456789abcdef'), /invalid for this cluster or it has expired/);
    // The short-lived token's signature goes once it expires.
    await sleep(Math.max(0, Date.parse(soon) + 1000 - Date.now()));
    await waitFor(server, CLUSTER_INFO, {}, (a) => data(a)['jws-clientconfig-dddddd'] === undefined);
  });

  test('discovery with a token: anonymous read, JWS check, then a CA-pinned read', async () => {
    const info = await discoverCluster({ server: server.url, token: 'aaaaaa.0123456789abcdef' });
    assert.equal(info.caPem, server.caPem);
    await assert.rejects(discoverCluster({ server: server.url, token: 'aaaaaa.ffffffffffffffff' }), /can't trust this API Server/);
  });

  test('removing a token removes its signature; other keys of cluster-info are kept', async () => {
    const cur = await call(server, 'GET', CLUSTER_INFO, admin);
    const body = { ...cur.body, data: { ...data(cur), extra: 'kept' } };
    assert.equal((await call(server, 'PUT', CLUSTER_INFO, { ...admin, body })).status, 200);
    assert.equal((await call(server, 'DELETE', `${SECRETS}/bootstrap-token-aaaaaa`, admin)).status, 200);
    const r = await waitFor(server, CLUSTER_INFO, {}, (a) => data(a)['jws-clientconfig-aaaaaa'] === undefined);
    assert.equal(data(r).extra, 'kept');
  });
});
