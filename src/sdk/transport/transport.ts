/**
 * The HTTP transport of a client: builds the URL, adds credentials, impersonation, user agent and
 * compression headers, sends through the shared undici pool, enforces the request timeout and the
 * caller's AbortSignal, retries 429/504 with `Retry-After`, refreshes credentials once after a 401,
 * reports `Warning` headers, decompresses gzip, and logs at kubectl's `-v` levels with secrets
 * redacted. It never interprets bodies: that is the REST layer's job.
 */
import type { Readable } from 'node:stream';
import type { ClientConfig } from '../config/client-config.js';
import type { ClientCertificate, CredentialSource, RequestCredentials } from '../auth/credentials.js';
import { impersonationHeaders } from '../auth/impersonation.js';
import { formatBytes } from '../bounded-read.js';
import { AbortedError, ProtocolError } from '../errors.js';
import { MEDIA_TYPES } from '../naming.js';
import type * as DispatchersModule from './dispatchers.js';
import type { TlsSettings } from './dispatchers.js';
import type { Requester, RequesterRequest, RequesterResponse } from './requester.js';
import { formatGoDuration } from '../../machinery/go-duration.js';
import { sleepUnlessAborted } from '../../machinery/sleep.js';
import { headerPairs, HttpLogger, type HeaderPairs, type LogSink } from './http-log.js';
import type { BufferedResponse, HttpRequest, HttpResponseHead, QueryParams, StreamingResponse } from './http-types.js';
import type { Env, resolveProxy as ResolveProxy } from './proxy.js';
import { isRetryableStatus, parseRetryAfter, resolveRetryPolicy, retryDelayMs, type ResolvedRetryPolicy, type RetryPolicy } from './retry.js';
import { redactUrl } from './redact.js';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_RESPONSE_HEADER_TIMEOUT_MS } from './timeouts.js';
import { goMethod, toTransportError } from './transport-errors.js';
import { WarningDeduplicator, type WarningHandler } from './warnings.js';
import { withoutTrailing } from '../../machinery/trailing.js';
import { setLongTimeout } from '../../machinery/long-timeout.js';

/** Options of a {@link Transport}. */
export interface TransportOptions {
  /** Where credentials come from (see `createCredentialSource`). */
  credentials: CredentialSource;
  /** Environment for proxy variables (HTTPS_PROXY, HTTP_PROXY, NO_PROXY). Default: none. */
  env?: Env | undefined;
  /** `User-Agent` header. */
  userAgent?: string | undefined;
  /** Receives log lines; `verbosity` picks which (kubectl's `-v`). */
  logger?: LogSink | undefined;
  verbosity?: number | undefined;
  /** Receives each distinct server warning once. */
  onWarning?: WarningHandler | undefined;
  /** Retry limits for 429/504. */
  retry?: RetryPolicy | undefined;
  /**
   * How long the TLS handshake of each new connection may take (default
   * {@link DEFAULT_TLS_HANDSHAKE_TIMEOUT_MS}, kubectl's 10 s); it applies to watches too, which
   * have no request timeout. 0 disables it.
   */
  tlsHandshakeTimeoutMs?: number | undefined;
  /** How long a new connection may take to connect (default 30 s, `timeouts.ts`); 0 disables it. */
  connectTimeoutMs?: number | undefined;
  /**
   * How long a request without a request timeout may wait for the response headers (default
   * 60 s, `timeouts.ts`): a server or proxy that accepts and never answers must not hang a
   * command. The body, once the headers are in, is not bounded (watches, logs). 0 disables it.
   */
  responseHeaderTimeoutMs?: number | undefined;
  /**
   * The most a response read whole into memory may hold, decompressed (default
   * {@link DEFAULT_MAX_RESPONSE_BYTES}); streamed responses (watches, `get --raw`) are not read whole.
   */
  maxResponseBytes?: number | undefined;
}

