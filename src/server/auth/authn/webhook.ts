/**
 * Webhook token authentication: the token goes to a remote service as a TokenReview (v1beta1 by
 * default, or v1) and its answer, which must be of the same version, decides. Decisions are
 * cached for the TTL (default 2 minutes), keyed by a digest of the token and audiences.
 */
import { createHash } from 'node:crypto';
import { GROUPS } from '../../../sdk/naming.js';
import type { UserInfo } from '../../request/user.js';
import { stringsOf } from '../../util/json.js';
import { readClientConfig, type RemoteService } from '../client-config.js';
import { fetchJson } from './http-json.js';
import type { TokenWebhookOptions } from './options.js';
import { intersect, type TokenAuthenticator, type TokenResult } from './token.js';

const DEFAULT_TTL_MS = 2 * 60 * 1000;

function userOf(v: unknown): UserInfo {
  const u = (v ?? {}) as Record<string, unknown>;
  const user: UserInfo = { username: typeof u.username === 'string' ? u.username : '', groups: stringsOf(u.groups) };
  if (typeof u.uid === 'string' && u.uid !== '') user.uid = u.uid;
  if (u.extra !== null && typeof u.extra === 'object') {
    // fromEntries defines own members, also `__proto__` (assignment would set a prototype instead).
    const extra = Object.fromEntries(Object.entries(u.extra as Record<string, unknown>).map(([k, vals]) => [k, stringsOf(vals)]));
    if (Object.keys(extra).length > 0) user.extra = extra;
  }
  return user;
}

/** Authenticates tokens through a remote TokenReview service. */
export class WebhookTokenAuthenticator implements TokenAuthenticator {
  private readonly cache = new Map<string, { result: TokenResult; until: number }>();
  private readonly apiVersion: string;

  private constructor(
    private readonly service: RemoteService,
    version: 'v1' | 'v1beta1',
    private readonly ttlMs: number,
    private readonly apiAudiences: string[],
    private readonly now: () => number,
    private readonly log: (line: string) => void,
  ) {
    this.apiVersion = `${GROUPS.authentication}/${version}`;
  }

  /** Reads the client-config file. */
  static async create(o: TokenWebhookOptions, apiAudiences: string[], now: () => number, log: (line: string) => void): Promise<WebhookTokenAuthenticator> {
    const version = o.version ?? 'v1beta1';
    if (version !== 'v1' && version !== 'v1beta1') throw new Error(`unsupported authentication webhook version "${String(version)}": must be v1 or v1beta1`);
    return new WebhookTokenAuthenticator(await readClientConfig(o.configFile), version, o.cacheTtlMs ?? DEFAULT_TTL_MS, apiAudiences, now, log);
  }

  async authenticateToken(token: string, audiences: string[]): Promise<TokenResult> {
    const key = createHash('sha256').update(JSON.stringify([token, audiences])).digest('base64');
    const hit = this.cache.get(key);
    const now = this.now();
    if (hit !== undefined && hit.until > now) return hit.result;
    const result = await this.review(token, audiences);
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(key, { result, until: now + this.ttlMs });
    return result;
  }

  private async review(token: string, audiences: string[]): Promise<TokenResult> {
    const spec: Record<string, unknown> = { token };
    if (audiences.length > 0) spec.audiences = audiences;
    const { server, authorization, ...tls } = this.service;
    const r = await fetchJson(server, {
      ...tls, body: { apiVersion: this.apiVersion, kind: 'TokenReview', metadata: { creationTimestamp: null }, spec, status: {} },
      ...(authorization !== undefined ? { headers: { Authorization: authorization } } : {}),
    });
    if (r.status !== 200 && r.status !== 201) {
      this.log(`token webhook answered ${r.status}`);
      throw new Error(`webhook token authenticator answered with status ${r.status}`);
    }
    const body = (r.body ?? {}) as Record<string, unknown>;
    if (body.apiVersion !== this.apiVersion) throw new Error(`expected response of version ${this.apiVersion}, got ${String(body.apiVersion)}`);
    const status = (body.status ?? {}) as Record<string, unknown>;
    if (status.authenticated !== true) {
      const error = typeof status.error === 'string' ? status.error : '';
      return error === '' ? { kind: 'none' } : { kind: 'invalid', message: error };
    }
    const user = userOf(status.user);
    const answered = stringsOf(status.audiences);
    // Without audiences in the answer the token is valid for the API server itself.
    const auds = answered.length > 0 ? intersect(audiences, answered) : intersect(audiences, this.apiAudiences);
    if (audiences.length > 0 && auds.length === 0) {
      return { kind: 'invalid', message: `token audiences ${JSON.stringify(answered)} is invalid for the target audiences ${JSON.stringify(audiences)}` };
    }
    return { kind: 'user', user, audiences: auds };
  }
}
