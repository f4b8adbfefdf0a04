/**
 * The loopback redirect receiver of a native-app authorization (RFC 8252 §7.3): an HTTP server on
 * 127.0.0.1 with a random port that waits for the one redirect carrying our `state`, answers the
 * browser with a short page, and closes.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { AbortedError, PlatformError, TimeoutError } from '../../errors.js';
import { setLongTimeout } from '../../../machinery/long-timeout.js';

/** The outcome of the redirect: the authorization code. */
export interface LoopbackResult {
  code: string;
}

/** A listening receiver. */
export interface LoopbackReceiver {
  /** `http://127.0.0.1:<port>/callback`. */
  readonly redirectUri: string;
  /** Resolves with the code of the first redirect whose `state` matches; rejects on an error redirect. */
  wait(options: { state: string; timeoutMs: number; signal?: AbortSignal }): Promise<LoopbackResult>;
  close(): Promise<void>;
}

const CALLBACK_PATH = '/callback';

function page(res: ServerResponse, status: number, text: string): void {
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>platformctl login</title></head><body><p>${text}</p></body></html>`;
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
  res.end(html);
}

/** An error redirect from the provider (`error`, `error_description`). */
export class AuthorizationError extends PlatformError {
  static override readonly brand: string = 'AuthorizationError';
  override name = 'AuthorizationError';
}

/** Starts the receiver on 127.0.0.1 (port 0: the OS picks a free one). */
export async function startLoopbackReceiver(): Promise<LoopbackReceiver> {
  const { createServer } = await import('node:http');
  let onRequest: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server: Server = createServer((req, res) => {
    if (onRequest === undefined) {
      page(res, 503, 'Not ready.');
      return;
    }
    onRequest(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const close = (): Promise<void> => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return {
    redirectUri: `http://127.0.0.1:${port}${CALLBACK_PATH}`,
    close,
    wait({ state, timeoutMs, signal }) {
      return new Promise<LoopbackResult>((resolve, reject) => {
        const finish = (fn: () => void): void => {
          timer.clear();
          signal?.removeEventListener('abort', onAbort);
          onRequest = undefined;
          fn();
        };
        const onAbort = (): void => finish(() => reject(new AbortedError('login was interrupted')));
        const timer = setLongTimeout(() => finish(() => reject(new TimeoutError(`no authorization response arrived within ${Math.round(timeoutMs / 1000)}s`))), timeoutMs);
        timer.unref();
        if (signal?.aborted === true) {
          onAbort();
          return;
        }
        signal?.addEventListener('abort', onAbort, { once: true });
        onRequest = (req, res) => {
          const url = new URL(req.url ?? '/', 'http://127.0.0.1');
          if (url.pathname !== CALLBACK_PATH) {
            page(res, 404, 'Not found.');
            return;
          }
          // A redirect with another state is not ours (a stale tab, or a forged request): ignore it.
          if (url.searchParams.get('state') !== state) {
            page(res, 400, 'Invalid state parameter; this response is ignored.');
            return;
          }
          const error = url.searchParams.get('error');
          if (error !== null) {
            page(res, 400, 'Authentication failed. You can close this window.');
            const description = url.searchParams.get('error_description');
            finish(() => reject(new AuthorizationError(`authorization failed: ${error}${description === null ? '' : `: ${description}`}`)));
            return;
          }
          const code = url.searchParams.get('code');
          if (code === null || code === '') {
            page(res, 400, 'The response has no authorization code.');
            return;
          }
          page(res, 200, 'Authenticated. You can close this window and return to the terminal.');
          finish(() => resolve({ code }));
        };
      });
    },
  };
}
