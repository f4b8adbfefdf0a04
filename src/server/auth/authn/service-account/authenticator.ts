/**
 * Service-account token authentication. A JWT whose issuer is the server's (or the legacy
 * `platform/serviceaccount`) must verify against a service-account key; bound tokens are then
 * checked for time, audience, and the account and bound object still existing with the same uid;
 * legacy tokens for their secret still holding them.
 */
import type { Node, Pod, Secret, ServiceAccount } from '../../../../sdk/types/generated/core-v1.js';
import { asObject, asString, uidOf } from '../../../util/json.js';
import type { UserInfo } from '../../../request/user.js';
import { audiencesOf, loadJose, peekClaims } from '../jose.js';
import { intersect, type TokenAuthenticator, type TokenResult } from '../token.js';
import { EXTRA_KEYS, LEGACY_CLAIMS, LEGACY_ISSUER, PRIVATE_CLAIM, serviceAccountGroups, serviceAccountUsername } from './claims.js';
import type { VerifyKey } from './keys.js';

/** The stored objects a token is checked against, by resource. */
export type LookupKinds = { serviceaccounts: ServiceAccount; secrets: Secret; pods: Pod; nodes: Node };

/** Reads an object from the store (undefined when missing). */
export type ObjectLookup = <R extends keyof LookupKinds>(resource: R, namespace: string, name: string) => Promise<LookupKinds[R] | undefined>;

/** How service-account tokens are checked. */
export interface ServiceAccountAuthOptions {
  /** Issuers of bound tokens accepted (the first is the one the server signs with). */
  issuers: string[];
  keys: VerifyKey[];
  /** Audiences a token without `aud` is valid for (the API audiences). */
  implicitAudiences: string[];
  lookup: ObjectLookup;
  /** Seconds since the epoch. */
  nowSeconds(): number;
}

/** Clock skew allowed on exp and nbf, as go-jose's default leeway. */
const LEEWAY_SECONDS = 60;

function deleting(obj: LookupKinds[keyof LookupKinds] | undefined): boolean {
  return typeof obj?.metadata?.deletionTimestamp === 'string';
}

/** Authenticates service-account JWTs. The claims are the token's own JSON, read untyped; the objects they name are stored ones, read typed. */
export class ServiceAccountTokenAuthenticator implements TokenAuthenticator {
  constructor(private readonly o: ServiceAccountAuthOptions) {}

  async authenticateToken(token: string, audiences: string[]): Promise<TokenResult> {
    const peek = peekClaims(token);
    const iss = asString(peek?.iss);
    if (peek === undefined || iss === undefined) return { kind: 'none' };
    const legacy = iss === LEGACY_ISSUER;
    if (!legacy && !this.o.issuers.includes(iss)) return { kind: 'none' };
    const claims = await this.verify(token);
    if (claims === undefined) return { kind: 'invalid', message: 'invalid signature' };
    const tokenAuds = audiencesOf(claims);
    const auds = intersect(tokenAuds.length === 0 ? this.o.implicitAudiences : tokenAuds, audiences);
    if (auds.length === 0 && this.o.implicitAudiences.length > 0) {
      return { kind: 'invalid', message: `token audiences ${JSON.stringify(tokenAuds)} is invalid for the target audiences ${JSON.stringify(audiences)}` };
    }
    const r = legacy ? await this.legacyUser(token, claims) : await this.boundUser(claims);
    if (typeof r === 'string') return { kind: 'invalid', message: r };
    return { kind: 'user', user: r, audiences: auds };
  }

  /** The verified claims, or undefined when no key verifies the signature. */
  private async verify(token: string): Promise<Record<string, unknown> | undefined> {
    const jose = await loadJose();
    let header: { kid?: string } = {};
    try {
      header = jose.decodeProtectedHeader(token);
    } catch {
      return undefined;
    }
    const ordered = [...this.o.keys].sort((a, b) => Number(b.kid === header.kid) - Number(a.kid === header.kid));
    for (const k of ordered) {
      try {
        const { payload } = await jose.compactVerify(token, k.publicKey, { algorithms: [k.alg] });
        return JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
      } catch {
        // try the next key
      }
    }
    return undefined;
  }

