/**
 * JWTs for authentication tests: key pairs, signing arbitrary claims with jose, and a small
 * OpenID provider over HTTPS (discovery and JWKS, key rotation, request counting).
 */
import { createServer, type Server } from 'node:https';
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as jose from 'jose';
import { generateTlsMaterial } from '../../src/server/tls/certificates.js';

/** A signing key for tests. */
export interface TestKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  alg: 'RS256' | 'ES256';
  kid: string;
}

/** Pre-generated RSA keys (generating one takes up to a second here). */
const RSA_FIXTURES = ['rsa-1.pem', 'rsa-2.pem', 'rsa-3.pem', 'rsa-4.pem'].map((f) => new URL(`../../../test/fixtures/authn/${f}`, import.meta.url));
let nextRsa = 0;

function rsaPair(): { privateKey: KeyObject; publicKey: KeyObject } {
  const url = RSA_FIXTURES[nextRsa++ % RSA_FIXTURES.length];
  if (url === undefined) throw new Error('no RSA fixtures');
  const privateKey = createPrivateKey(readFileSync(url, 'utf8'));
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

/** A key pair (RSA 2048 for RS256, from a rotating set of fixtures; a fresh P-256 for ES256). */
export function newKey(alg: 'RS256' | 'ES256' = 'RS256'): TestKey {
  const pair = alg === 'RS256' ? rsaPair() : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { ...pair, alg, kid: randomBytes(8).toString('hex') };
}

/** The private key as PKCS#8 PEM. */
export function privatePem(key: TestKey): string {
  return key.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** The public key as SPKI PEM. */
export function publicPem(key: TestKey): string {
  return key.publicKey.export({ type: 'spki', format: 'pem' }).toString();
}

/** Signs claims as a compact JWS with the key (its kid in the header unless `kid` is given). */
export async function signJwt(claims: Record<string, unknown>, key: TestKey, kid: string | undefined = key.kid): Promise<string> {
  return new jose.CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
    .setProtectedHeader({ alg: key.alg, ...(kid !== undefined ? { kid } : {}) })
    .sign(key.privateKey);
}

/** Seconds since the epoch. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** A running OpenID provider. */
export interface OidcProvider {
  issuer: string;
  caPem: string;
  /** The current signing key. */
  key: TestKey;
  /** Requests served per path. */
  hits: Map<string, number>;
  /** An ID token with standard claims (iss, aud, exp in 1 hour, iat) plus `claims`. */
  idToken(claims: Record<string, unknown>, key?: TestKey): Promise<string>;
  /** Replaces the published key with a new one (the old one is no longer published). */
  rotate(): TestKey;
  stop(): Promise<void>;
}

/** Starts an OpenID provider on 127.0.0.1 whose tokens are for `clientID` by default. */
export async function startOidcProvider(clientID: string): Promise<OidcProvider> {
  const tls = await generateTlsMaterial(Date.now());
  const hits = new Map<string, number>();
  let key = newKey('RS256');
  let issuer = '';
  const server: Server = createServer({ key: tls.keyPem, cert: tls.certPem }, (req, res) => {
    const path = new URL(req.url ?? '/', 'https://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    void (async () => {
      if (path === '/.well-known/openid-configuration') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/keys`, id_token_signing_alg_values_supported: ['RS256'] }));
        return;
      }
      if (path === '/keys') {
        const jwk = await jose.exportJWK(key.publicKey);
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ keys: [{ ...jwk, kid: key.kid, alg: key.alg, use: 'sig' }] }));
        return;
      }
      res.writeHead(404);
      res.end();
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  if (addr === null || typeof addr !== 'object') throw new Error('no address');
  issuer = `https://127.0.0.1:${addr.port}`;
  return {
    issuer,
    caPem: tls.caPem,
    get key() {
      return key;
    },
    hits,
    idToken(claims, k = key) {
      const now = nowSeconds();
      return signJwt({ iss: issuer, aud: clientID, iat: now, exp: now + 3600, ...claims }, k);
    },
    rotate() {
      key = newKey('RS256');
      return key;
    },
    stop: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}
