/**
 * The waits a client bounds by default, so that no command hangs forever on a peer that says
 * nothing: a server or proxy that accepts the connection and never answers, an address that
 * never completes the TCP handshake, an exec credential plugin that never exits. kubectl bounds
 * only the connect (30 s) and the TLS handshake (10 s) and hangs on the others; once an answer
 * has begun, nothing here applies, so watches, logs -f, exec, attach and port-forward stay open as
 * long as the server keeps them.
 *
 * - connect: 30 s, Go's `net.Dialer` timeout in kubectl's transport.
 * - response headers, for a request without `--request-timeout` (which bounds the whole request
 *   instead): 60 s, the API server's own default request timeout. A real server answers every
 *   request well within it (with a 504 at worst); watches and log streams send their headers at once.
 * - an exec credential plugin run without the terminal: 60 s. One run with the terminal is waiting
 *   for its user, who can press Ctrl-C, and is not bounded.
 *
 * Each can be changed through the environment (`PLATFORM_CONNECT_TIMEOUT`,
 * `PLATFORM_RESPONSE_HEADER_TIMEOUT`, `PLATFORM_EXEC_PLUGIN_TIMEOUT`) or the client options.
 */
import { DEFAULT_EXEC_PLUGIN_TIMEOUT_MS } from '../auth/exec/exec-credential-source.js';
import { parseRequestTimeout } from '../config/overrides.js';
import { ConfigError } from '../errors.js';
import { CONNECT_TIMEOUT_ENV, EXEC_PLUGIN_TIMEOUT_ENV, RESPONSE_HEADER_TIMEOUT_ENV } from '../naming.js';

export const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
export const DEFAULT_RESPONSE_HEADER_TIMEOUT_MS = 60_000;
export { DEFAULT_EXEC_PLUGIN_TIMEOUT_MS };

/** The default waits, in milliseconds; 0 means no bound. */
export interface DefaultTimeouts {
  connectMs: number;
  responseHeaderMs: number;
  execPluginMs: number;
}

function fromEnv(env: Readonly<Record<string, string | undefined>>, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text.trim() === '') return fallback;
  try {
    return parseRequestTimeout(text.trim());
  } catch {
    throw new ConfigError(`invalid ${name} ${JSON.stringify(text)}: a duration (e.g. 30s, 2m) or a number of seconds; 0 waits forever`);
  }
}

/**
 * The default waits, from the environment where it sets them.
 *
 * @throws {@link ConfigError} naming the variable when one is not a duration.
 */
export function defaultTimeouts(env: Readonly<Record<string, string | undefined>>): DefaultTimeouts {
  return {
    connectMs: fromEnv(env, CONNECT_TIMEOUT_ENV, DEFAULT_CONNECT_TIMEOUT_MS),
    responseHeaderMs: fromEnv(env, RESPONSE_HEADER_TIMEOUT_ENV, DEFAULT_RESPONSE_HEADER_TIMEOUT_MS),
    execPluginMs: fromEnv(env, EXEC_PLUGIN_TIMEOUT_ENV, DEFAULT_EXEC_PLUGIN_TIMEOUT_MS),
  };
}
