/**
 * Opens a WebSocket to the API server as the client's identity, with undici's WebSocket over a
 * dispatcher that carries the cluster's TLS settings, client certificate and proxy. A refused
 * upgrade becomes a StatusError with the server's Status (undici does not expose the handshake
 * response, so the dispatcher records it); a 401 refreshes credentials (exec plugins) once and
 * retries, as REST calls do.
 */
import { createSecureContext } from 'node:tls';
import type { buildConnector, Dispatcher, WebSocket as UndiciWebSocket } from 'undici';
import { AbortedError, ProtocolError, StatusError, TransportError } from '../errors.js';
import { redactUrl } from '../transport/redact.js';
import { loadUndici } from '../transport/undici-loader.js';
import type { QueryParams } from '../transport/http-types.js';
import type { ClientCertificate } from '../auth/credentials.js';
import type { TlsSettings } from '../transport/dispatchers.js';
import type { Transport, UpgradeConnection } from '../transport/transport.js';
import type { Status } from '../types/status.js';
import { setLongTimeout } from '../../machinery/long-timeout.js';

/** An open WebSocket and the sub-protocol the server chose. */
export interface OpenedWebSocket {
  ws: UndiciWebSocket;
  protocol: string;
}

/** What a handshake answered when it was not 101. */
interface HandshakeRecord {
  status?: number;
  body: Buffer[];
}

type LegacyHandler = Record<string, ((...args: unknown[]) => unknown) | undefined>;

/** Wraps a (legacy-style) dispatch handler so that a non-101 answer's status and body are seen. */
function recording(handler: LegacyHandler, record: HandshakeRecord): LegacyHandler {
  const call = (name: string, args: unknown[]): unknown => handler[name]?.call(handler, ...args);
  return {
    onConnect: (...a) => call('onConnect', a),
    onResponseStarted: (...a) => call('onResponseStarted', a),
    onHeaders: (...a) => {
      if (typeof a[0] === 'number') record.status = a[0];
      return call('onHeaders', a);
    },
    onData: (...a) => {
      const chunk = a[0];
      if (Buffer.isBuffer(chunk) && record.body.reduce((n, b) => n + b.length, 0) < 64 * 1024) record.body.push(chunk);
      return call('onData', a);
    },
    onComplete: (...a) => call('onComplete', a),
    onError: (...a) => call('onError', a),
    onUpgrade: (...a) => call('onUpgrade', a),
    onBodySent: (...a) => call('onBodySent', a),
  };
}

/** One module of undici, by path, as the transport loads undici: the package index loads fetch, caches and more. */
function undiciPart<T>(path: string): T {
  return process.getBuiltinModule('node:module').createRequire(import.meta.url)(path) as T;
}

/**
 * One undici agent per TLS settings, client certificate and proxy, shared by every WebSocket opened
 * with them: a port-forward without the tunnel opens one WebSocket per local connection (as every
 * forward once did), and an agent of its own per connection built a new TLS context (Node parses its whole root store for a custom CA) and made a
 * full handshake with certificate checks every time (~8 ms CPU each; 100 parallel connections took
 * twice kubectl's time). A shared agent has one context and resumes TLS sessions. Upgraded sockets
 * leave the agent's pool; what stays is idle and does not keep the process alive.
 */
const sharedAgents = new WeakMap<TlsSettings, WeakMap<ClientCertificate | typeof NO_CERTIFICATE, Map<string, Dispatcher>>>();
const NO_CERTIFICATE = {};

function sharedAgent(c: UpgradeConnection): Dispatcher {
  let byCertificate = sharedAgents.get(c.tls);
  if (byCertificate === undefined) {
    byCertificate = new WeakMap();
    sharedAgents.set(c.tls, byCertificate);
  }
  const certificate = c.clientCertificate ?? NO_CERTIFICATE;
  let byProxy = byCertificate.get(certificate);
  if (byProxy === undefined) {
    byProxy = new Map();
    byCertificate.set(certificate, byProxy);
  }
  const proxy = c.proxy ?? '';
  let agent = byProxy.get(proxy);
  if (agent === undefined) {
    agent = newAgent(c);
    byProxy.set(proxy, agent);
  }
  return agent;
}

function newAgent(c: UpgradeConnection): Dispatcher {
  const { Agent, ProxyAgent } = loadUndici();
  // One TLS context for every connection of the agent: given `ca`, `cert` and `key`, tls.connect
  // would build (and parse the root store for) a new context for each one.
  const secureContext = createSecureContext({
    ...(c.tls.caData !== undefined && c.tls.caData !== '' ? { ca: c.tls.caData } : {}),
    ...(c.clientCertificate !== undefined ? { cert: c.clientCertificate.certData, key: c.clientCertificate.keyData } : {}),
  });
  const tls = {
    rejectUnauthorized: c.tls.insecureSkipVerify !== true,
    secureContext,
    ...(c.tls.serverName !== undefined && c.tls.serverName !== '' ? { servername: c.tls.serverName } : {}),
  };
  // The agent's own connector keeps the TLS session cache: given options, the agent would build one
  // per origin pool, and drops the pool (and its sessions) once every socket has been upgraded away.
  // ProxyAgent builds its connector once itself.
  return c.proxy === undefined
    ? new Agent({ connect: undiciPart<typeof buildConnector>('undici/lib/core/connect.js')(tls), headersTimeout: 0, bodyTimeout: 0 })
    : new ProxyAgent({ uri: c.proxy, requestTls: tls, headersTimeout: 0, bodyTimeout: 0 });
}