/**
 * The default bound of a response read whole: far above any list page or document a server
 * sends (objects are at most 1.5 MiB in etcd, lists come in pages), and half of the longest
 * string JavaScript can make, which a larger JSON body could never be decoded into anyway.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 256 * 1024 * 1024;

/** kubectl's (Go's `http.DefaultTransport`) TLS handshake timeout. */
export const DEFAULT_TLS_HANDSHAKE_TIMEOUT_MS = 10_000;

let defaultHandshakeTimeoutMs = DEFAULT_TLS_HANDSHAKE_TIMEOUT_MS;

/**
 * Changes the handshake timeout of transports created without one (for tests that must not wait
 * 10 s per attempt, and for embedders of the CLI). Returns the previous value.
 */
export function setDefaultTlsHandshakeTimeout(ms: number): number {
  const previous = defaultHandshakeTimeoutMs;
  defaultHandshakeTimeoutMs = ms;
  return previous;
}

/** See {@link Transport.connectionFor}. */
export interface UpgradeConnection {
  url: URL;
  headers: Record<string, string | string[]>;
  tls: TlsSettings;
  clientCertificate?: ClientCertificate;
  proxy?: string;
  /** The credentials used (for a refresh after 401). */
  creds: RequestCredentials;
}

interface Deadline {
  signal: AbortSignal;
  timedOut(): boolean;
  aborted(): boolean;
  dispose(): void;
  timeoutMs: number | undefined;
  /** Starts the wait for the response headers: the request is aborted unless {@link headersArrived} comes within `ms`. */
  awaitHeaders(ms: number): void;
  headersArrived(): void;
  headersTimedOut(): boolean;
}

function createDeadline(userSignal: AbortSignal | undefined, timeoutMs: number | undefined): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  let headerTimer: NodeJS.Timeout | undefined;
  let headersTimedOut = false;
  const stopHeaderTimer = (): void => {
    if (headerTimer !== undefined) clearTimeout(headerTimer);
    headerTimer = undefined;
  };
  const onAbort = (): void => controller.abort(userSignal?.reason);
  if (userSignal !== undefined) {
    if (userSignal.aborted) controller.abort(userSignal.reason);
    else userSignal.addEventListener('abort', onAbort, { once: true });
  }
  const timer = timeoutMs !== undefined && timeoutMs > 0
    ? setLongTimeout(() => {
      timedOut = true;
      controller.abort(new Error('request timeout'));
    }, timeoutMs)
    : undefined;
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    aborted: () => userSignal?.aborted === true && !timedOut && !headersTimedOut,
    dispose: () => {
      timer?.clear();
      stopHeaderTimer();
      userSignal?.removeEventListener('abort', onAbort);
    },
    timeoutMs: timeoutMs !== undefined && timeoutMs > 0 ? timeoutMs : undefined,
    awaitHeaders: (ms) => {
      if (ms <= 0) return;
      headerTimer = setTimeout(() => {
        headersTimedOut = true;
        controller.abort(new Error('timeout awaiting response headers'));
      }, ms);
    },
    headersArrived: stopHeaderTimer,
    headersTimedOut: () => headersTimedOut,
  };
}

/** Waits `ms`; an abort ends the wait with `AbortedError`. */
async function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  await sleepUnlessAborted(ms, signal);
  if (signal?.aborted === true) throw new AbortedError();
}

function appendQuery(search: URLSearchParams, query: QueryParams | undefined): void {
  if (query === undefined) return;
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value as readonly string[]) search.append(key, v);
    else search.append(key, String(value));
  }
}

function normalizeHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string | string[] | undefined> {
  const out: Record<string, string | string[] | undefined> = {};
  for (const [k, v] of Object.entries(raw)) out[k.toLowerCase()] = v;
  return out;
}

// node:http, the proxy matcher and the connection pools are loaded with the first request, so that
// importing the SDK stays cheap.
interface LazyModules {
  statusCodes: Record<number, string | undefined>;
  resolveProxy: typeof ResolveProxy;
  dispatchers: typeof DispatchersModule;
}
let lazy: Promise<LazyModules> | undefined;

