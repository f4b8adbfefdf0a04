/**
 * Bootstrap tokens (`--enable-bootstrap-token-auth`): `<id>.<secret>` matched against the secret
 * `bootstrap-token-<id>` in `platform-system` of type `bootstrap.platform.io/token`, which must be
 * marked for authentication and not expired. The user is `system:bootstrap:<id>` in
 * `system:bootstrappers` plus the secret's `auth-extra-groups`.
 */
import { timingSafeEqual } from 'node:crypto';
import type { JsonObject } from '../../../sdk/types/meta.js';
import { SECRET_TYPES } from '../../../sdk/naming.js';
import { asObject, asString } from '../../util/json.js';
import type { TokenAuthenticator, TokenResult } from './token.js';

/** Name prefix of bootstrap token secrets. */
export const BOOTSTRAP_SECRET_PREFIX = 'bootstrap-token-';
/** User name prefix of bootstrap tokens. */
export const BOOTSTRAP_USER_PREFIX = 'system:bootstrap:';
/** The group every bootstrap token is in. */
export const BOOTSTRAPPERS_GROUP = 'system:bootstrappers';

const TOKEN_RE = /^([a-z0-9]{6})\.([a-z0-9]{16})$/;
const GROUP_RE = /^system:bootstrappers:[a-z0-9:-]{0,255}[a-z0-9]$/;

/** The data value of a secret key, decoded. */
export function secretValue(secret: JsonObject, key: string): string | undefined {
  const v = asString(asObject(secret.data)?.[key]);
  return v === undefined ? undefined : Buffer.from(v, 'base64').toString('utf8');
}

/** Expiration time of a bootstrap token secret (ms), undefined when none; NaN when unparseable. */
export function expirationOf(secret: JsonObject): number | undefined {
  const e = secretValue(secret, 'expiration');
  if (e === undefined || e === '') return undefined;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(e) ? Date.parse(e) : NaN;
}

/** True when the secret has expired (an unparseable expiration counts as expired). */
export function bootstrapTokenExpired(secret: JsonObject, now: number): boolean {
  const exp = expirationOf(secret);
  return exp !== undefined && (Number.isNaN(exp) || now >= exp);
}

/** The groups of a bootstrap token secret, or the reason they are invalid. */
export function bootstrapGroups(secret: JsonObject): string[] | string {
  const groups = [BOOTSTRAPPERS_GROUP];
  const extra = secretValue(secret, 'auth-extra-groups');
  if (extra === undefined || extra === '') return groups;
  for (const raw of extra.split(',')) {
    const g = raw.trim();
    if (!GROUP_RE.test(g)) return `bootstrap group ${JSON.stringify(g)} is invalid (must match ${GROUP_RE.source})`;
    if (!groups.includes(g)) groups.push(g);
  }
  return groups;
}

/** Authenticates bootstrap tokens. */
export class BootstrapTokenAuthenticator implements TokenAuthenticator {
  constructor(
    private readonly getSecret: (name: string) => Promise<JsonObject | undefined>,
    private readonly now: () => number,
    private readonly log: (line: string) => void,
  ) {}

  async authenticateToken(token: string): Promise<TokenResult> {
    const m = TOKEN_RE.exec(token);
    if (m === null) return { kind: 'none' };
    const id = m[1] ?? '';
    const tokenSecret = m[2] ?? '';
    const name = `${BOOTSTRAP_SECRET_PREFIX}${id}`;
    const secret = await this.getSecret(name);
    const reject = (why: string): TokenResult => {
      this.log(`bootstrap secret platform-system/${name} ${why}`);
      return { kind: 'none' };
    };
    if (secret === undefined) return { kind: 'none' };
    if (typeof asObject(secret.metadata)?.deletionTimestamp === 'string') return reject('is deleted and awaiting removal');
    if (secret.type !== SECRET_TYPES.bootstrapToken || secret.data === undefined) return reject(`has invalid type, expected ${SECRET_TYPES.bootstrapToken}`);
    const stored = Buffer.from(secretValue(secret, 'token-secret') ?? '');
    const given = Buffer.from(tokenSecret);
    if (stored.length !== given.length || !timingSafeEqual(stored, given)) return reject('has invalid value for key token-secret');
    if (secretValue(secret, 'token-id') !== id) return reject('has invalid value for key token-id');
    if (bootstrapTokenExpired(secret, this.now())) return reject('has expired');
    if (secretValue(secret, 'usage-bootstrap-authentication') !== 'true') return reject('not marked usage-bootstrap-authentication=true');
    const groups = bootstrapGroups(secret);
    if (typeof groups === 'string') return reject(`has invalid value for key auth-extra-groups: ${groups}`);
    return { kind: 'user', user: { username: `${BOOTSTRAP_USER_PREFIX}${id}`, groups }, audiences: [] };
  }
}
