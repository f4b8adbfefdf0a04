/**
 * Connection-level defences. A client controls how fast its request arrives, so every request that
 * carries a body gets a deadline for it (the API server's request timeout); an answer given while a
 * body is still arriving closes the connection without resetting it, so that the client can read
 * the answer; and requests Node's HTTP parser refuses get the status Go's net/http gives them
 * instead of a reset.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError } from '../errors.js';
import type { RequestInfo } from '../request/request-info.js';
import { setLongTimeout } from '../../machinery/long-timeout.js';

/**
 * The request timeout of kube-apiserver (`--request-timeout`, 60 s): here the time a request's
 * body may take to arrive in full.
 */
export const DEFAULT_BODY_TIMEOUT_MS = 60_000;

/** kube-apiserver's `ReadHeaderTimeout` (32 s, "just shy of requestTimeoutUpperBound"). */
export const MAX_HEADERS_TIMEOUT_MS = 32_000;

/**
 * kube-apiserver's `MaxHeaderBytes` (1 MiB) plus the 4 KiB Go's net/http reads beyond it: the most
 * a request line and its headers may take (Node's default, 16 KiB, refuses long label selectors
 * a real server serves).
 */
export const MAX_HEADER_BYTES = (1 << 20) + 4096;

/**
 * How long a connection closed after an answer keeps reading (and discarding) what the client still
 * sends: closing a socket with unread input makes the kernel reset the connection, and the reset
 * can overtake the answer in the client's receive buffer. Go's net/http waits 500 ms for the same
 * reason (`rstAvoidanceDelay`).
 */
const LINGER_MS = 500;

/** kube-apiserver's long-running requests (`BasicLongRunningRequestCheck`): no request timeout. */
const LONG_RUNNING_VERBS = new Set(['watch', 'proxy']);
const LONG_RUNNING_SUBRESOURCES = new Set(['attach', 'exec', 'proxy', 'log', 'portforward']);

/** True for the requests kube-apiserver exempts from its request timeout. */
export function isLongRunning(info: RequestInfo): boolean {
  return LONG_RUNNING_VERBS.has(info.verb) || (info.isResourceRequest && LONG_RUNNING_SUBRESOURCES.has(info.subresource));
}

/** The 504 of kube-apiserver's timeout filter. */
export function requestTimeout(): ApiError {
  return new ApiError(504, 'Timeout', 'Timeout: request did not complete within the allotted timeout', {});
}

/** Ends the connection after what was written, reading on for a moment so the end is not a reset. */
export function lingerClose(socket: Duplex): void {
  if (socket.destroyed) return;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.end();
}

/**
 * Marks the answer about to be written as the connection's last (`Connection: close`) and makes the
 * close a lingering one. For an answer given while the request body is still arriving: the rest of
 * the body is never read.
 */
export function closeAfterAnswer(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
  const socket = res.socket;
  // Node's HTTP server ends a connection whose answer said `close` with destroySoon(), which
  // destroys the socket the moment the answer is written: with request bytes still arriving, that
  // is the reset described at LINGER_MS.
  if (socket !== null) socket.destroySoon = (): void => lingerClose(socket);
}

/** The body deadline of a request, which {@link readBody} honours. */
class BodyDeadline {
  expired = false;
  private readonly waiters = new Set<() => void>();

  /** Calls `f` when the deadline passes (at once when it has); returns a function that cancels. */
  onExpiry(f: () => void): () => void {
    if (this.expired) {
      f();
      return () => undefined;
    }
    this.waiters.add(f);
    return () => this.waiters.delete(f);
  }

  expire(): void {
    this.expired = true;
    for (const f of [...this.waiters]) f();
    this.waiters.clear();
  }
}

const deadlines = new WeakMap<IncomingMessage, BodyDeadline>();

/** The body deadline of a request (none for requests without one, such as those tests build). */
export function bodyDeadlineOf(req: IncomingMessage): BodyDeadline | undefined {
  return deadlines.get(req);
}

/** True for a request Node handed to the server's `upgrade` listener (its body is the upgraded stream). */
export function isUpgrade(req: IncomingMessage): boolean {
  // Set by Node's HTTP parser; not in the type declarations.
  return (req as IncomingMessage & { upgrade?: boolean }).upgrade === true;
}

/** True when the request says it has a body. */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * Gives a request's body a deadline of `timeoutMs` from now (requests without a body, upgrades and
 * long-running requests get none). When it passes with the body incomplete, a read of the body
 * fails with 504 Timeout; when the answer has already been written, the connection is closed.
 */
export function guardBody(req: IncomingMessage, res: ServerResponse, info: RequestInfo, timeoutMs: number): void {
  if (isUpgrade(req) || !hasBody(req) || isLongRunning(info)) return;
  const deadline = new BodyDeadline();
  deadlines.set(req, deadline);
  const timer = setLongTimeout(() => {
    if (req.complete) return;
    deadline.expire();
    // Nobody reads this body any more (the answer is out): only the deadline ends the connection.
    if (res.headersSent) req.socket.destroy();
  }, timeoutMs);
  timer.unref();
  const socket = req.socket;
  const done = (): void => {
    timer.clear();
    // The socket outlives the request on a keep-alive connection.
    socket.off('close', done);
    req.off('end', done);
  };
  req.once('end', done);
  socket.once('close', done);
}

/** A socket's request in flight (its answer not yet written). */
const busy = new WeakMap<Duplex, number>();

/** Counts a request as in flight on its connection until its answer is done. */
export function trackInFlight(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket;
  busy.set(socket, (busy.get(socket) ?? 0) + 1);
  let counted = true;
  const done = (): void => {
    if (!counted) return;
    counted = false;
    busy.set(socket, (busy.get(socket) ?? 1) - 1);
  };
  res.once('finish', done);
  res.once('close', done);
}

const answered = new WeakSet<Duplex>();

/**
 * The server's `clientError` listener: what Go's net/http does with a request it cannot read. A
 * request line and headers over {@link MAX_HEADER_BYTES} get `431 Request Header Fields Too Large`,
 * other malformed requests `400 Bad Request` (plain text, `Connection: close`), and the connection
 * ends without a reset; a connection that timed out or failed is closed without an answer. Nothing
 * is written while an answer to an earlier request on the connection is still due: it could land
 * inside that answer.
 */
export function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (answered.has(socket)) return;
  const code = err.code ?? '';
  if (!code.startsWith('HPE_') || !socket.writable || (busy.get(socket) ?? 0) > 0) {
    socket.destroy();
    return;
  }
  answered.add(socket);
  const status = code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
  socket.write(`HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n${status}`);
  lingerClose(socket);
}
