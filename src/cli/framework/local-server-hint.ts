/**
 * One more line under "connection refused" when the command talked to the `local` context that
 * `local start` writes: a new user who stopped the local server (or never started it) learns how
 * to start it. Only for that context: for any other cluster, kubectl's message stands alone.
 * Loaded only when a command failed, to keep it off every command's start-up path.
 */
import { TransportError } from '../../sdk/errors.js';
import { BINARY_NAME, LOCAL_CONTEXT_NAME } from '../../sdk/naming.js';
import type { Services } from './services.js';
import { ExitError } from './usage-error.js';
import { HintedError, REFUSED_CONNECTION } from './report-error.js';

/** The line printed under a refused connection to the local server. */
export const LOCAL_SERVER_HINT = `is the local server running? ${BINARY_NAME} local start`;

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

/** `host:port` of the server a refused connection went to, when `err` is one. */
function refusedHost(err: unknown): string | undefined {
  if (err instanceof TransportError) {
    const cause = err.cause as { code?: string } | undefined;
    return cause?.code === 'ECONNREFUSED' && err.url !== undefined ? hostOf(err.url) : undefined;
  }
  // Commands that go on after one failure (get of several objects, apply) report their errors together.
  if (err instanceof ExitError) return REFUSED_CONNECTION.exec(err.message)?.[1];
  return undefined;
}

/**
 * `err` with the hint when it is a refused connection to the server of the `local` context (the
 * context and cluster `local start` writes), else `err` itself.
 */
export async function withLocalServerHint(err: unknown, services: Pick<Services, 'clientConfig'> & { globals: { server?: string | undefined } }): Promise<unknown> {
  const host = refusedHost(err);
  // A server named on the command line is the user's choice, not the local context's.
  if (host === undefined || (services.globals.server ?? '') !== '') return err;
  let config: Awaited<ReturnType<Services['clientConfig']>>;
  try {
    config = await services.clientConfig();
  } catch {
    return err;
  }
  if (config.contextName !== LOCAL_CONTEXT_NAME || config.clusterName !== LOCAL_CONTEXT_NAME || hostOf(config.server) !== host) return err;
  return new HintedError(err, LOCAL_SERVER_HINT);
}
