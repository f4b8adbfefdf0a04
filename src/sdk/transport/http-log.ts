/**
 * `-v` request logging with kubectl's levels and wording:
 * 6 `GET <url> 200 OK in 12 milliseconds`; 7 the request line and headers, then `Response Status`;
 * 8 also response headers and bodies (truncated to 1,024 characters); 9 a curl command, timing
 * statistics and untruncated bodies. Everything passes through {@link redactHeaderValue} and
 * {@link redactBody}.
 */
import { redactBody, redactHeaderValue, truncateBody } from './redact.js';

/** Receives one log line and the level it was logged at. */
export type LogSink = (line: string, level: number) => void;

/** Headers as a list of (name, value) pairs, in order, with repeats. */
export type HeaderPairs = [string, string][];

/** `content-type` -> `Content-Type`, like Go's canonical header keys. */
export function canonicalHeaderName(name: string): string {
  return name.toLowerCase().replace(/(^|-)([a-z])/g, (_m, dash: string, ch: string) => dash + ch.toUpperCase());
}

/** Flattens a header record into pairs (arrays become repeated headers). */
export function headerPairs(headers: Readonly<Record<string, string | string[] | undefined>>): HeaderPairs {
  const pairs: HeaderPairs = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) pairs.push([canonicalHeaderName(name), v]);
  }
  return pairs;
}

/** Logs HTTP exchanges at a verbosity. */
export class HttpLogger {
  readonly verbosity: number;
  private readonly sink: LogSink | undefined;

  constructor(verbosity: number, sink: LogSink | undefined) {
    this.verbosity = sink === undefined ? 0 : verbosity;
    this.sink = sink;
  }

  private log(level: number, line: string): void {
    if (this.sink !== undefined && this.verbosity >= level) this.sink(line, level);
  }

  /** Before sending. */
  request(method: string, url: string, headers: HeaderPairs, body: Uint8Array | string | undefined, contentType: string | undefined): void {
    if (this.verbosity >= 9) {
      const flags = headers.map(([k, v]) => ` -H "${k}: ${redactHeaderValue(k, v)}"`).join('');
      this.log(9, `curl -v -X${method} ${flags} '${url}'`);
    } else if (this.verbosity >= 7) {
      this.log(7, `${method} ${url}`);
      this.log(7, 'Request Headers:');
      for (const [k, v] of headers) this.log(7, `    ${k}: ${redactHeaderValue(k, v)}`);
    }
    if (body !== undefined && this.verbosity >= 8) {
      this.log(8, `Request Body: ${truncateBody(redactBody(body, contentType), this.bodyLimit())}`);
    }
  }

  /** After the response headers arrived. */
  response(method: string, url: string, status: string, elapsedMs: number, headers: HeaderPairs): void {
    const ms = Math.round(elapsedMs);
    if (this.verbosity === 6 || this.verbosity >= 9) this.log(6, `${method} ${url} ${status} in ${ms} milliseconds`);
    if (this.verbosity >= 9) this.log(9, `HTTP Statistics: Duration ${ms} ms`);
    if (this.verbosity >= 7 && this.verbosity < 9) this.log(7, `Response Status: ${status} in ${ms} milliseconds`);
    if (this.verbosity >= 8) {
      this.log(8, 'Response Headers:');
      for (const [k, v] of headers) this.log(8, `    ${k}: ${redactHeaderValue(k, v)}`);
    }
  }

  /** After a buffered response body was read. */
  responseBody(body: Uint8Array, contentType: string | undefined): void {
    if (this.verbosity < 8) return;
    this.log(8, `Response Body: ${truncateBody(redactBody(body, contentType), this.bodyLimit())}`);
  }

  /** A request that failed without a response. */
  failure(method: string, url: string, elapsedMs: number, message: string): void {
    if (this.verbosity >= 6) this.log(6, `${method} ${url}  in ${Math.round(elapsedMs)} milliseconds`);
    if (this.verbosity >= 7) this.log(7, `Error: ${message}`);
  }

  /** A free-form diagnostic line (retries, credential refreshes). */
  note(level: number, line: string): void {
    this.log(level, line);
  }

  private bodyLimit(): number | undefined {
    return this.verbosity >= 9 ? undefined : 1024;
  }
}
