/**
 * A pod's log (`pods/log`) as an async iterable of chunks as the server sends them (a followed log
 * streams until the container ends or the signal aborts), and a line splitter over it.
 */
import { errorFromResponse } from '../rest/response-errors.js';
import type { HttpRequest, QueryParams } from '../transport/http-types.js';
import type { Transport } from '../transport/transport.js';

/**
 * Options of {@link PodStreams.log} (PodLogOptions). A followed log is one long HTTP response with
 * no protocol-level ping: its connection has TCP keep-alive (probes after 30 s idle) on direct
 * connections; behind an HTTP proxy or load balancer with an idle timeout, a quiet log can be cut,
 * and the way on is to read again with `sinceTime` set to the last line's time (`timestamps: true`).
 */
export interface PodLogOptions {
  container?: string | undefined;
  follow?: boolean | undefined;
  /** The previous instance of the container (after a restart). */
  previous?: boolean | undefined;
  tailLines?: number | undefined;
  sinceSeconds?: number | undefined;
  /** RFC 3339 time, or a Date. */
  sinceTime?: string | Date | undefined;
  /** Prefix every line with its RFC3339Nano time. */
  timestamps?: boolean | undefined;
  limitBytes?: number | undefined;
  signal?: AbortSignal | undefined;
}

/** The query of a log request. */
export function logQuery(o: PodLogOptions): QueryParams {
  const sinceTime = o.sinceTime instanceof Date ? o.sinceTime.toISOString().replace(/\.\d+Z$/, 'Z') : o.sinceTime;
  return {
    container: o.container === '' ? undefined : o.container,
    follow: o.follow === true ? 'true' : undefined,
    previous: o.previous === true ? 'true' : undefined,
    tailLines: o.tailLines,
    sinceSeconds: o.sinceSeconds,
    sinceTime,
    timestamps: o.timestamps === true ? 'true' : undefined,
    limitBytes: o.limitBytes,
  };
}

/** Reads a pod's log; rejects (on first iteration) with a StatusError when the server refuses. */
export async function* podLog(transport: Transport, path: string, options: PodLogOptions): AsyncGenerator<Buffer> {
  const req: HttpRequest = { method: 'GET', path, query: logQuery(options), accept: '*/*' };
  // A followed log runs as long as the container: no request timeout applies.
  if (options.follow === true) req.timeoutMs = 0;
  if (options.signal !== undefined) req.signal = options.signal;
  const res = await transport.stream(req);
  if (!res.streaming) {
    if (res.status >= 200 && res.status < 300) {
      if (res.body.length > 0) yield res.body;
      return;
    }
    throw errorFromResponse(res, { method: 'GET', resource: 'pods' });
  }
  try {
    for await (const chunk of res.body) yield chunk;
  } catch (e) {
    if (options.signal?.aborted === true) return;
    throw e;
  } finally {
    res.cancel();
  }
  if (options.signal?.aborted === true) return;
}

/** Splits chunks into lines (without their newline); a last line without one is yielded too. */
export async function* linesOf(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of chunks) {
    pending += decoder.decode(chunk, { stream: true });
    let nl = pending.indexOf('\n');
    while (nl >= 0) {
      yield pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      nl = pending.indexOf('\n');
    }
  }
  pending += decoder.decode();
  if (pending !== '') yield pending;
}
