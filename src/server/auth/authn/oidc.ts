/**
 * OpenID Connect ID tokens: a JWT from the one trusted issuer, verified against the keys of its
 * discovery document (fetched once, refreshed when a token names an unknown key, never per
 * request otherwise), for the client id, in its validity window, with the required claims. The
 * user name and groups come from the configured claims and prefixes.
 */
import { readFile } from 'node:fs/promises';
import type * as Jose from 'jose';
import { audiencesOf, loadJose, peekClaims } from './jose.js';
import { fetchJson } from './http-json.js';
import type { OidcOptions } from './options.js';
import type { TokenAuthenticator, TokenResult } from './token.js';

/** Minimum time between two key fetches caused by unknown key ids. */
const REFRESH_MIN_INTERVAL_MS = 1000;
/** Clock skew allowed on nbf and iat, as go-oidc. */
const SKEW_SECONDS = 300;

interface JwksState {
  keys: Jose.JWK[];
  fetchedAt: number;
}

/** Authenticates OIDC ID tokens. */
export class OidcAuthenticator implements TokenAuthenticator {
  private jwksUri: string | undefined;
  private jwks: JwksState | undefined;
  private loading: Promise<void> | undefined;

  private constructor(private readonly o: OidcOptions, private readonly ca: string | undefined, private readonly now: () => number, private readonly log: (line: string) => void) {}

  /** Validates the options and reads the CA file. */
  static async create(o: OidcOptions, now: () => number, log: (line: string) => void): Promise<OidcAuthenticator> {
    let issuer: URL;
    try {
      issuer = new URL(o.issuerURL);
    } catch {
      throw new Error(`--oidc-issuer-url ${JSON.stringify(o.issuerURL)} is not a URL`);
    }
    if (issuer.protocol !== 'https:') throw new Error(`--oidc-issuer-url ${JSON.stringify(o.issuerURL)} must use https`);
    if (o.clientID === '') throw new Error('--oidc-client-id is required with --oidc-issuer-url');
    const ca = o.caPem ?? (o.caFile !== undefined && o.caFile !== '' ? await readFile(o.caFile, 'utf8') : undefined);
    return new OidcAuthenticator(o, ca, now, log);
  }

  private tls(): { ca?: string } {
    return this.ca === undefined ? {} : { ca: this.ca };
  }