function lazyModules(): Promise<LazyModules> {
  lazy ??= Promise.all([import('node:http'), import('./proxy.js'), import('./dispatchers.js')]).then(([http, proxy, dispatchers]) => ({
    statusCodes: http.STATUS_CODES,
    resolveProxy: proxy.resolveProxy,
    dispatchers,
  }));
  return lazy;
}

function statusLine(statusCodes: Record<number, string | undefined>, status: number): string {
  const text = statusCodes[status];
  return text === undefined ? String(status) : `${status} ${text}`;
}

async function* decodedChunks(body: Readable, gzip: boolean): AsyncGenerator<Buffer> {
  if (!gzip) {
    for await (const chunk of body) yield chunk as Buffer;
    return;
  }
  const { createGunzip } = await import('node:zlib');
  const gunzip = createGunzip();
  body.on('error', (err) => gunzip.destroy(err));
  body.pipe(gunzip);
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
  } finally {
    body.destroy();
  }
}

interface Attempt {
  head: HttpResponseHead;
  creds: RequestCredentials;
  /** Set for buffered attempts and for every non-2xx response. */
  buffered?: Buffer;
  stream?: AsyncGenerator<Buffer>;
  cancel?: () => void;
}

/** Sends HTTP requests to one cluster as one identity. */
export class Transport {
  /** The server URL requests are relative to. */
  readonly baseUrl: URL;
  private readonly config: ClientConfig;
  private readonly credentials: CredentialSource;
  private readonly env: Env;
  private readonly userAgent: string | undefined;
  private readonly logger: HttpLogger;
  private readonly warnings: WarningDeduplicator;
  private readonly retry: ResolvedRetryPolicy;
  private readonly tls: TlsSettings;
  private readonly staticHeaders: Record<string, string | string[]>;
  private readonly tlsHandshakeTimeoutMs: number;
  private readonly connectTimeoutMs: number;
  private readonly responseHeaderTimeoutMs: number;
  private readonly maxResponseBytes: number;
  private lastDispatcher: { cert: RequestCredentials['clientCertificate']; proxy: string | undefined; dispatcher: Requester; generation: number } | undefined;
  private lastCertKey: string | undefined;

  constructor(config: ClientConfig, options: TransportOptions) {
    this.config = config;
    this.baseUrl = new URL(config.server);
    this.credentials = options.credentials;
    this.env = options.env ?? {};
    this.userAgent = options.userAgent ?? config.userAgent;
    this.logger = new HttpLogger(options.verbosity ?? 0, options.logger);
    this.warnings = new WarningDeduplicator(options.onWarning);
    this.retry = resolveRetryPolicy(options.retry);
    const tls: TlsSettings = {};
    if (config.caData !== undefined) tls.caData = config.caData;
    if (config.tlsServerName !== undefined) tls.serverName = config.tlsServerName;
    if (config.insecureSkipTLSVerify === true) tls.insecureSkipVerify = true;
    this.tls = tls;
    this.staticHeaders = impersonationHeaders(config.impersonate);
    this.tlsHandshakeTimeoutMs = options.tlsHandshakeTimeoutMs ?? defaultHandshakeTimeoutMs;
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    this.responseHeaderTimeoutMs = options.responseHeaderTimeoutMs ?? DEFAULT_RESPONSE_HEADER_TIMEOUT_MS;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  }

  /** The full URL of a request (for messages and logs). A query string in `path` is kept as written. */
  url(path: string, query?: QueryParams, timeoutMs?: number): URL {
    const url = new URL(this.baseUrl.toString());
    const prefix = withoutTrailing(url.pathname, '/');
    const q = path.indexOf('?');
    url.pathname = prefix + (q < 0 ? path : path.slice(0, q));
    const raw = q < 0 ? '' : path.slice(q + 1);
    const extra = new URLSearchParams();
    appendQuery(extra, query);
    // client-go tells the server how long it will wait, so the server can give up too.
    if (timeoutMs !== undefined && timeoutMs > 0 && !extra.has('timeout') && !new URLSearchParams(raw).has('timeout')) {
      extra.set('timeout', formatGoDuration(timeoutMs));
    }
    // client-go encodes url.Values, whose keys come out sorted (`continue=...&limit=500`); -v logs show it.
    extra.sort();
    const search = [raw, extra.toString()].filter((part) => part !== '').join('&');
    url.search = search === '' ? '' : `?${search}`;
    return url;
  }

