/**
 * Settings given next to (or instead of) the config files, e.g. by command-line flags: client-go's
 * `ConfigOverrides`.
 */
import { parseGoDuration } from '../../machinery/go-duration.js';
import { ConfigError } from '../errors.js';

/** Impersonation requested by the caller (`--as`, `--as-group`, `--as-uid`). */
export interface ImpersonationOverrides {
  user?: string;
  groups?: string[];
  uid?: string;
}

/**
 * Overrides applied on top of the loaded configuration. Empty strings count as "not given".
 * Relative file paths are relative to the `cwd` passed to `resolveClientConfig`.
 */
export interface ConfigOverrides {
  /** Context to use instead of `current-context` (must exist). */
  context?: string;
  /** Cluster entry to use instead of the context's (must exist). */
  cluster?: string;
  /** User entry to use instead of the context's (must exist). */
  user?: string;
  /** Namespace instead of the context's. */
  namespace?: string;
  /** Server URL; also clears the entry's `tls-server-name` unless `tlsServerName` is given too. */
  server?: string;
  /** CA file; replaces the entry's CA file, CA data and insecure setting. */
  certificateAuthority?: string;
  /**
   * Skip server certificate verification. `true` also drops the entry's CA; an explicit `false`
   * turns off an entry's `insecure-skip-tls-verify`.
   */
  insecureSkipTlsVerify?: boolean;
  tlsServerName?: string;
  disableCompression?: boolean;
  token?: string;
  username?: string;
  password?: string;
  clientCertificate?: string;
  clientKey?: string;
  impersonate?: ImpersonationOverrides;
  /** Per-request timeout in milliseconds (0: none). */
  requestTimeoutMs?: number;
  /** Cache directory (discovery, http); default `~/.platform/cache`. */
  cacheDir?: string;
}

/**
 * `--request-timeout` as kubectl reads it: a bare integer is seconds, otherwise a Go duration
 * (`1s`, `2m`, `3h`); `0` means no timeout. Returns milliseconds.
 */
export function parseRequestTimeout(text: string): number {
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const ms = parseGoDuration(text);
  if (ms === undefined || ms < 0) {
    throw new ConfigError('Invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by a corresponding time unit (e.g. 1s | 2m | 3h)');
  }
  return ms;
}