  private async boundUser(claims: Record<string, unknown>): Promise<UserInfo | string> {
    const now = this.o.nowSeconds();
    const exp = typeof claims.exp === 'number' ? claims.exp : undefined;
    const nbf = typeof claims.nbf === 'number' ? claims.nbf : undefined;
    if (exp !== undefined && now > exp + LEEWAY_SECONDS) return 'service account token has expired';
    if (nbf !== undefined && now < nbf - LEEWAY_SECONDS) return 'service account token is not valid yet';
    const priv = asObject(claims[PRIVATE_CLAIM]);
    const namespace = asString(priv?.namespace) ?? '';
    const sa = asObject(priv?.serviceaccount);
    const saName = asString(sa?.name) ?? '';
    const saUid = asString(sa?.uid) ?? '';
    if (namespace === '' || saName === '') return 'service account token claims are incomplete';
    const account = await this.o.lookup('serviceaccounts', namespace, saName);
    if (account === undefined || deleting(account)) return 'service account token has been invalidated';
    if (uidOf(account) !== saUid) return `service account UID (${uidOf(account)}) does not match claim (${saUid})`;
    const extra: Record<string, string[]> = {};
    for (const kind of ['pod', 'secret', 'node'] as const) {
      const ref = asObject(priv?.[kind]);
      if (ref === undefined) continue;
      const name = asString(ref.name) ?? '';
      const uid = asString(ref.uid) ?? '';
      const obj = await this.o.lookup(kind === 'pod' ? 'pods' : kind === 'secret' ? 'secrets' : 'nodes', kind === 'node' ? '' : namespace, name);
      if (obj === undefined || deleting(obj)) return `${kind === 'pod' ? 'pod' : kind === 'secret' ? 'secret' : 'node'} "${name}" referenced by the token has been invalidated`;
      if (uidOf(obj) !== uid) return `${kind} UID (${uidOf(obj)}) does not match claim (${uid})`;
      if (kind === 'pod') {
        extra[EXTRA_KEYS.podName] = [name];
        extra[EXTRA_KEYS.podUid] = [uid];
      } else if (kind === 'node') {
        extra[EXTRA_KEYS.nodeName] = [name];
        extra[EXTRA_KEYS.nodeUid] = [uid];
      }
    }
    const jti = asString(claims.jti);
    if (jti !== undefined && jti !== '') extra[EXTRA_KEYS.credentialId] = [`JTI=${jti}`];
    const user: UserInfo = { username: serviceAccountUsername(namespace, saName), uid: saUid, groups: serviceAccountGroups(namespace) };
    if (Object.keys(extra).length > 0) user.extra = extra;
    return user;
  }

  private async legacyUser(token: string, claims: Record<string, unknown>): Promise<UserInfo | string> {
    const namespace = asString(claims[LEGACY_CLAIMS.namespace]) ?? '';
    const secretName = asString(claims[LEGACY_CLAIMS.secretName]) ?? '';
    const saName = asString(claims[LEGACY_CLAIMS.serviceAccountName]) ?? '';
    const saUid = asString(claims[LEGACY_CLAIMS.serviceAccountUid]) ?? '';
    if (namespace === '' || secretName === '' || saName === '') return 'service account token claims are incomplete';
    const secret = await this.o.lookup('secrets', namespace, secretName);
    if (secret === undefined || deleting(secret)) return 'token has been invalidated';
    const stored = secret.data?.token;
    if (stored === undefined || Buffer.from(stored, 'base64').toString('utf8') !== token) return 'token does not match the secret';
    const account = await this.o.lookup('serviceaccounts', namespace, saName);
    if (account === undefined || deleting(account)) return 'service account has been deleted';
    if (saUid !== '' && uidOf(account) !== saUid) return `service account UID (${uidOf(account)}) does not match claim (${saUid})`;
    return { username: serviceAccountUsername(namespace, saName), uid: uidOf(account), groups: serviceAccountGroups(namespace) };
  }
}
