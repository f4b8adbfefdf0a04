/**
 * A {@link Requester} over Node's `http`/`https` modules with a keep-alive agent: the pool for
 * direct connections. Timeouts are the transport's (through the abort signal), so the agent sets
 * none: an idle watch must stay open as long as the server keeps it.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest, type AgentOptions } from 'node:https';
import type { Socket } from 'node:net';
import type { Requester, RequesterRequest, RequesterResponse } from './requester.js';
import { CaCheckingAgent, HANDSHAKE_TIMEOUT } from './ca-checking-agent.js';
import { parseCaBundle } from './chain-check.js';
import { connectTimeoutError, tlsHandshakeTimeoutError } from './transport-errors.js';

/** TLS options of the pool (the same as undici's `connect` options). */
export interface NodeRequesterTls {
  ca?: string;
  servername?: string;
  rejectUnauthorized: boolean;
  cert?: string;
  key?: string;
}

/** `headersDistinct` with single values unwrapped, as undici reports them. */
function responseHeaders(res: IncomingMessage): Record<string, string | string[] | undefined> {
  const out: Record<string, string | string[] | undefined> = {};
  for (const [name, values] of Object.entries(res.headersDistinct)) {
    if (values === undefined) continue;
    out[name] = values.length === 1 ? values[0] : values;
  }
  return out;
}

/**
 * Bounds the TLS handshake of a new connection: from TCP connected to `secureConnect`. A server
 * that accepts connections and never answers would otherwise hold the request forever (watches
 * have no request timeout).
 */
function boundHandshake(req: ReturnType<typeof httpsRequest>, socket: Socket, timeoutMs: number, established: WeakSet<Socket>): void {
  if (established.has(socket)) return;
  let timer: NodeJS.Timeout | undefined;
  const start = (): void => {
    timer = setTimeout(() => req.destroy(tlsHandshakeTimeoutError()), timeoutMs);
  };
  const stop = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  socket.once('secureConnect', () => {
    established.add(socket);
    stop();
  });
  socket.once('close', stop);
  if (socket.connecting) socket.once('connect', start);
  else start();
}

/**
 * Bounds connecting a new connection (name lookup and TCP handshake), as Go's dialer does: an
 * address that drops the SYN would otherwise hold the request for the kernel's two minutes.
 */
function boundConnect(req: ReturnType<typeof httpRequest>, socket: Socket, timeoutMs: number): void {
  if (!socket.connecting) return;
  const timer = setTimeout(() => req.destroy(connectTimeoutError()), timeoutMs);
  const stop = (): void => clearTimeout(timer);
  socket.once('connect', stop);
  socket.once('close', stop);
}

/**
 * The HTTPS agent: with a cluster CA bundle that is plain certificates, one that checks the chain
 * without building Node's root store (`ca-checking-agent.ts`); else Node's own.
 */
function httpsAgent(tls: NodeRequesterTls, common: AgentOptions, established: WeakSet<Socket>): HttpsAgent {
  const anchors = tls.ca !== undefined && tls.rejectUnauthorized ? parseCaBundle(tls.ca) : undefined;
  if (tls.ca === undefined || anchors === undefined) return new HttpsAgent({ ...common, ...tls });
  const { ca, ...rest } = tls;
  return new CaCheckingAgent({ agent: { ...common, ...rest }, caPem: ca, anchors, established });
}

/** Creates a keep-alive pool for `http:` or `https:` origins with the given TLS options. */
export function createNodeRequester(tls: NodeRequesterTls): Requester {
  const common = { keepAlive: true, keepAliveMsecs: 30_000, scheduling: 'lifo' as const };
  const established = new WeakSet<Socket>();
  const https = httpsAgent(tls, common, established);
  const http = new HttpAgent(common);
  const agents = [https, http];
  return {
    request(options: RequesterRequest): Promise<RequesterResponse> {
      const url = new URL(options.path, options.origin);
      const secure = url.protocol === 'https:';
      // Node frames a DELETE (or GET) body only with an explicit length: without one it sends none.
      const headers = options.body === undefined ? options.headers : { ...options.headers, 'Content-Length': String(Buffer.byteLength(options.body)) };
      const requestOptions: RequestOptions & { [HANDSHAKE_TIMEOUT]?: number } = {
        protocol: url.protocol,
        hostname: url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname,
        port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
        path: `${url.pathname}${url.search}`,
        method: options.method,
        headers,
        agent: secure ? https : http,
        signal: options.signal,
      };
      if (secure && options.tlsHandshakeTimeoutMs !== undefined) requestOptions[HANDSHAKE_TIMEOUT] = options.tlsHandshakeTimeoutMs;
      return new Promise<RequesterResponse>((resolve, reject) => {
        const req = (secure ? httpsRequest : httpRequest)(requestOptions, (res) => {
          resolve({ statusCode: res.statusCode ?? 0, headers: responseHeaders(res), body: res });
        });
        req.on('error', reject);
        const handshakeMs = options.tlsHandshakeTimeoutMs ?? 0;
        if (secure && handshakeMs > 0) req.on('socket', (socket) => boundHandshake(req, socket, handshakeMs, established));
        const connectMs = options.connectTimeoutMs ?? 0;
        if (connectMs > 0) req.on('socket', (socket) => boundConnect(req, socket, connectMs));
        if (options.body !== undefined) req.end(options.body);
        else req.end();
      });
    },
    close(): Promise<void> {
      // In-flight requests finish; every connection closes once it is idle.
      for (const agent of agents) {
        for (const sockets of Object.values(agent.freeSockets)) for (const socket of sockets ?? []) socket.destroy();
        agent.on('free', (socket: { destroy(): void }) => socket.destroy());
      }
      return Promise.resolve();
    },
    destroy(): Promise<void> {
      for (const agent of agents) agent.destroy();
      return Promise.resolve();
    },
  };
}
