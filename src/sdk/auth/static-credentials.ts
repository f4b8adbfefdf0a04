/**
 * Credentials that never change during the process: a bearer token, basic auth, a client
 * certificate from the config, or nothing.
 */
import type { ClientCertificate, CredentialSource, RequestCredentials } from './credentials.js';

/** `Bearer <token>`. */
export function bearerAuthorization(token: string): string {
  return `Bearer ${token}`;
}

/** `Basic base64(user:password)`. */
export function basicAuthorization(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

/** A {@link CredentialSource} that always returns the same credentials; a 401 cannot be helped. */
export class StaticCredentialSource implements CredentialSource {
  private readonly credentials: RequestCredentials;

  constructor(authorization: string | undefined, clientCertificate?: ClientCertificate) {
    const creds: RequestCredentials = {};
    if (authorization !== undefined) creds.authorization = authorization;
    if (clientCertificate !== undefined) creds.clientCertificate = clientCertificate;
    this.credentials = creds;
  }

  get(): Promise<RequestCredentials> {
    return Promise.resolve(this.credentials);
  }

  refreshAfterUnauthorized(): Promise<boolean> {
    return Promise.resolve(false);
  }
}
