/**
 * Request and response shapes of the transport layer.
 */

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Query parameters; arrays repeat the parameter, undefined values are left out. */
export type QueryParams = Record<string, string | number | boolean | readonly string[] | undefined>;

/** One HTTP request, relative to the cluster's server URL. */
export interface HttpRequest {
  method: HttpMethod;
  /** Path below the server URL, starting with `/` (may carry its own query string). */
  path: string;
  query?: QueryParams;
  /** Extra headers; arrays are sent as repeated headers. */
  headers?: Record<string, string | string[]>;
  /** `Accept` header (default `application/json`). */
  accept?: string;
  /** Request body and its media type. */
  body?: string | Uint8Array;
  contentType?: string;
  /** Aborts the request (and a streaming body). */
  signal?: AbortSignal;
  /** Overrides the client's request timeout for this request, in ms (0 = none). */
  timeoutMs?: number;
}

/** Response metadata. */
export interface HttpResponseHead {
  status: number;
  /** `200 OK`. */
  statusLine: string;
  /** The request URL (no credentials). */
  url: string;
  /** Response headers, lower-case names; repeated headers are arrays. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** A response whose body was read completely (and decompressed). */
export interface BufferedResponse extends HttpResponseHead {
  streaming: false;
  body: Buffer;
}

/** A successful response whose body is read as it arrives (watches, large lists). */
export interface StreamingResponse extends HttpResponseHead {
  streaming: true;
  /** Decompressed body chunks. Ends when the server ends it; throws transport errors. */
  body: AsyncIterable<Buffer>;
  /** Stops reading and releases the connection. */
  cancel(): void;
}

/** First value of a header of a response. */
export function headerValue(head: HttpResponseHead, name: string): string | undefined {
  const value = head.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