  /** Discovery and keys; concurrent callers share one fetch. */
  private load(force: boolean): Promise<void> {
    if (!force && this.jwks !== undefined) return Promise.resolve();
    this.loading ??= (async () => {
      try {
        if (this.jwksUri === undefined) {
          const url = `${this.o.issuerURL.replace(/\/$/, '')}/.well-known/openid-configuration`;
          const r = await fetchJson(url, this.tls());
          const doc = r.body as { issuer?: unknown; jwks_uri?: unknown } | undefined;
          if (r.status !== 200 || doc === undefined) throw new Error(`oidc: discovery at ${url} answered ${r.status}`);
          if (doc.issuer !== this.o.issuerURL) throw new Error(`oidc: issuer did not match the issuer returned by provider, expected "${this.o.issuerURL}" got "${String(doc.issuer)}"`);
          if (typeof doc.jwks_uri !== 'string') throw new Error('oidc: discovery document has no jwks_uri');
          this.jwksUri = doc.jwks_uri;
        }
        const r = await fetchJson(this.jwksUri, this.tls());
        const keys = (r.body as { keys?: unknown } | undefined)?.keys;
        if (r.status !== 200 || !Array.isArray(keys)) throw new Error(`oidc: fetching keys from ${this.jwksUri} answered ${r.status}`);
        this.jwks = { keys: keys as Jose.JWK[], fetchedAt: this.now() };
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  private async keyFor(header: Jose.ProtectedHeaderParameters): Promise<Jose.JWK[]> {
    await this.load(false);
    const match = (): Jose.JWK[] => (this.jwks?.keys ?? []).filter((k) => header.kid === undefined || k.kid === header.kid);
    let keys = match();
    if (keys.length === 0 && this.now() - (this.jwks?.fetchedAt ?? 0) >= REFRESH_MIN_INTERVAL_MS) {
      await this.load(true);
      keys = match();
    }
    return keys;
  }

  async authenticateToken(token: string): Promise<TokenResult> {
    const peek = peekClaims(token);
    if (peek === undefined || peek.iss !== this.o.issuerURL) return { kind: 'none' };
    const jose = await loadJose();
    let claims: Record<string, unknown> | undefined;
    try {
      const header = jose.decodeProtectedHeader(token);
      const algs = this.o.signingAlgs ?? ['RS256'];
      if (header.alg === undefined || !algs.includes(header.alg)) return { kind: 'invalid', message: `oidc: verify token: oidc: id token signed with unsupported algorithm, expected ${JSON.stringify(algs)} got "${header.alg ?? ''}"` };
      for (const jwk of await this.keyFor(header)) {
        try {
          const key = await jose.importJWK(jwk, header.alg);
          const { payload } = await jose.compactVerify(token, key, { algorithms: algs });
          claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
          break;
        } catch {
          // the next key may verify it
        }
      }
    } catch (e) {
      this.log(`oidc: ${e instanceof Error ? e.message : String(e)}`);
      return { kind: 'invalid', message: `oidc: verify token: ${e instanceof Error ? e.message : String(e)}` };
    }
    if (claims === undefined) return { kind: 'invalid', message: 'oidc: verify token: failed to verify signature: failed to verify id token signature' };
    const problem = this.checkClaims(claims);
    if (problem !== undefined) return { kind: 'invalid', message: problem };
    return this.userOf(claims);
  }

  private checkClaims(claims: Record<string, unknown>): string | undefined {
    const now = Math.floor(this.now() / 1000);
    const auds = audiencesOf(claims);
    if (!auds.includes(this.o.clientID)) return `oidc: verify token: oidc: expected audience "${this.o.clientID}" got ${JSON.stringify(auds)}`;
    if (typeof claims.exp !== 'number') return 'oidc: verify token: oidc: token has no expiry';
    if (now >= claims.exp) return `oidc: verify token: oidc: token is expired (Token Expiry: ${new Date(claims.exp * 1000).toISOString()})`;
    if (typeof claims.nbf === 'number' && now + SKEW_SECONDS < claims.nbf) return 'oidc: verify token: oidc: current time is before the nbf (not before) time';
    for (const [k, v] of Object.entries(this.o.requiredClaims ?? {})) {
      if (!Object.hasOwn(claims, k)) return `oidc: required claim ${k} not present in ID token`;
      if (claims[k] !== v) return `oidc: required claim ${k} value does not match. Got = ${JSON.stringify(claims[k])}, want = ${v}`;
    }
    return undefined;
  }

  private userOf(claims: Record<string, unknown>): TokenResult {
    const claim = this.o.usernameClaim ?? 'sub';
    const value = claims[claim];
    if (typeof value !== 'string' || value === '') return { kind: 'invalid', message: `oidc: parse username claims "${claim}": claim not present` };
    if (claim === 'email' && 'email_verified' in claims) {
      if (typeof claims.email_verified !== 'boolean') return { kind: 'invalid', message: 'oidc: parse \'email_verified\' claim: not a boolean' };
      if (!claims.email_verified) return { kind: 'invalid', message: `oidc: email not verified` };
    }
    const prefix = this.o.usernamePrefix === '-' ? '' : this.o.usernamePrefix ?? (claim === 'email' ? '' : `${this.o.issuerURL}#`);
    const groups: string[] = [];
    if (this.o.groupsClaim !== undefined && this.o.groupsClaim !== '') {
      const g = claims[this.o.groupsClaim];
      const list = typeof g === 'string' ? [g] : Array.isArray(g) ? g : g === undefined ? [] : undefined;
      if (list === undefined || !list.every((x): x is string => typeof x === 'string')) {
        return { kind: 'invalid', message: `oidc: parse groups claim "${this.o.groupsClaim}": not a string or an array of strings` };
      }
      for (const x of list) groups.push(`${this.o.groupsPrefix ?? ''}${x}`);
    }
    return { kind: 'user', user: { username: `${prefix}${value}`, groups }, audiences: [] };
  }
}
