import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { decodeJwt } from 'jose';
import type { CredentialStore } from '../../../../../src/sdk/auth/credential-store/types.js';
import { FileCredentialStore } from '../../../../../src/sdk/auth/credential-store/file-store.js';
import { discoverProvider } from '../../../../../src/sdk/auth/oidc/discovery.js';
import { getValidIdToken, LoginRequiredError } from '../../../../../src/sdk/auth/oidc/id-token-source.js';
import { checkIdTokenClaims, isExpired } from '../../../../../src/sdk/auth/oidc/id-token.js';
import { loginWithBrowser } from '../../../../../src/sdk/auth/oidc/login-flow.js';
import { startLoopbackReceiver } from '../../../../../src/sdk/auth/oidc/loopback.js';
import { createPkce, s256Challenge } from '../../../../../src/sdk/auth/oidc/pkce.js';
import type { OidcSettings } from '../../../../../src/sdk/auth/oidc/settings.js';
import { loadTokens, saveTokens } from '../../../../../src/sdk/auth/oidc/stored-tokens.js';
import { ProtocolError } from '../../../../../src/sdk/errors.js';
import { followAuthorizationUrl, startTestOidcProvider, type TestOidcProvider } from '../../../../support/oidc-provider.js';

let provider: TestOidcProvider;
let dir: string;

before(async () => {
  provider = await startTestOidcProvider({ clientId: 'cli', alg: 'ES256' });
  dir = await mkdtemp(join(tmpdir(), 'oidc-client-'));
});
after(async () => {
  await provider.stop();
  await rm(dir, { recursive: true, force: true });
});

function settings(extra: Partial<OidcSettings> = {}): OidcSettings {
  return { issuer: provider.issuer, clientId: 'cli', extraScopes: ['email'], http: { caPem: provider.caPem }, ...extra };
}

