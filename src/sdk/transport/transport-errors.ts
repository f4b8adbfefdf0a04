/**
 * Turns low-level request failures into the SDK's errors, with Go-style messages
 * (`Get "https://...": dial tcp 127.0.0.1:6443: connect: connection refused`) so that the CLI can print
 * kubectl's lines. The original error (with its `code`) stays the `cause`.
 */
import { AbortedError, TimeoutError, TransportError } from '../errors.js';
import { formatGoDuration } from '../../machinery/go-duration.js';

/** The `code` of the error a connection gets when its TLS handshake takes too long. */
export const TLS_HANDSHAKE_TIMEOUT = 'ERR_PLATFORM_TLS_HANDSHAKE_TIMEOUT';

/** The error of a handshake that took too long (mapped to Go's `net/http: TLS handshake timeout`). */
export function tlsHandshakeTimeoutError(): Error {
  return Object.assign(new Error('TLS handshake timeout'), { code: TLS_HANDSHAKE_TIMEOUT });
}

/** The `code` of the error a connection gets when connecting takes too long. */
export const CONNECT_TIMEOUT = 'ERR_PLATFORM_CONNECT_TIMEOUT';

/** The error of a connect that took too long (mapped to Go's `dial tcp <addr>: i/o timeout`). */
export function connectTimeoutError(): Error {
  return Object.assign(new Error('connect timeout'), { code: CONNECT_TIMEOUT });
}

/** `GET` -> `Get`, as Go's url.Error prints the operation. */
export function goMethod(method: string): string {
  return method.charAt(0) + method.slice(1).toLowerCase();
}

interface ErrorWithCode {
  code?: string;
  message?: string;
  cause?: unknown;
  hostname?: string;
  address?: string;
  port?: number;
}

/** The most specific coded error in a cause chain: a Node system error over an undici wrapper. */
export function rootCause(err: unknown): ErrorWithCode | undefined {
  let systemError: ErrorWithCode | undefined;
  let undiciError: ErrorWithCode | undefined;
  let current: unknown = err;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const e = current as ErrorWithCode;
    if (typeof e.code === 'string') {
      if (e.code.startsWith('UND_ERR_')) undiciError ??= e;
      else systemError ??= e;
    }
    current = e.cause;
  }
  return systemError ?? undiciError;
}

function hostPort(url: string): string {
  try {
    const u = new URL(url);
    return u.port === '' ? `${u.hostname}:${u.protocol === 'https:' ? '443' : '80'}` : u.host;
  } catch {
    return url;
  }
}

function describe(cause: ErrorWithCode | undefined, err: unknown, url: string): string {
  const code = cause?.code ?? '';
  switch (code) {
    case 'ECONNREFUSED':
      return `dial tcp ${hostPort(url)}: connect: connection refused`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `dial tcp: lookup ${cause?.hostname ?? hostPort(url).replace(/:\d+$/, '')}: no such host`;
    case 'ECONNRESET':
      // Node's "socket hang up": the server closed the connection without answering, Go's EOF.
      return cause?.message === 'socket hang up' ? 'EOF' : 'read: connection reset by peer';
    case 'EHOSTUNREACH':
      return `dial tcp ${hostPort(url)}: connect: no route to host`;
    case TLS_HANDSHAKE_TIMEOUT:
      return 'net/http: TLS handshake timeout';
    case 'ETIMEDOUT':
    case CONNECT_TIMEOUT:
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `dial tcp ${hostPort(url)}: i/o timeout`;
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
      return 'tls: failed to verify certificate: x509: certificate signed by unknown authority';
    case 'CERT_HAS_EXPIRED':
    case 'CERT_NOT_YET_VALID':
      return 'tls: failed to verify certificate: x509: certificate has expired or is not yet valid';
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `tls: failed to verify certificate: x509: ${cause?.message ?? 'certificate is not valid for this host'}`;
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return 'EOF';
    default: {
      const message = cause?.message ?? (err instanceof Error ? err.message : String(err));
      return message;
    }
  }
}

/** Context of a failed request. */
export interface FailureContext {
  method: string;
  url: string;
  /** The transport's own timeout fired. */
  timedOut: boolean;
  timeoutMs: number | undefined;
  /** The caller's AbortSignal fired. */
  aborted: boolean;
  /** Whether the headers had arrived (the failure happened while reading the body). */
  readingBody: boolean;
  /** The response-header timeout fired (the request had no timeout of its own). */
  headersTimedOut?: boolean;
}

/** Maps a failure to {@link AbortedError}, {@link TimeoutError} or {@link TransportError}. */
export function toTransportError(err: unknown, ctx: FailureContext): Error {
  if (err instanceof AbortedError || err instanceof TimeoutError || err instanceof TransportError) return err;
  if (ctx.aborted) return new AbortedError();
  const op = `${goMethod(ctx.method)} "${ctx.url}"`;
  if (ctx.headersTimedOut === true) {
    // Go's http.Transport words its ResponseHeaderTimeout so.
    const reason = 'net/http: timeout awaiting response headers';
    return new TransportError(`${op}: ${reason}`, { url: ctx.url, cause: err, reason });
  }
  if (ctx.timedOut) {
    const what = ctx.readingBody ? 'Client.Timeout or context cancellation while reading body' : 'Client.Timeout exceeded while awaiting headers';
    const after = ctx.timeoutMs === undefined ? '' : ` after ${formatGoDuration(ctx.timeoutMs)}`;
    return new TimeoutError(`${op}: context deadline exceeded (${what})${after}`, { url: ctx.url, cause: err });
  }
  const cause = rootCause(err);
  const reason = describe(cause, err, ctx.url);
  return new TransportError(`${op}: ${reason}`, { url: ctx.url, cause: cause ?? err, reason, afterResponse: ctx.readingBody });
}
