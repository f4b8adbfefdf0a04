/**
 * The authentication stage. An {@link Authenticator} turns a request into a user, or says it has
 * nothing to say (the next one is asked), or refuses it (401). Token files, client
 * certificates, service-account, bootstrap, OIDC and webhook tokens all sit behind this interface.
 */
import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { MASTERS_GROUP, type UserInfo } from '../request/user.js';

/** The decision of one authenticator. */
export type AuthenticationResult =
  | { kind: 'user'; user: UserInfo }
  | { kind: 'none' }
  | { kind: 'invalid'; message?: string };

/** One authentication method. */
export interface Authenticator {
  authenticate(req: IncomingMessage): Promise<AuthenticationResult> | AuthenticationResult;
}

/**
 * The bearer token of a request, if it sends one: `Bearer` in any case, white space, the token.
 * Read without a regular expression: `/^Bearer\s+(.+)$/i` backtracks quadratically over white
 * space, and any client, authenticated or not, chooses this header (80 ms a request for 16 KB).
 */
export function bearerToken(req: IncomingMessage): string | undefined {
  const h = req.headers.authorization;
  if (h === undefined) return undefined;
  const value = h.trim();
  if (value.slice(0, 6).toLowerCase() !== 'bearer') return undefined;
  const token = value.slice(6);
  if (!/^\s/.test(token)) return undefined;
  const trimmed = token.trim();
  return trimmed === '' || /[\n\r\u2028\u2029]/.test(trimmed) ? undefined : trimmed;
}

function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** The admin token: user `admin` in `system:masters`; any other bearer token is invalid. */
export class AdminTokenAuthenticator implements Authenticator {
  constructor(private readonly token: string) {}

  authenticate(req: IncomingMessage): AuthenticationResult {
    const token = bearerToken(req);
    if (token === undefined) return { kind: 'none' };
    if (safeEqual(token, this.token)) return { kind: 'user', user: { username: 'admin', groups: [MASTERS_GROUP, 'system:authenticated'] } };
    return { kind: 'invalid' };
  }

  /** The admin token as a token method (for the bearer-token union and TokenReview): other tokens are not its call. */
  authenticateToken(token: string): { kind: 'user'; user: UserInfo; audiences: string[] } | { kind: 'none' } {
    if (safeEqual(token, this.token)) return { kind: 'user', user: { username: 'admin', groups: [MASTERS_GROUP, 'system:authenticated'] }, audiences: [] };
    return { kind: 'none' };
  }
}

/** Asks each authenticator in order; the first user wins, an invalid credential is final. */
export class UnionAuthenticator implements Authenticator {
  constructor(private readonly authenticators: Authenticator[], private readonly anonymous = false) {}

  async authenticate(req: IncomingMessage): Promise<AuthenticationResult> {
    let invalid: AuthenticationResult | undefined;
    for (const a of this.authenticators) {
      const r = await a.authenticate(req);
      if (r.kind === 'user') return r;
      if (r.kind === 'invalid') invalid ??= r;
    }
    if (invalid !== undefined) return invalid;
    if (this.anonymous) return { kind: 'user', user: { username: 'system:anonymous', groups: ['system:unauthenticated'] } };
    return { kind: 'none' };
  }
}