  /** Sends a request and reads the whole response body. Non-2xx statuses are returned, not thrown. */
  async request(req: HttpRequest): Promise<BufferedResponse> {
    const attempt = await this.send(req, false);
    return { ...attempt.head, streaming: false, body: attempt.buffered ?? Buffer.alloc(0) };
  }

  /**
   * Sends a request whose successful body is read as it arrives. Non-2xx responses come back
   * buffered (their body is an error document).
   */
  async stream(req: HttpRequest): Promise<StreamingResponse | BufferedResponse> {
    const attempt = await this.send(req, true);
    if (attempt.stream === undefined) return { ...attempt.head, streaming: false, body: attempt.buffered ?? Buffer.alloc(0) };
    const cancel = attempt.cancel ?? ((): void => undefined);
    return { ...attempt.head, streaming: true, body: attempt.stream, cancel };
  }

  /**
   * What a connection of its own (a WebSocket upgrade) needs to reach the server as this client:
   * the URL, headers with credentials, impersonation and user agent, the TLS settings with the
   * client certificate, and the proxy. After a 401, {@link refreshCredentials} says whether one
   * retry with fresh credentials may succeed.
   */
  async connectionFor(path: string, query: QueryParams | undefined, signal?: AbortSignal): Promise<UpgradeConnection> {
    const creds = await this.credentials.get(signal === undefined ? {} : { signal });
    const url = this.url(path, query);
    const headers = this.buildHeaders({ method: 'GET', path }, creds);
    delete headers.Accept;
    delete headers['Accept-Encoding'];
    const { resolveProxy } = await lazyModules();
    const proxy = resolveProxy(url, this.config.proxyURL, this.env);
    const connection: UpgradeConnection = { url, headers, tls: this.tls, creds };
    if (creds.clientCertificate !== undefined) connection.clientCertificate = creds.clientCertificate;
    if (proxy !== undefined) connection.proxy = proxy;
    return connection;
  }

  /** After a 401 to an upgrade made with `used`: true when fresh credentials are worth one retry. */
  refreshCredentials(used: RequestCredentials, signal?: AbortSignal): Promise<boolean> {
    return this.credentials.refreshAfterUnauthorized(used, signal === undefined ? {} : { signal });
  }

  /** Logs a line at `-v=level` (stream sessions report their upgrades like requests). */
  note(level: number, message: string): void {
    this.logger.note(level, message);
  }

  private timeoutFor(req: HttpRequest): number | undefined {
    const t = req.timeoutMs ?? this.config.timeoutMs;
    return t !== undefined && t > 0 ? t : undefined;
  }

  /**
   * How long an upgrade (exec, attach, port-forward) may wait for the server's answer: the
   * request timeout when there is one, else the response-header timeout; undefined: forever.
   * Once upgraded, the connection has no bound.
   */
  upgradeTimeoutMs(): number | undefined {
    const t = this.config.timeoutMs !== undefined && this.config.timeoutMs > 0 ? this.config.timeoutMs : this.responseHeaderTimeoutMs;
    return t > 0 ? t : undefined;
  }

