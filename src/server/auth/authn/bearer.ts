/**
 * The bearer-token stage: a request with `Authorization: Bearer <token>` is judged by the token
 * methods for the API audiences; a token no method accepts is a 401, whatever else is configured.
 */
import type { IncomingMessage } from 'node:http';
import { bearerToken, type AuthenticationResult, type Authenticator } from '../authenticator.js';
import type { UserInfo } from '../../request/user.js';
import type { TokenAuthenticator } from './token.js';

/** Adapts token methods to the request stage. */
export class BearerTokenAuthenticator implements Authenticator {
  constructor(private readonly tokens: TokenAuthenticator, private readonly apiAudiences: string[]) {}

  async authenticate(req: IncomingMessage): Promise<AuthenticationResult> {
    const token = bearerToken(req);
    if (token === undefined || token === '') return { kind: 'none' };
    const r = await this.tokens.authenticateToken(token, this.apiAudiences);
    if (r.kind === 'user') return { kind: 'user', user: r.user };
    return r.kind === 'invalid' ? r : { kind: 'invalid' };
  }
}

/** Adds `system:authenticated` to whom the inner stage authenticates (not to the anonymous user). */
export class AuthenticatedGroupAdder implements Authenticator {
  constructor(private readonly inner: Authenticator, private readonly add: (u: UserInfo) => UserInfo) {}

  async authenticate(req: IncomingMessage): Promise<AuthenticationResult> {
    const r = await this.inner.authenticate(req);
    return r.kind === 'user' ? { kind: 'user', user: this.add(r.user) } : r;
  }
}
