/**
 * The REST layer: sends a request through the {@link Transport}, turns error responses into
 * {@link StatusError}s and decodes successful ones by media type (JSON, Table, protobuf envelope).
 */
import { definedMembers } from '../../machinery/defined-members.js';
import { ProtocolError } from '../errors.js';
import { MEDIA_TYPES } from '../naming.js';
import type { BufferedResponse, HttpMethod, HttpRequest, QueryParams, StreamingResponse } from '../transport/http-types.js';
import type { Transport } from '../transport/transport.js';
import { baseMediaType } from './media-types.js';
import { decodeProtobufEnvelope, type ProtobufEnvelope } from './protobuf.js';
import { errorFromResponse, type ErrorContext } from './response-errors.js';

/** One REST call. */
export interface RestRequest {
  method: HttpMethod;
  path: string;
  query?: QueryParams;
  /** A value to send as JSON, or raw bytes/text with {@link contentType}. */
  body?: unknown;
  /** Media type of a raw body, or the patch type of a JSON body (default `application/json`). */
  contentType?: string;
  accept?: string;
  headers?: Record<string, string | string[]>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The resource the call is about, for synthesized error messages. */
  errorContext?: Omit<ErrorContext, 'method'>;
}

/** A successful (2xx) response with decoding helpers. */
export class RestResponse {
  /** HTTP status. */
  readonly status: number;
  /** Response headers (lower-case names). */
  readonly headers: BufferedResponse['headers'];
  /** The raw (decompressed) body. */
  readonly body: Buffer;
  /** The request URL. */
  readonly url: string;

  constructor(res: BufferedResponse) {
    this.status = res.status;
    this.headers = res.headers;
    this.body = res.body;
    this.url = res.url;
  }

  /** The `Content-Type` header. */
  get contentType(): string | undefined {
    const v = this.headers['content-type'];
    return Array.isArray(v) ? v[0] : v;
  }

  /** The body as UTF-8 text. */
  text(): string {
    return this.body.toString('utf8');
  }

  /** Parses the body as JSON; a protobuf or otherwise non-JSON body is a {@link ProtocolError}. */
  json<T>(): T {
    const type = baseMediaType(this.contentType);
    if (type === MEDIA_TYPES.protobuf) {
      throw new ProtocolError(`the server answered ${this.url} with ${MEDIA_TYPES.protobuf} where JSON was expected`);
    }
    if (this.body.length === 0) throw new ProtocolError(`the server's response to ${this.url} is empty where JSON was expected`);
    try {
      return JSON.parse(this.text()) as T;
    } catch {
      throw new ProtocolError(`the server's response to ${this.url} is not valid JSON (${this.body.length} bytes of ${type === '' ? 'unknown content' : type})`);
    }
  }

  /** Decodes a protobuf envelope (checking its prefix). */
  protobuf(): ProtobufEnvelope {
    return decodeProtobufEnvelope(this.body);
  }

  /** Whether the server answered in protobuf. */
  isProtobuf(): boolean {
    return baseMediaType(this.contentType) === MEDIA_TYPES.protobuf;
  }
}

function encodeBody(req: RestRequest): { body?: string | Uint8Array; contentType?: string } {
  if (req.body === undefined) return {};
  if (typeof req.body === 'string' || req.body instanceof Uint8Array) {
    return { body: req.body, contentType: req.contentType ?? MEDIA_TYPES.json };
  }
  return { body: JSON.stringify(req.body), contentType: req.contentType ?? MEDIA_TYPES.json };
}

/** Sends REST calls and maps their outcome. */
export class RestClient {
  /** The transport underneath. */
  readonly transport: Transport;

  constructor(transport: Transport) {
    this.transport = transport;
  }

  private httpRequest(req: RestRequest): HttpRequest {
    const http: HttpRequest = { method: req.method, path: req.path, ...definedMembers(req, ['query', 'accept', 'headers', 'signal', 'timeoutMs']) };
    const { body, contentType } = encodeBody(req);
    if (body !== undefined) http.body = body;
    if (contentType !== undefined) http.contentType = contentType;
    return http;
  }

  /** Sends a call; resolves with the 2xx response, rejects with a StatusError otherwise. */
  async request(req: RestRequest): Promise<RestResponse> {
    const res = await this.transport.request(this.httpRequest(req));
    if (res.status < 200 || res.status >= 300) throw errorFromResponse(res, { method: req.method, ...req.errorContext });
    return new RestResponse(res);
  }

  /** Sends a call and parses the JSON answer. */
  async json<T>(req: RestRequest): Promise<T> {
    return (await this.request(req)).json<T>();
  }

  /** Sends a call whose successful body is streamed (watch). Errors are thrown as for {@link request}. */
  async stream(req: RestRequest): Promise<StreamingResponse> {
    const res = await this.transport.stream(this.httpRequest(req));
    if (!res.streaming) {
      if (res.status < 200 || res.status >= 300) throw errorFromResponse(res, { method: req.method, ...req.errorContext });
      const body = res.body;
      return { ...res, streaming: true, body: (async function* one(): AsyncGenerator<Buffer> { if (body.length > 0) yield body; })(), cancel: () => undefined };
    }
    return res;
  }

  /** GET `path` as it is (for `get --raw`): the body bytes of a 2xx answer. */
  async raw(path: string, options: { signal?: AbortSignal; accept?: string } = {}): Promise<RestResponse> {
    const req: RestRequest = { method: 'GET', path, accept: options.accept ?? `${MEDIA_TYPES.json}, */*` };
    if (options.signal !== undefined) req.signal = options.signal;
    return this.request(req);
  }
}