test('PKCE S256 matches the RFC 7636 example, and fresh verifiers are 43 URL-safe characters', () => {
  assert.equal(s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'), 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  const pkce = createPkce();
  assert.match(pkce.verifier, /^[A-Za-z0-9_-]{43}$/);
  assert.equal(pkce.challenge, s256Challenge(pkce.verifier));
  assert.notEqual(createPkce().verifier, pkce.verifier);
});

test('discovery reads the endpoints and rejects a provider that claims another issuer', async () => {
  const meta = await discoverProvider(`${provider.issuer}/`, { caPem: provider.caPem });
  assert.equal(meta.token_endpoint, `${provider.issuer}/token`);
  await assert.rejects(discoverProvider(provider.issuer.replace('127.0.0.1', 'localhost'), { caPem: provider.caPem }), (err: unknown) => err instanceof ProtocolError && /says its issuer is/.test(err.message));
  // The provider's CA is needed: the system roots do not trust it.
  await assert.rejects(discoverProvider(provider.issuer, {}), /^PlatformError: cannot reach the OIDC issuer https:\/\/127\.0\.0\.1:\d+: Get "https:\/\/127\.0\.0\.1:\d+\/\.well-known\/openid-configuration": tls: failed to verify certificate: x509: certificate signed by unknown authority$/);
});

test('the browser login sends PKCE, state and nonce and returns checked tokens', async () => {
  const urls: string[] = [];
  const tokens = await loginWithBrowser(settings(), {
    openUrl: async (url) => {
      urls.push(url);
      return followAuthorizationUrl(url, provider.caPem);
    },
    timeoutMs: 10_000,
  });
  const auth = provider.authorizeRequests.at(-1)?.params;
  assert.ok(auth !== undefined);
  assert.equal(auth.get('code_challenge_method'), 'S256');
  assert.equal(auth.get('scope'), 'openid email');
  assert.match(auth.get('redirect_uri') ?? '', /^http:\/\/127\.0\.0\.1:\d+\/callback$/);
  assert.ok((auth.get('state') ?? '').length >= 16);
  const exchange = provider.tokenRequests.at(-1)?.form;
  assert.equal(exchange?.get('grant_type'), 'authorization_code');
  assert.equal(s256Challenge(exchange?.get('code_verifier') ?? ''), auth.get('code_challenge'));
  const claims = decodeJwt(tokens.idToken);
  assert.equal(claims.nonce, auth.get('nonce'));
  assert.equal(tokens.idToken, provider.issuedIdTokens.at(-1));
  assert.ok(tokens.refreshToken !== undefined);
  assert.equal(urls.length, 1);
});

test('the loopback receiver ignores a redirect with a foreign state and reports an error redirect', async () => {
  const receiver = await startLoopbackReceiver();
  try {
    const get = (query: string): Promise<number> => new Promise((resolve, reject) => {
      request(`${receiver.redirectUri}?${query}`, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on('error', reject).end();
    });
    const waiting = receiver.wait({ state: 'good', timeoutMs: 5000 });
    assert.equal(await get('code=stolen&state=forged'), 400);
    assert.equal(await get('code=abc&state=good'), 200);
    assert.deepEqual(await waiting, { code: 'abc' });
    const failing = assert.rejects(receiver.wait({ state: 's2', timeoutMs: 5000 }), /authorization failed: access_denied: nope/);
    assert.equal(await get('error=access_denied&error_description=nope&state=s2'), 400);
    await failing;
    await assert.rejects(receiver.wait({ state: 's3', timeoutMs: 50 }), /no authorization response arrived/);
  } finally {
    await receiver.close();
  }
});

test('ID-token checks: issuer, audience, nonce, expiry with skew', () => {
  const now = 1_700_000_000_000;
  assert.equal(isExpired({ exp: now / 1000 + 5 }, now), true);
  assert.equal(isExpired({ exp: now / 1000 + 60 }, now), false);
  assert.throws(() => checkIdTokenClaims({ iss: 'https://other', aud: 'cli' }, { issuer: 'https://x', clientId: 'cli' }), /issuer/);
  assert.throws(() => checkIdTokenClaims({ iss: 'https://x', aud: ['a', 'b'] }, { issuer: 'https://x/', clientId: 'cli' }), /not for client "cli"/);
  assert.throws(() => checkIdTokenClaims({ iss: 'https://x', aud: 'cli', nonce: 'n1' }, { issuer: 'https://x', clientId: 'cli', nonce: 'n2' }), /nonce/);
  checkIdTokenClaims({ iss: 'https://x/', aud: ['cli'] }, { issuer: 'https://x', clientId: 'cli' });
});

test('a stored fresh token is returned as it is; an expired one is refreshed and stored; no login is a clear error', async () => {
  const store = new FileCredentialStore(join(dir, 'creds.json'));
  await assert.rejects(getValidIdToken(settings(), store, Date.now()), (err: unknown) => err instanceof LoginRequiredError
    && err.message.includes(`run "platformctl login oidc --issuer ${provider.issuer} --client-id cli" first`));

  provider.setIdTokenTtl(3600);
  const first = await loginWithBrowser(settings(), { openUrl: (url) => followAuthorizationUrl(url, provider.caPem) });
  await saveTokens(store, settings(), { idToken: first.idToken, ...(first.refreshToken === undefined ? {} : { refreshToken: first.refreshToken }) });
  const fresh = await getValidIdToken(settings(), store, Date.now());
  assert.equal(fresh.idToken, first.idToken);
  assert.equal(fresh.refreshed, false);
  assert.ok((fresh.expiresAt ?? 0) > Date.now());

  // An hour and a minute later the token has expired: the refresh token gets a new one.
  const later = Date.now() + 3660_000;
  const refreshed = await getValidIdToken(settings(), store, later);
  assert.equal(refreshed.refreshed, true);
  assert.notEqual(refreshed.idToken, first.idToken);
  assert.equal(provider.tokenRequests.at(-1)?.form.get('grant_type'), 'refresh_token');
  assert.equal(provider.tokenRequests.at(-1)?.form.get('refresh_token'), first.refreshToken);
  const stored = await loadTokens(store, settings());
  assert.equal(stored?.idToken, refreshed.idToken);
  assert.notEqual(stored?.refreshToken, first.refreshToken);

  // A revoked session: the refresh is rejected and the user is told to log in again.
  provider.revokeRefreshTokens();
  await assert.rejects(getValidIdToken(settings(), store, later + 3660_000), (err: unknown) => err instanceof LoginRequiredError && /invalid_grant/.test(err.message));
});

test('a confidential client authenticates with HTTP Basic', async () => {
  const confidential = await startTestOidcProvider({ clientId: 'app', clientSecret: 's3cr:et' });
  try {
    const s: OidcSettings = { issuer: confidential.issuer, clientId: 'app', clientSecret: 's3cr:et', http: { caPem: confidential.caPem } };
    await loginWithBrowser(s, { openUrl: (url) => followAuthorizationUrl(url, confidential.caPem) });
    assert.equal(confidential.tokenRequests.at(-1)?.basicAuth, true);
    await assert.rejects(loginWithBrowser({ ...s, clientSecret: 'wrong' }, { openUrl: (url) => followAuthorizationUrl(url, confidential.caPem) }), /invalid_client/);
  } finally {
    await confidential.stop();
  }
});

test('a refresh that lost the race to another process uses the tokens that process stored', async () => {
  const store = new FileCredentialStore(join(dir, 'race.json'));
  // A login whose ID token is already within the expiry skew.
  provider.setIdTokenTtl(5);
  const first = await loginWithBrowser(settings(), { openUrl: (url) => followAuthorizationUrl(url, provider.caPem) });
  provider.setIdTokenTtl(3600);
  const firstTokens = { idToken: first.idToken, ...(first.refreshToken === undefined ? {} : { refreshToken: first.refreshToken }) };
  await saveTokens(store, settings(), firstTokens);
  // "This process" reads the store before "the other process" writes to it.
  let stale = true;
  const racing: CredentialStore = {
    kind: store.kind,
    location: store.location,
    get: async (service, account) => {
      if (!stale) return store.get(service, account);
      stale = false;
      return JSON.stringify(firstTokens);
    },
    set: (service, account, secret) => store.set(service, account, secret),
    delete: (service, account) => store.delete(service, account),
  };
  const winner = await getValidIdToken(settings(), store, Date.now());
  assert.equal(winner.refreshed, true);
  // Our refresh spends an already-spent refresh token (invalid_grant), then finds the winner's tokens.
  const loser = await getValidIdToken(settings(), racing, Date.now());
  assert.equal(loser.idToken, winner.idToken);
  assert.equal(loser.refreshed, false);
  assert.equal(provider.tokenRequests.at(-1)?.form.get('refresh_token'), first.refreshToken);
});
