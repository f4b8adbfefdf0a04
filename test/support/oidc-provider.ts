/**
 * A small OpenID provider over HTTPS for login tests: discovery, JWKS, an authorization endpoint
 * that redirects straight back with a code (the "user" is always logged in), and a token endpoint
 * with the authorization_code grant (PKCE S256 verified) and the refresh_token grant (rotating
 * refresh tokens). ID tokens are signed RS256 or ES256 with jose.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as jose from 'jose';
import { newKey, nowSeconds, signJwt, type TestKey } from './jwt.js';
import { serverTlsMaterial } from './recording-server.js';

/** Options of {@link startTestOidcProvider}. */
export interface TestOidcProviderOptions {
  clientId: string;
  /** When set, the token endpoint requires it (HTTP Basic or client_secret_post). */
  clientSecret?: string;
  alg?: 'RS256' | 'ES256';
  /** Lifetime of issued ID tokens (default 3600 s; negative issues already-expired tokens). */
  idTokenTtlSeconds?: number;
  /** Claims added to every ID token. */
  claims?: Record<string, unknown>;
}

/** An authorization request as the provider saw it. */
export interface AuthorizationRequestRecord {
  params: URLSearchParams;
}

/** A token request as the provider saw it (form and whether Basic auth was used). */
export interface TokenRequestRecord {
  form: URLSearchParams;
  basicAuth: boolean;
}

interface PendingCode {
  redirectUri: string;
  challenge: string;
  nonce: string | undefined;
  scope: string;
}

/** A running provider. */
export interface TestOidcProvider {
  readonly issuer: string;
  /** PEM of the provider's certificate (trust it as the CA). */
  readonly caPem: string;
  readonly key: TestKey;
  readonly authorizeRequests: AuthorizationRequestRecord[];
  readonly tokenRequests: TokenRequestRecord[];
  /** ID tokens issued, in order. */
  readonly issuedIdTokens: string[];
  /** Changes the lifetime of ID tokens issued from now on. */
  setIdTokenTtl(seconds: number): void;
  /** Makes every outstanding refresh token invalid (as a revoked session). */
  revokeRefreshTokens(): void;
  stop(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const parts: Buffer[] = [];
  for await (const chunk of req) parts.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(parts).toString('utf8'));
}

