/**
 * The contract between the credential providers (static token, token file, basic auth, client
 * certificate, exec plugin) and the transport: per request, the transport asks its source for the
 * credentials to use, and tells it when the server answered 401 with them.
 */

/** A client certificate and key, PEM. */
export interface ClientCertificate {
  certData: string;
  keyData: string;
}

/** What to present on one request. */
export interface RequestCredentials {
  /** Value of the `Authorization` header (`Bearer ...`, `Basic ...`), if any. */
  authorization?: string;
  /** Client certificate for the TLS handshake, if any. A different one needs a new connection pool. */
  clientCertificate?: ClientCertificate;
}

/** Terminal facts and streams an exec plugin may use. */
export interface ExecIO {
  /** Stdin handed to an interactive plugin: `'inherit'` (the process's own stdin) or a file descriptor. */
  stdin?: 'inherit' | number;
  /** Whether stdin is a terminal. */
  stdinIsTTY?: boolean;
  /** Whether stdin is already used for something else (for example `-f -`). */
  stdinInUse?: boolean;
  /** Why stdin is in use, appended to the error of an `Always` plugin. */
  stdinInUseMessage?: string;
  /** Where the plugin's stderr goes (for example the user's terminal). Captured for errors either way. */
  stderr?: { write(chunk: Uint8Array | string): unknown };
  /** Environment the plugin inherits, before the config's own `env` entries. */
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * Called before a plugin runs interactively (with the terminal as its stdin). A process that
   * cannot give it the user's terminal throws here, and the error is the credential error.
   */
  beforeInteractive?: () => void;
}

/** Options of one credential fetch. */
export interface CredentialRequestOptions {
  signal?: AbortSignal | undefined;
  /** Bound on how long a plugin may run, in milliseconds (the request timeout); 0 or absent means none. */
  timeoutMs?: number | undefined;
}

/** A provider of request credentials. */
export interface CredentialSource {
  /** Credentials for the next request (possibly cached). */
  get(options?: CredentialRequestOptions): Promise<RequestCredentials>;
  /**
   * The server answered 401 to a request made with `used`. Drops cached credentials and fetches new
   * ones when that can help; resolves true when a retry with {@link get} may succeed.
   */
  refreshAfterUnauthorized(used: RequestCredentials, options?: CredentialRequestOptions): Promise<boolean>;
}