/** The shared agent, seen through a dispatcher that records this handshake's answer. */
function dispatcherFor(c: UpgradeConnection, record: HandshakeRecord): Dispatcher {
  const agent = sharedAgent(c);
  const dispatch = agent.dispatch.bind(agent) as (opts: unknown, handler: LegacyHandler) => boolean;
  // undici's WebSocket uses only `dispatch` (and reads `webSocketOptions`, absent here).
  return { dispatch: (opts: unknown, handler: LegacyHandler) => dispatch(opts, recording(handler, record)) } as unknown as Dispatcher;
}

interface WebSocketModule {
  WebSocket: typeof UndiciWebSocket;
  /** undici's extension: a Ping frame (the WHATWG API has none). */
  ping(ws: UndiciWebSocket, body?: Buffer): void;
}

let webSocketModule: WebSocketModule | undefined;

function webSocketClass(): typeof UndiciWebSocket {
  webSocketModule ??= undiciPart<WebSocketModule>('undici/lib/web/websocket/websocket.js');
  return webSocketModule.WebSocket;
}

/** Sends a Ping frame on an open WebSocket (nothing once it is closing); the peer answers with a Pong. */
export function sendPing(ws: UndiciWebSocket): void {
  webSocketModule ??= undiciPart<WebSocketModule>('undici/lib/web/websocket/websocket.js');
  if (ws.readyState === 1) webSocketModule.ping(ws);
}

function statusOf(record: HandshakeRecord, url: string): Status {
  const code = record.status ?? 0;
  const text = Buffer.concat(record.body).toString('utf8').trim();
  try {
    const parsed = JSON.parse(text) as Status;
    if (parsed.kind === 'Status') return parsed;
  } catch {
    // not a Status
  }
  const message = code === 0
    ? `unable to upgrade connection to ${url}`
    : `unable to upgrade connection: ${text === '' ? `the server answered ${code}` : text}`;
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, code };
}

interface AttemptResult {
  opened?: OpenedWebSocket;
  record: HandshakeRecord;
  error?: unknown;
  /** No answer to the upgrade came within the wait. */
  timedOut?: boolean;
}

/** An RFC 7230 token: what undici's WebSocket accepts as a sub-protocol name. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * The handshake's headers and the protocols undici offers itself. A name that is not a token (the
 * SPDY tunnel's `SPDY/3.1+portforward...`, which real servers and kubectl use) is refused by
 * undici's constructor, so it goes in the `Sec-WebSocket-Protocol` header here, ahead of the
 * others; undici then offers the rest after it and accepts an answer naming any of them.
 */
function offer(c: UpgradeConnection, protocols: readonly string[]): { headers: Record<string, string | string[]>; tokens: string[] } {
  const others = protocols.filter((p) => !TOKEN.test(p));
  const tokens = protocols.filter((p) => TOKEN.test(p));
  return { headers: others.length === 0 ? c.headers : { ...c.headers, 'Sec-WebSocket-Protocol': others.join(', ') }, tokens };
}

function attempt(c: UpgradeConnection, protocols: readonly string[], signal: AbortSignal | undefined, waitMs: number | undefined): Promise<AttemptResult> {
  const record: HandshakeRecord = { body: [] };
  const dispatcher = dispatcherFor(c, record);
  const url = new URL(c.url.toString());
  url.protocol = url.protocol === 'http:' ? 'ws:' : 'wss:';
  const WebSocket = webSocketClass();
  const { headers, tokens } = offer(c, protocols);
  const ws = new WebSocket(url.toString(), { protocols: tokens, dispatcher, headers } as unknown as string[]);
  ws.binaryType = 'arraybuffer';
  return new Promise((resolve) => {
    let timedOut = false;
    const onAbort = (): void => ws.close();
    signal?.addEventListener('abort', onAbort, { once: true });
    // Bounds the upgrade only: once open, the session lasts as long as it is used.
    const timer = waitMs === undefined ? undefined : setLongTimeout(() => {
      timedOut = true;
      ws.close();
    }, waitMs);
    const settle = (result: AttemptResult): void => {
      timer?.clear();
      signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    ws.addEventListener('open', () => settle({ opened: { ws, protocol: ws.protocol }, record }), { once: true });
    ws.addEventListener('close', (ev) => settle({ record, error: ev, timedOut }), { once: true });
  });
}

function aborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

/** Opens a WebSocket on `path` offering `protocols`; rejects with a StatusError when the server refuses. */
export async function openWebSocket(transport: Transport, path: string, query: QueryParams | undefined, protocols: readonly string[], signal?: AbortSignal): Promise<OpenedWebSocket> {
  let refreshed = false;
  for (;;) {
    if (signal?.aborted === true) throw new AbortedError();
    const connection = await transport.connectionFor(path, query, signal);
    const result = await attempt(connection, protocols, signal, transport.upgradeTimeoutMs());
    if (aborted(signal)) {
      result.opened?.ws.close();
      throw new AbortedError();
    }
    if (result.timedOut === true) {
      const reason = 'net/http: timeout awaiting response headers';
      throw new TransportError(`Get "${redactUrl(connection.url.toString())}": ${reason}`, { url: redactUrl(connection.url.toString()), reason });
    }
    if (result.opened !== undefined) {
      transport.note(6, `GET ${connection.url.toString()} 101 Switching Protocols (${result.opened.protocol})`);
      return result.opened;
    }
    if (result.record.status === 401 && !refreshed && await transport.refreshCredentials(connection.creds, signal)) {
      refreshed = true;
      continue;
    }
    if (result.record.status === undefined) throw new ProtocolError(`unable to upgrade connection to ${connection.url.origin}: the connection failed`);
    const status = statusOf(result.record, connection.url.toString());
    throw new StatusError(status, result.record.status);
  }
}