  private async send(req: HttpRequest, streaming: boolean): Promise<Attempt> {
    let retries = 0;
    let waited = 0;
    let refreshed = false;
    for (;;) {
      const attempt = await this.attempt(req, streaming);
      const status = attempt.head.status;
      if (status === 401 && !refreshed) {
        refreshed = true;
        const credOptions: { signal?: AbortSignal; timeoutMs?: number } = {};
        if (req.signal !== undefined) credOptions.signal = req.signal;
        const timeoutMs = this.timeoutFor(req);
        if (timeoutMs !== undefined) credOptions.timeoutMs = timeoutMs;
        if (await this.credentials.refreshAfterUnauthorized(attempt.creds, credOptions)) {
          this.logger.note(4, `${req.method} ${attempt.head.url}: 401 Unauthorized, retrying once with refreshed credentials`);
          continue;
        }
      }
      if (isRetryableStatus(status, req.method) && retries < this.retry.maxRetries) {
        const retryAfter = parseRetryAfter(headerFirst(attempt.head.headers['retry-after']));
        const delay = retryDelayMs(this.retry, retries, retryAfter);
        if (waited + delay <= this.retry.maxTotalDelayMs) {
          this.logger.note(4, `Got a Retry-After ${retryAfter ?? 0}s response for attempt ${retries + 1} to ${attempt.head.url}`);
          await sleep(delay, req.signal);
          waited += delay;
          retries++;
          continue;
        }
      }
      return attempt;
    }
  }

  private async attempt(req: HttpRequest, streaming: boolean): Promise<Attempt> {
    const timeoutMs = this.timeoutFor(req);
    const deadline = createDeadline(req.signal, timeoutMs);
    const url = this.url(req.path, req.query, timeoutMs);
    // Never let userinfo in a server URL reach a log or an error message.
    const urlText = redactUrl(url.toString());
    // process.hrtime, not the global `performance`, whose first use loads perf_hooks (1.5 ms of start-up).
    const started = process.hrtime.bigint();
    const elapsedMs = (): number => Number(process.hrtime.bigint() - started) / 1e6;
    let readingBody = false;
    const fail = (err: unknown): Error => toTransportError(err, {
      method: req.method, url: urlText, timedOut: deadline.timedOut(), timeoutMs: deadline.timeoutMs,
      aborted: deadline.aborted(), readingBody, headersTimedOut: deadline.headersTimedOut(),
    });

    let creds: RequestCredentials;
    try {
      // The caller's signal, not the deadline's: a plugin that outlives the request timeout is
      // killed by its own timer and reported as such, not as a generic abort.
      const credOptions: { signal?: AbortSignal; timeoutMs?: number } = {};
      if (req.signal !== undefined) credOptions.signal = req.signal;
      if (timeoutMs !== undefined) credOptions.timeoutMs = timeoutMs;
      creds = await this.credentials.get(credOptions);
    } catch (err) {
      deadline.dispose();
      if (deadline.aborted()) throw new AbortedError();
      throw err;
    }

    const headers = this.buildHeaders(req, creds);
    // Header pairs exist only for the log: build them only when a level that prints them is on.
    if (this.logger.verbosity >= 6) {
      const pairs: HeaderPairs = headerPairs(headers);
      this.logger.request(req.method, urlText, pairs, req.body, req.contentType);
    }

    const modules = await lazyModules();
    const dispatcher = this.dispatcherFor(url, creds, modules);
    let response: RequesterResponse;
    try {
      const options: RequesterRequest = {
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: req.method,
        headers,
        signal: deadline.signal,
        tlsHandshakeTimeoutMs: this.tlsHandshakeTimeoutMs,
        connectTimeoutMs: this.connectTimeoutMs,
      };
      if (req.body !== undefined) options.body = typeof req.body === 'string' ? req.body : Buffer.from(req.body.buffer, req.body.byteOffset, req.body.byteLength);
      // A request timeout bounds the whole request; without one, the headers at least must come.
      if (timeoutMs === undefined) deadline.awaitHeaders(this.responseHeaderTimeoutMs);
      response = await dispatcher.request(options);
      deadline.headersArrived();
    } catch (err) {
      deadline.dispose();
      const error = fail(err);
      this.logger.failure(req.method, urlText, elapsedMs(), error.message);
      throw error;
    }

    const resHeaders = normalizeHeaders(response.headers);
    const head: HttpResponseHead = { status: response.statusCode, statusLine: statusLine(modules.statusCodes, response.statusCode), url: urlText, headers: resHeaders };
    if (this.logger.verbosity >= 6) this.logger.response(req.method, urlText, head.statusLine, elapsedMs(), headerPairs(resHeaders));
    this.warnings.handle(resHeaders.warning);

    const gzip = headerFirst(resHeaders['content-encoding'])?.toLowerCase() === 'gzip';
    const ok = head.status >= 200 && head.status < 300;
    readingBody = true;
    if (streaming && ok) {
      const body = response.body;
      const chunks = decodedChunks(body, gzip);
      const stream = (async function* wrap(): AsyncGenerator<Buffer> {
        try {
          for await (const chunk of chunks) yield chunk;
        } catch (err) {
          throw fail(err);
        } finally {
          deadline.dispose();
          body.destroy();
        }
      })();
      const cancel = (): void => {
        deadline.dispose();
        body.destroy();
      };
      return { head, creds, stream, cancel };
    }
    try {
      const parts: Buffer[] = [];
      let size = 0;
      for await (const chunk of decodedChunks(response.body, gzip)) {
        size += chunk.length;
        // Counted after decompression: a small gzip body can stand for gigabytes.
        if (size > this.maxResponseBytes) {
          throw new ProtocolError(`${goMethod(req.method)} "${urlText}": the response body is more than ${formatBytes(this.maxResponseBytes)} (the limit for a response read into memory)`);
        }
        parts.push(chunk);
      }
      const buffered = Buffer.concat(parts, size);
      this.logger.responseBody(buffered, headerFirst(resHeaders['content-type']));
      return { head, creds, buffered };
    } catch (err) {
      if (err instanceof ProtocolError) throw err;
      throw fail(err);
    } finally {
      deadline.dispose();
    }
  }

