import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { newKey, nowSeconds, privatePem, publicPem, signJwt, type TestKey } from '../../../support/jwt.js';
import { call, tempDir, whoami } from './helpers.js';

const ISSUER = 'https://platform.default.svc.cluster.local';
const SA_GROUPS = ['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated'];

describe('service-account tokens', () => {
  let server: TestServer;
  let key: TestKey;
  let verifyOnly: TestKey;
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let saUid = '';
  const admin = { token: '' };

  async function tokenRequest(name: string, spec: Record<string, unknown> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
    return call(server, 'POST', `/api/v1/namespaces/default/serviceaccounts/${name}/token`, {
      ...admin, body: { apiVersion: 'authentication.platform.io/v1', kind: 'TokenRequest', spec },
    });
  }
  async function tokenOf(name: string, spec: Record<string, unknown> = {}): Promise<string> {
    const r = await tokenRequest(name, spec);
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return String((r.body.status as { token: string }).token);
  }
  async function createAccount(name: string): Promise<string> {
    const r = await call(server, 'POST', '/api/v1/namespaces/default/serviceaccounts', { ...admin, body: { metadata: { name } } });
    assert.equal(r.status, 201, r.text);
    return String((r.body.metadata as { uid: string }).uid);
  }
  function claims(extra: Record<string, unknown> = {}): Record<string, unknown> {
    const now = nowSeconds();
    return {
      iss: ISSUER, aud: [ISSUER], sub: 'system:serviceaccount:default:builder', iat: now, nbf: now, exp: now + 600,
      'platform.io': { namespace: 'default', serviceaccount: { name: 'builder', uid: saUid } }, ...extra,
    };
  }

  before(async () => {
    tmp = await tempDir();
    key = newKey('ES256');
    const keyFile = join(tmp.dir, 'sa.key');
    await writeFile(keyFile, privatePem(key));
    verifyOnly = newKey('RS256');
    const pubFile = join(tmp.dir, 'verify.pub');
    await writeFile(pubFile, publicPem(verifyOnly));
    server = await startTestServer({ authentication: { serviceAccounts: { signingKeyFile: keyFile, keyFiles: [pubFile] } } });
    admin.token = server.adminToken;
    saUid = await createAccount('builder');
  });
  after(async () => {
    await server.stop();
    await tmp.remove();
  });

  test('TokenRequest issues a bound token that authenticates as the account', async () => {
    const before = Date.now();
    const r = await tokenRequest('builder');
    assert.equal(r.status, 201);
    assert.equal(r.body.kind, 'TokenRequest');
    assert.deepEqual(r.body.spec, { audiences: [ISSUER], expirationSeconds: 3600, boundObjectRef: null });
    const status = r.body.status as { token: string; expirationTimestamp: string };
    const exp = Date.parse(status.expirationTimestamp);
    assert.ok(exp >= Math.floor(before / 1000) * 1000 + 3600_000 && exp <= Date.now() + 3601_000);
    const header = JSON.parse(Buffer.from(status.token.split('.')[0] ?? '', 'base64url').toString()) as { alg: string };
    assert.equal(header.alg, 'ES256');
    const me = await whoami(server, { token: status.token });
    assert.equal(me.status, 201);
    assert.equal(me.user.username, 'system:serviceaccount:default:builder');
    assert.equal(me.user.uid, saUid);
    assert.deepEqual(me.user.groups, SA_GROUPS);
    assert.match(String((me.user.extra as Record<string, string[]>)['authentication.platform.io/credential-id']?.[0]), /^JTI=/);
  });

  test('TokenRequest validation: minimum duration, missing account', async () => {
    const short = await tokenRequest('builder', { expirationSeconds: 10 });
    assert.equal(short.status, 422);
    assert.equal(short.body.message, 'TokenRequest.authentication.platform.io "builder" is invalid: spec.expirationSeconds: Invalid value: 10: may not specify a duration less than 10 minutes');
    assert.equal((await tokenRequest('ghost')).status, 404);
    assert.equal((await tokenRequest('builder', { expirationSeconds: 600 })).status, 201);
  });

  test('audiences: a token for another audience is refused by the API but reviewable for that audience', async () => {
    const token = await tokenOf('builder', { audiences: ['vault'] });
    assert.equal((await whoami(server, { token })).status, 401);
    const review = await call(server, 'POST', '/apis/authentication.platform.io/v1/tokenreviews', {
      ...admin, body: { apiVersion: 'authentication.platform.io/v1', kind: 'TokenReview', spec: { token, audiences: ['vault', 'other'] } },
    });
    const st = review.body.status as { authenticated: boolean; audiences: string[]; user: { username: string } };
    assert.equal(st.authenticated, true);
    assert.deepEqual(st.audiences, ['vault']);
    assert.equal(st.user.username, 'system:serviceaccount:default:builder');
  });

  test('expired, wrong issuer, wrong audience and bad signature are 401', async () => {
    assert.equal((await whoami(server, { token: await signJwt(claims(), key) })).status, 201);
    // --service-account-key-file keys verify tokens signed elsewhere.
    assert.equal((await whoami(server, { token: await signJwt(claims(), verifyOnly) })).status, 201);
    const now = nowSeconds();
    const expired = await signJwt(claims({ iat: now - 7200, nbf: now - 7200, exp: now - 3600 }), key);
    assert.equal((await whoami(server, { token: expired })).status, 401);
    const review = await call(server, 'POST', '/apis/authentication.platform.io/v1/tokenreviews', {
      ...admin, body: { apiVersion: 'authentication.platform.io/v1', kind: 'TokenReview', spec: { token: expired } },
    });
    assert.deepEqual(review.body.status, { user: {}, error: 'service account token has expired' });
    assert.equal((await whoami(server, { token: await signJwt(claims({ iss: 'https://elsewhere' }), key) })).status, 401);
    assert.equal((await whoami(server, { token: await signJwt(claims({ aud: ['someone-else'] }), key) })).status, 401);
    assert.equal((await whoami(server, { token: await signJwt(claims(), newKey('ES256')) })).status, 401);
    const token = await tokenOf('builder');
    const [h, p] = token.split('.');
    assert.equal((await whoami(server, { token: `${h}.${p}.${Buffer.from('forged').toString('base64url')}` })).status, 401);
  });

  test('a token bound to a secret dies with the secret; an account token dies with the account', async () => {
    await createAccount('temp');
    const sec = await call(server, 'POST', '/api/v1/namespaces/default/secrets', { ...admin, body: { metadata: { name: 'anchor' } } });
    const boundToken = await tokenOf('temp', { boundObjectRef: { kind: 'Secret', apiVersion: 'v1', name: 'anchor' } });
    const accountToken = await tokenOf('temp');
    assert.equal((await whoami(server, { token: boundToken })).status, 201);
    const wrongUid = await tokenRequest('temp', { boundObjectRef: { kind: 'Secret', apiVersion: 'v1', name: 'anchor', uid: 'not-it' } });
    assert.equal(wrongUid.status, 409);
    assert.equal(sec.status, 201);
    await call(server, 'DELETE', '/api/v1/namespaces/default/secrets/anchor', admin);
    assert.equal((await whoami(server, { token: boundToken })).status, 401);
    assert.equal((await whoami(server, { token: accountToken })).status, 201);
    await call(server, 'DELETE', '/api/v1/namespaces/default/serviceaccounts/temp', admin);
    assert.equal((await whoami(server, { token: accountToken })).status, 401);
  });

  test('a token bound to a pod carries the pod in its claims and user extra, and dies with the pod', async () => {
    const pod = await call(server, 'POST', '/api/v1/namespaces/default/pods', {
      ...admin, body: { metadata: { name: 'runner' }, spec: { serviceAccountName: 'builder', containers: [{ name: 'c', image: 'busybox' }] } },
    });
    assert.equal(pod.status, 201, pod.text);
    const podUid = String((pod.body.metadata as { uid: string }).uid);
    const r = await tokenRequest('builder', { boundObjectRef: { kind: 'Pod', apiVersion: 'v1', name: 'runner' } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.deepEqual((r.body.spec as { boundObjectRef: unknown }).boundObjectRef, { kind: 'Pod', apiVersion: 'v1', name: 'runner', uid: podUid });
    const token = String((r.body.status as { token: string }).token);
    const claimsOf = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, { pod?: unknown }>;
    assert.deepEqual(claimsOf['platform.io']?.pod, { name: 'runner', uid: podUid });
    const me = await whoami(server, { token });
    const extra = me.user.extra as Record<string, string[]>;
    assert.deepEqual(extra['authentication.platform.io/pod-name'], ['runner']);
    assert.deepEqual(extra['authentication.platform.io/pod-uid'], [podUid]);
    const otherAccount = await tokenRequest('temp-missing', { boundObjectRef: { kind: 'Pod', apiVersion: 'v1', name: 'runner' } });
    assert.equal(otherAccount.status, 404);
    const unsupported = await tokenRequest('builder', { boundObjectRef: { kind: 'ConfigMap', apiVersion: 'v1', name: 'x' } });
    assert.equal(unsupported.status, 400);
    await call(server, 'DELETE', '/api/v1/namespaces/default/pods/runner?gracePeriodSeconds=0', admin);
    assert.equal((await whoami(server, { token })).status, 401);
  });

  test('the token controller fills legacy token secrets, which authenticate until deleted', async () => {
    await createAccount('legacy');
    const created = await call(server, 'POST', '/api/v1/namespaces/default/secrets', {
      ...admin, body: { metadata: { name: 'legacy-token', annotations: { 'platform.io/service-account.name': 'legacy' } }, type: 'platform.io/service-account-token' },
    });
    assert.equal(created.status, 201, created.text);
    await server.settle();
    const secret = await call(server, 'GET', '/api/v1/namespaces/default/secrets/legacy-token', admin);
    const data = secret.body.data as Record<string, string>;
    assert.equal(Buffer.from(data.namespace ?? '', 'base64').toString(), 'default');
    assert.equal(Buffer.from(data['ca.crt'] ?? '', 'base64').toString(), server.caPem);
    const annotations = (secret.body.metadata as { annotations: Record<string, string> }).annotations;
    assert.ok((annotations['platform.io/service-account.uid'] ?? '') !== '');
    const token = Buffer.from(data.token ?? '', 'base64').toString();
    const claimsOf = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    assert.equal(claimsOf.iss, 'platform/serviceaccount');
    assert.equal(claimsOf['platform.io/serviceaccount/secret.name'], 'legacy-token');
    const me = await whoami(server, { token });
    assert.equal(me.user.username, 'system:serviceaccount:default:legacy');
    const listed = await call(server, 'PATCH', '/api/v1/namespaces/default/serviceaccounts/legacy', {
      ...admin, headers: { 'Content-Type': 'application/merge-patch+json' }, body: { secrets: [{ name: 'legacy-token' }, { name: 'kept' }] },
    });
    assert.equal(listed.status, 200, listed.text);
    await call(server, 'DELETE', '/api/v1/namespaces/default/secrets/legacy-token', admin);
    assert.equal((await whoami(server, { token })).status, 401);
    await server.settle();
    const account = await call(server, 'GET', '/api/v1/namespaces/default/serviceaccounts/legacy', admin);
    assert.deepEqual(account.body.secrets, [{ name: 'kept' }]);
  });

  test('deleting an account deletes its token secrets', async () => {
    await createAccount('short-lived');
    await call(server, 'POST', '/api/v1/namespaces/default/secrets', {
      ...admin, body: { metadata: { name: 'short-lived-token', annotations: { 'platform.io/service-account.name': 'short-lived' } }, type: 'platform.io/service-account-token' },
    });
    await server.settle();
    assert.equal((await call(server, 'GET', '/api/v1/namespaces/default/secrets/short-lived-token', admin)).status, 200);
    await call(server, 'DELETE', '/api/v1/namespaces/default/serviceaccounts/short-lived', admin);
    await server.settle();
    assert.equal((await call(server, 'GET', '/api/v1/namespaces/default/secrets/short-lived-token', admin)).status, 404);
  });
});

describe('service-account signing key in the data directory', () => {
  test('is generated on first start (0600) and reused, so tokens survive a restart', async () => {
    const tmp = await tempDir();
    try {
      let server = await startTestServer({ dataDir: tmp.dir });
      const admin = { token: server.adminToken };
      await call(server, 'POST', '/api/v1/namespaces/default/serviceaccounts', { ...admin, body: { metadata: { name: 'keeper' } } });
      const r = await call(server, 'POST', '/api/v1/namespaces/default/serviceaccounts/keeper/token', { ...admin, body: { spec: {} } });
      const token = String((r.body.status as { token: string }).token);
      assert.equal((await stat(join(tmp.dir, 'sa.key'))).mode & 0o777, 0o600);
      await server.stop();
      server = await startTestServer({ dataDir: tmp.dir });
      try {
        assert.equal((await whoami(server, { token })).user.username, 'system:serviceaccount:default:keeper');
      } finally {
        await server.stop();
      }
    } finally {
      await tmp.remove();
    }
  });
});
