/**
 * What the transport needs from an HTTP client: send one request on a keep-alive pool and resolve
 * with the status, the headers and the body as a stream. Two implementations: Node's own
 * `http`/`https` agents for direct connections (they load in a millisecond, where undici's
 * dispatcher and its WebAssembly HTTP parser cost 80-100 ms of every CLI command's start-up), and
 * undici's `ProxyAgent` for requests through an HTTP(S) proxy.
 */
import type { Readable } from 'node:stream';

/** One request. Header values may be arrays (repeated headers such as `Impersonate-Group`). */
export interface RequesterRequest {
  origin: string;
  path: string;
  method: string;
  headers: Record<string, string | string[]>;
  body?: string | Buffer;
  signal: AbortSignal;
  /**
   * How long the TLS handshake of a new connection may take once TCP is connected (Go's
   * `TLSHandshakeTimeout`); 0 or absent: unbounded. A reused connection has no handshake.
   */
  tlsHandshakeTimeoutMs?: number;
  /** How long connecting a new connection (DNS and TCP) may take; 0 or absent: unbounded. */
  connectTimeoutMs?: number;
}

/** The answer: lower-case header names; repeated headers as arrays. */
export interface RequesterResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

/** A connection pool that sends requests. */
export interface Requester {
  request(options: RequesterRequest): Promise<RequesterResponse>;
  /** Lets in-flight requests finish, then closes idle connections. */
  close(): Promise<void>;
  /** Closes every connection now. */
  destroy(): Promise<void>;
}
