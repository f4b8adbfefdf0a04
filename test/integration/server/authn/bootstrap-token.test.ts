import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { call, whoami } from './helpers.js';

const SECRETS = '/api/v1/namespaces/platform-system/secrets';

function tokenSecret(id: string, secret: string, data: Record<string, string> = {}): Record<string, unknown> {
  return {
    metadata: { name: `bootstrap-token-${id}`, namespace: 'platform-system' }, type: 'bootstrap.platform.io/token',
    stringData: { 'token-id': id, 'token-secret': secret, 'usage-bootstrap-authentication': 'true', ...data },
  };
}

describe('bootstrap tokens', () => {
  let server: TestServer;
  let disabled: TestServer;
  const admin = { token: '' };
  async function create(id: string, secret: string, data: Record<string, string> = {}): Promise<void> {
    const r = await call(server, 'POST', SECRETS, { ...admin, body: tokenSecret(id, secret, data) });
    assert.equal(r.status, 201, r.text);
  }
  before(async () => {
    server = await startTestServer({ authentication: { enableBootstrapTokenAuth: true, tokenCleanerIntervalMs: 200 } });
    disabled = await startTestServer();
    admin.token = server.adminToken;
  });
  after(async () => {
    await server.stop();
    await disabled.stop();
  });

  test('a valid token authenticates as system:bootstrap:<id> with its extra groups', async () => {
    await create('abcdef', '0123456789abcdef', { 'auth-extra-groups': 'system:bootstrappers:kubeadm:default-node-token', description: 'join' });
    const r = await whoami(server, { token: 'abcdef.0123456789abcdef' });
    assert.equal(r.status, 201);
    assert.deepEqual(r.user, {
      username: 'system:bootstrap:abcdef', groups: ['system:bootstrappers', 'system:bootstrappers:kubeadm:default-node-token', 'system:authenticated'],
    });
    assert.equal((await whoami(server, { token: 'abcdef.0123456789abcdee' })).status, 401);
  });

  test('without --enable-bootstrap-token-auth the token is not accepted', async () => {
    const r = await call(disabled, 'POST', SECRETS, { token: disabled.adminToken, body: tokenSecret('zzzzzz', '0123456789abcdef') });
    assert.equal(r.status, 201);
    assert.equal((await whoami(disabled, { token: 'zzzzzz.0123456789abcdef' })).status, 401);
  });

  test('revoked (secret deleted), not for authentication, bad extra groups: 401', async () => {
    await create('revokd', 'aaaaaaaaaaaaaaaa');
    assert.equal((await whoami(server, { token: 'revokd.aaaaaaaaaaaaaaaa' })).status, 201);
    await call(server, 'DELETE', `${SECRETS}/bootstrap-token-revokd`, admin);
    assert.equal((await whoami(server, { token: 'revokd.aaaaaaaaaaaaaaaa' })).status, 401);
    await create('nouse1', 'bbbbbbbbbbbbbbbb', { 'usage-bootstrap-authentication': 'false' });
    assert.equal((await whoami(server, { token: 'nouse1.bbbbbbbbbbbbbbbb' })).status, 401);
    await create('badgrp', 'cccccccccccccccc', { 'auth-extra-groups': 'system:masters' });
    assert.equal((await whoami(server, { token: 'badgrp.cccccccccccccccc' })).status, 401);
  });

  test('an expired token is refused and the token cleaner deletes it', async () => {
    await create('expird', 'dddddddddddddddd', { expiration: new Date(Date.now() - 1000).toISOString().replace(/\.\d+Z$/, 'Z') });
    assert.equal((await whoami(server, { token: 'expird.dddddddddddddddd' })).status, 401);
    await server.settle();
    assert.equal((await call(server, 'GET', `${SECRETS}/bootstrap-token-expird`, admin)).status, 404);
  });

  test('a token expiring soon works until its expiration, then is cleaned up', async () => {
    const expiration = new Date(Math.ceil((Date.now() + 2000) / 1000) * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
    await create('soonxx', 'eeeeeeeeeeeeeeee', { expiration });
    assert.equal((await whoami(server, { token: 'soonxx.eeeeeeeeeeeeeeee' })).status, 201);
    const deadline = Date.now() + 8000;
    let status = 200;
    while (Date.now() < deadline && status !== 404) {
      await sleep(100);
      status = (await call(server, 'GET', `${SECRETS}/bootstrap-token-soonxx`, admin)).status;
    }
    assert.equal(status, 404);
    assert.ok(Date.now() >= Date.parse(expiration));
    assert.equal((await whoami(server, { token: 'soonxx.eeeeeeeeeeeeeeee' })).status, 401);
  });
});
