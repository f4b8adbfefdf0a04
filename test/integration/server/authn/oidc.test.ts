import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { newKey, nowSeconds, signJwt, startOidcProvider, type OidcProvider } from '../../../support/jwt.js';
import { whoami } from './helpers.js';

describe('OpenID Connect ID tokens', () => {
  let provider: OidcProvider;
  let server: TestServer;
  let bySub: TestServer;
  let unprefixed: TestServer;
  const good = { sub: 'u1', email: 'jane@example.com', email_verified: true, groups: ['dev', 'ops'], hd: 'example.com' };
  before(async () => {
    provider = await startOidcProvider('platform');
    const base = { issuerURL: provider.issuer, clientID: 'platform', caPem: provider.caPem };
    server = await startTestServer({
      authentication: { oidc: { ...base, usernameClaim: 'email', groupsClaim: 'groups', groupsPrefix: 'oidc:', requiredClaims: { hd: 'example.com' } } },
    });
    bySub = await startTestServer({ authentication: { oidc: base } });
    unprefixed = await startTestServer({ authentication: { oidc: { ...base, usernamePrefix: '-', groupsClaim: 'groups' } } });
  });
  after(async () => {
    await server.stop();
    await bySub.stop();
    await unprefixed.stop();
    await provider.stop();
  });

  test('a valid ID token authenticates by the username and groups claims with their prefixes', async () => {
    const r = await whoami(server, { token: await provider.idToken(good) });
    assert.equal(r.status, 201);
    assert.deepEqual(r.user, { username: 'jane@example.com', groups: ['oidc:dev', 'oidc:ops', 'system:authenticated'] });
  });

  test('claims other than email are prefixed with the issuer unless the prefix is "-"', async () => {
    assert.equal((await whoami(bySub, { token: await provider.idToken(good) })).user.username, `${provider.issuer}#u1`);
    const r = await whoami(unprefixed, { token: await provider.idToken({ sub: 'u1', groups: 'solo' }) });
    assert.deepEqual(r.user, { username: 'u1', groups: ['solo', 'system:authenticated'] });
  });

  test('wrong issuer, wrong audience, missing required claim, bad signature, expired, unverified email: 401', async () => {
    const now = nowSeconds();
    const cases: Record<string, string> = {
      issuer: await signJwt({ ...good, iss: 'https://127.0.0.1:1', aud: 'platform', exp: now + 600 }, provider.key),
      audience: await provider.idToken({ ...good, aud: 'someone-else' }),
      required: await provider.idToken({ ...good, hd: 'evil.com' }),
      missing: await provider.idToken({ sub: 'u1', email: 'jane@example.com', email_verified: true }),
      signature: await provider.idToken(good, { ...newKey('RS256'), kid: provider.key.kid }),
      expired: await provider.idToken({ ...good, iat: now - 7200, exp: now - 3600 }),
      unverified: await provider.idToken({ ...good, email_verified: false }),
    };
    for (const [name, token] of Object.entries(cases)) assert.equal((await whoami(server, { token })).status, 401, name);
  });

  test('the provider is not contacted per request; an unknown key id refreshes the keys', async () => {
    const discovery = provider.hits.get('/.well-known/openid-configuration') ?? 0;
    const keys = provider.hits.get('/keys') ?? 0;
    for (let i = 0; i < 5; i++) assert.equal((await whoami(server, { token: await provider.idToken(good) })).status, 201);
    assert.equal(provider.hits.get('/.well-known/openid-configuration'), discovery);
    assert.equal(provider.hits.get('/keys'), keys);
    await sleep(1100);
    provider.rotate();
    assert.equal((await whoami(server, { token: await provider.idToken(good) })).status, 201);
    assert.equal(provider.hits.get('/keys'), keys + 1);
  });
});