  private buildHeaders(req: HttpRequest, creds: RequestCredentials): Record<string, string | string[]> {
    const headers: Record<string, string | string[]> = { Accept: req.accept ?? MEDIA_TYPES.json };
    if (req.contentType !== undefined) headers['Content-Type'] = req.contentType;
    if (this.userAgent !== undefined && this.userAgent !== '') headers['User-Agent'] = this.userAgent;
    if (creds.authorization !== undefined) headers.Authorization = creds.authorization;
    Object.assign(headers, this.staticHeaders);
    if (this.config.disableCompression !== true) headers['Accept-Encoding'] = 'gzip';
    if (req.headers !== undefined) Object.assign(headers, req.headers);
    return headers;
  }

  private dispatcherFor(url: URL, creds: RequestCredentials, modules: LazyModules): Requester {
    const { resolveProxy, dispatchers: { getDispatcher, retireDispatcher, poolGeneration } } = modules;
    const proxy = resolveProxy(url, this.config.proxyURL, this.env);
    // The pool key hashes the TLS material; with the same certificate object and proxy as the last
    // request (the common case: thousands of requests in an apply), the last answer still holds.
    const last = this.lastDispatcher;
    if (last !== undefined && last.cert === creds.clientCertificate && last.proxy === proxy && last.generation === poolGeneration()) {
      return last.dispatcher;
    }
    const spec: Parameters<typeof getDispatcher>[0] = { tls: this.tls };
    if (creds.clientCertificate !== undefined) spec.clientCertificate = creds.clientCertificate;
    if (proxy !== undefined) spec.proxy = proxy;
    const { key, dispatcher } = getDispatcher(spec);
    this.lastDispatcher = { cert: creds.clientCertificate, proxy, dispatcher, generation: poolGeneration() };
    // A rotated client certificate (exec plugin) needs new connections; the old pool can go.
    if (this.lastCertKey !== undefined && this.lastCertKey !== key && creds.clientCertificate !== undefined) {
      retireDispatcher(this.lastCertKey);
    }
    if (creds.clientCertificate !== undefined) this.lastCertKey = key;
    return dispatcher;
  }
}

function headerFirst(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