/** Starts the provider on 127.0.0.1, any port. */
export async function startTestOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  const tls = await serverTlsMaterial();
  const key = newKey(options.alg ?? 'RS256');
  const codes = new Map<string, PendingCode>();
  const refreshTokens = new Map<string, { scope: string }>();
  const authorizeRequests: AuthorizationRequestRecord[] = [];
  const tokenRequests: TokenRequestRecord[] = [];
  const issuedIdTokens: string[] = [];
  let ttl = options.idTokenTtlSeconds ?? 3600;
  let issuer = '';

  const issue = async (nonce: string | undefined, scope: string): Promise<Record<string, unknown>> => {
    const now = nowSeconds();
    const idToken = await signJwt({
      iss: issuer, aud: options.clientId, sub: 'user-1', email: 'jane@example.com', groups: ['developers'],
      iat: now, exp: now + ttl, ...(nonce === undefined ? {} : { nonce }), ...options.claims,
    }, key);
    issuedIdTokens.push(idToken);
    const refreshToken = randomBytes(24).toString('base64url');
    refreshTokens.set(refreshToken, { scope });
    return { id_token: idToken, access_token: randomBytes(16).toString('base64url'), token_type: 'Bearer', expires_in: ttl, refresh_token: refreshToken, scope };
  };

  const clientAuthenticated = (req: IncomingMessage, form: URLSearchParams): { ok: boolean; basic: boolean } => {
    const header = req.headers.authorization;
    if (header?.startsWith('Basic ') === true) {
      const [id, secret] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':').map((s) => decodeURIComponent(s));
      return { ok: id === options.clientId && (options.clientSecret === undefined || secret === options.clientSecret), basic: true };
    }
    if (form.get('client_id') !== options.clientId) return { ok: false, basic: false };
    return { ok: options.clientSecret === undefined || form.get('client_secret') === options.clientSecret, basic: false };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/.well-known/openid-configuration') {
      json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/keys`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: [key.alg],
        code_challenge_methods_supported: ['S256'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
      });
      return;
    }
    if (url.pathname === '/keys') {
      const jwk = await jose.exportJWK(key.publicKey);
      json(res, 200, { keys: [{ ...jwk, kid: key.kid, alg: key.alg, use: 'sig' }] });
      return;
    }
    if (url.pathname === '/authorize') {
      const p = url.searchParams;
      authorizeRequests.push({ params: new URLSearchParams(p) });
      const redirectUri = p.get('redirect_uri') ?? '';
      const valid = p.get('response_type') === 'code' && p.get('client_id') === options.clientId && /^http:\/\/127\.0\.0\.1:\d+\//.test(redirectUri)
        && p.get('code_challenge_method') === 'S256' && (p.get('code_challenge') ?? '').length >= 43 && (p.get('scope') ?? '').split(' ').includes('openid');
      if (!valid) {
        json(res, 400, { error: 'invalid_request' });
        return;
      }
      const code = randomBytes(16).toString('base64url');
      codes.set(code, { redirectUri, challenge: p.get('code_challenge') ?? '', nonce: p.get('nonce') ?? undefined, scope: p.get('scope') ?? '' });
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      const state = p.get('state');
      if (state !== null) target.searchParams.set('state', state);
      res.writeHead(302, { location: target.toString() });
      res.end();
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = await readForm(req);
      const auth = clientAuthenticated(req, form);
      tokenRequests.push({ form, basicAuth: auth.basic });
      if (!auth.ok) {
        json(res, 401, { error: 'invalid_client' });
        return;
      }
      const grant = form.get('grant_type');
      if (grant === 'authorization_code') {
        const pending = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (pending === undefined || pending.redirectUri !== form.get('redirect_uri') || challenge !== pending.challenge) {
          json(res, 400, { error: 'invalid_grant', error_description: 'bad code, redirect_uri or code_verifier' });
          return;
        }
        json(res, 200, await issue(pending.nonce, pending.scope));
        return;
      }
      if (grant === 'refresh_token') {
        const token = form.get('refresh_token') ?? '';
        const entry = refreshTokens.get(token);
        if (entry === undefined) {
          json(res, 400, { error: 'invalid_grant', error_description: 'unknown refresh token' });
          return;
        }
        refreshTokens.delete(token);
        json(res, 200, await issue(undefined, entry.scope));
        return;
      }
      json(res, 400, { error: 'unsupported_grant_type' });
      return;
    }
    res.writeHead(404);
    res.end();
  };

  const server: Server = createServer({ key: tls.keyPem, cert: tls.certPem }, (req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (address === null || typeof address !== 'object') throw new Error('no address');
  issuer = `https://127.0.0.1:${address.port}`;
  return {
    issuer,
    caPem: tls.certPem,
    key,
    authorizeRequests,
    tokenRequests,
    issuedIdTokens,
    setIdTokenTtl(seconds) {
      ttl = seconds;
    },
    revokeRefreshTokens() {
      refreshTokens.clear();
    },
    stop: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}

/** Follows an authorization URL as a browser would: GET it and GET the redirect it answers with. */
export async function followAuthorizationUrl(url: string, caPem: string): Promise<boolean> {
  const https = await import('node:https');
  const http = await import('node:http');
  const location = await new Promise<string | undefined>((resolve, reject) => {
    https.get(url, { ca: caPem }, (res) => {
      res.resume();
      resolve(res.statusCode === 302 ? res.headers.location : undefined);
    }).on('error', reject);
  });
  if (location === undefined) return false;
  return new Promise<boolean>((resolve, reject) => {
    http.get(location, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    }).on('error', reject);
  });
}
