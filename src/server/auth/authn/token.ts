/**
 * Token authentication: a {@link TokenAuthenticator} decides on a bearer token for a list of
 * audiences (the API server's own, or those a TokenReview names). The request stage and the
 * TokenReview API share them, so a token is judged the same way in both places.
 */
import type { UserInfo } from '../../request/user.js';

/** The decision of one token authenticator. */
export type TokenResult =
  | { kind: 'user'; user: UserInfo; audiences: string[] }
  | { kind: 'none' }
  | { kind: 'invalid'; message?: string };

/** One bearer-token method (static tokens, service accounts, bootstrap, OIDC, webhook). */
export interface TokenAuthenticator {
  authenticateToken(token: string, audiences: string[]): Promise<TokenResult> | TokenResult;
}

/** The audiences in both lists, in the order of `a`. */
export function intersect(a: readonly string[], b: readonly string[]): string[] {
  const set = new Set(b);
  return a.filter((x) => set.has(x));
}

/**
 * Wraps a method whose tokens carry no audience (static, bootstrap, webhook without audiences):
 * they are valid for the API server itself, so only for requested audiences the server has.
 */
export class AudienceAgnostic implements TokenAuthenticator {
  constructor(private readonly inner: TokenAuthenticator, private readonly apiAudiences: readonly string[]) {}

  async authenticateToken(token: string, audiences: string[]): Promise<TokenResult> {
    const r = await this.inner.authenticateToken(token, audiences);
    if (r.kind !== 'user') return r;
    const auds = intersect(audiences, this.apiAudiences);
    if (auds.length === 0 && this.apiAudiences.length > 0) return { kind: 'invalid', message: 'token audiences are invalid for the target audiences' };
    return { ...r, audiences: auds };
  }
}

/**
 * Asks each method in order: the first user wins; otherwise the failures are reported together
 * (as the API server aggregates them), and a token nobody knows is `invalid bearer token`.
 */
export class TokenUnion implements TokenAuthenticator {
  constructor(private readonly methods: TokenAuthenticator[]) {}

  async authenticateToken(token: string, audiences: string[]): Promise<TokenResult> {
    const messages: string[] = [];
    for (const m of this.methods) {
      let r: TokenResult;
      try {
        r = await m.authenticateToken(token, audiences);
      } catch (e) {
        r = { kind: 'invalid', message: e instanceof Error ? e.message : String(e) };
      }
      if (r.kind === 'user') return r;
      if (r.kind === 'invalid' && r.message !== undefined && r.message !== '') messages.push(r.message);
    }
    if (messages.length === 0) return { kind: 'invalid', message: 'invalid bearer token' };
    return { kind: 'invalid', message: messages.length === 1 ? (messages[0] ?? '') : `[${messages.join(', ')}]` };
  }
}

/** The group every authenticated user is in. */
export const AUTHENTICATED_GROUP = 'system:authenticated';
/** The group of the anonymous user. */
export const UNAUTHENTICATED_GROUP = 'system:unauthenticated';
/** The anonymous user name. */
export const ANONYMOUS_USER = 'system:anonymous';

/** Adds `system:authenticated` as the API server does (not to anonymous or unauthenticated users). */
export function withAuthenticatedGroup(user: UserInfo): UserInfo {
  if (user.username === ANONYMOUS_USER) return user;
  if (user.groups.includes(AUTHENTICATED_GROUP) || user.groups.includes(UNAUTHENTICATED_GROUP)) return user;
  return { ...user, groups: [...user.groups, AUTHENTICATED_GROUP] };
}
