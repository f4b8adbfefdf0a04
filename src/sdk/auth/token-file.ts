/**
 * A bearer token read from a file and re-read periodically, like client-go's cached file token
 * source: projected service-account tokens are rotated on disk, so a long-running process must pick
 * up the new one. The file is re-read when the cached copy is older than the period (50 s: one
 * minute minus client-go's 10 s leeway) and after a 401.
 */
import { CREDENTIAL_FILE_LIMIT, readTextFileLimited } from '../bounded-read.js';
import { ConfigError, TooLargeError } from '../errors.js';
import type { ClientCertificate, CredentialSource, RequestCredentials } from './credentials.js';
import { bearerAuthorization } from './static-credentials.js';

/** Options of {@link TokenFileSource}. */
export interface TokenFileSourceOptions {
  /** How long a read token is reused, in milliseconds (default 50,000). */
  periodMs?: number | undefined;
  /** Clock, for tests. */
  now?: (() => number) | undefined;
  /** Client certificate to present alongside the token. */
  clientCertificate?: ClientCertificate | undefined;
}

/** A {@link CredentialSource} backed by a token file. */
export class TokenFileSource implements CredentialSource {
  private readonly path: string;
  private readonly periodMs: number;
  private readonly now: () => number;
  private readonly clientCertificate: ClientCertificate | undefined;
  private cached: { creds: RequestCredentials; token: string; readAt: number } | undefined;
  private inFlight: Promise<RequestCredentials> | undefined;

  constructor(path: string, options: TokenFileSourceOptions = {}) {
    this.path = path;
    this.periodMs = options.periodMs ?? 50_000;
    this.now = options.now ?? Date.now;
    this.clientCertificate = options.clientCertificate;
  }

  get(): Promise<RequestCredentials> {
    if (this.cached !== undefined && this.now() - this.cached.readAt < this.periodMs) {
      return Promise.resolve(this.cached.creds);
    }
    return this.read();
  }

  async refreshAfterUnauthorized(used: RequestCredentials): Promise<boolean> {
    const before = this.cached?.creds;
    // Another request may already have re-read the file since `used` was handed out.
    if (before !== undefined && before !== used) return true;
    this.cached = undefined;
    const after = await this.read();
    return after.authorization !== used.authorization;
  }

  private read(): Promise<RequestCredentials> {
    this.inFlight ??= this.readNow().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async readNow(): Promise<RequestCredentials> {
    let text: string;
    try {
      text = await readTextFileLimited(this.path, CREDENTIAL_FILE_LIMIT);
    } catch (err) {
      const code = (err as { code?: string }).code;
      const reason = err instanceof TooLargeError ? err.message : code === 'ENOENT' ? 'no such file' : code ?? 'read error';
      throw new ConfigError(`cannot read token file ${this.path}: ${reason}`, { file: this.path, cause: err });
    }
    const token = text.trim();
    if (token === '') throw new ConfigError(`token file ${this.path} is empty`, { file: this.path });
    if (this.cached !== undefined && this.cached.token === token) {
      this.cached.readAt = this.now();
      return this.cached.creds;
    }
    const creds: RequestCredentials = { authorization: bearerAuthorization(token) };
    if (this.clientCertificate !== undefined) creds.clientCertificate = this.clientCertificate;
    this.cached = { creds, token, readAt: this.now() };
    return creds;
  }
}
