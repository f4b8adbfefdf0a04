/**
 * Port forwarding: local listeners whose every accepted connection gets its own WebSocket session
 * to the pod's port (so one failing connection is reported and closed while the others and the
 * listeners go on), until the caller closes the forward or aborts its signal.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { AbortedError, PlatformError, StatusError } from '../errors.js';
import type { Transport } from '../transport/transport.js';
import { PORT_FORWARD_PROTOCOLS, PortForwardReader } from './port-forward-protocol.js';
import { keepAlive } from './keep-alive.js';
import { openWebSocket } from './websocket.js';

/** One port to forward: `local` 0 picks a free port. */
export interface PortMapping {
  local: number;
  remote: number;
}

/** Options of {@link PodStreams.portForward}. */
export interface PortForwardOptions {
  /** Local addresses to listen on (default `localhost`: 127.0.0.1 and ::1). */
  addresses?: string[] | undefined;
  /**
   * A WebSocket Ping every so many ms on each connection's session, so that proxies and load balancers
   * do not close an idle session (default 30 000; 0 disables).
   */
  pingIntervalMs?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Called for each accepted connection. */
  onConnection?: ((mapping: PortMapping) => void) | undefined;
  /** Called when one connection fails (the forward goes on). */
  onError?: ((error: Error, mapping: PortMapping) => void) | undefined;
}

/**
 * Where the connections of a forward go. A forward to one pod has one fixed route; a forward that
 * heals (to a service or workload) answers each new connection with the pod that serves now.
 */
export interface ForwardRoute {
  /** The `pods/portforward` path and pod port a new connection on `mapping` opens. */
  connect(mapping: PortMapping, signal: AbortSignal): Promise<{ path: string; remote: number }>;
  /**
   * A connection's session on `path` could not be opened: resolves true when the route has changed
   * and the connection should try once more.
   */
  refused?(path: string, error: unknown, signal: AbortSignal): Promise<boolean>;
}

/** The route of a forward to one pod's `pods/portforward` path. */
export function fixedRoute(path: string): ForwardRoute {
  return { connect: (mapping) => Promise.resolve({ path, remote: mapping.remote }) };
}

/** A listener of a running forward. */
export interface ForwardedPort {
  address: string;
  local: number;
  remote: number;
}

/** A running forward. */
export interface PortForward {
  /** Every listener, in the order of the mappings and addresses. */
  readonly ports: ForwardedPort[];
  /** Stops listening and ends every connection. */
  close(): Promise<void>;
  /** Resolves when the forward has been closed (or its signal aborted). */
  readonly closed: Promise<void>;
}

function listen(server: Server, address: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, () => {
      server.off('error', reject);
      const a = server.address();
      resolve(a !== null && typeof a === 'object' ? a.port : port);
    });
  });
}

/** The addresses `localhost` stands for (kubectl listens on both). */
function expand(addresses: readonly string[]): string[] {
  return addresses.flatMap((a) => (a === 'localhost' ? ['127.0.0.1', '::1'] : [a]));
}

/**
 * kubectl opens its tunneled connection before it listens, so a forward the server refuses (no
 * pod, RBAC, admission) fails at once. The same check here, without touching the pod: an upgrade
 * that names no port, which a server authorizes and admits before it answers 400 ("port is
 * required"). Only authentication, authorization, admission and not-found answers refuse the
 * forward; any other answer leaves the decision to the connections themselves. (The tunnel
 * protocol kubectl uses cannot be offered: its name is not a valid WebSocket sub-protocol token
 * for undici.)
 */
async function checkAccess(transport: Transport, path: string, signal: AbortSignal): Promise<void> {
  try {
    const { ws } = await openWebSocket(transport, path, undefined, PORT_FORWARD_PROTOCOLS, signal);
    ws.close(1000);
  } catch (e) {
    if (e instanceof StatusError && [401, 403, 404].includes(e.code)) throw e;
    if (e instanceof AbortedError) throw e;
  }
}

/** Opens a connection's session along `route`, once more when the route changes after a refusal. */
async function openSession(transport: Transport, route: ForwardRoute, mapping: PortMapping, signal: AbortSignal): Promise<Awaited<ReturnType<typeof openWebSocket>>> {
  for (let attempt = 0; ; attempt += 1) {
    const { path, remote } = await route.connect(mapping, signal);
    try {
      return await openWebSocket(transport, path, { ports: String(remote) }, PORT_FORWARD_PROTOCOLS, signal);
    } catch (e) {
      if (attempt > 0 || signal.aborted || route.refused === undefined || !(await route.refused(path, e, signal))) throw e;
    }
  }
}

/**
 * Starts forwarding; resolves once every listener listens (rejects when none can, or the server
 * refuses the forward). `target` is the pod's `pods/portforward` path, or a route that may change.
 */
export async function startPortForward(transport: Transport, target: string | ForwardRoute, mappings: readonly PortMapping[], options: PortForwardOptions = {}): Promise<PortForward> {
  const route = typeof target === 'string' ? fixedRoute(target) : target;
  const servers: Server[] = [];
  const sockets = new Set<Socket>();
  const ports: ForwardedPort[] = [];
  const controller = new AbortController();
  const signal = options.signal === undefined ? controller.signal : AbortSignal.any([options.signal, controller.signal]);
  const addresses = expand(options.addresses ?? ['localhost']);
  const requestedLocalhost = (options.addresses ?? ['localhost']).includes('localhost');
  const first = mappings[0];
  if (first !== undefined) await checkAccess(transport, (await route.connect(first, signal)).path, signal);

  const serve = async (socket: Socket, mapping: PortMapping): Promise<void> => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    options.onConnection?.(mapping);
    // Bytes the client sends before the session is open are kept, not lost.
    const early: Buffer[] = [];
    const keep = (c: Buffer): void => void early.push(c);
    socket.on('data', keep);
    socket.pause();
    let session;
    try {
      session = await openSession(transport, route, mapping, signal);
    } catch (e) {
      socket.destroy();
      if (!signal.aborted) options.onError?.(e instanceof Error ? e : new Error(String(e)), mapping);
      return;
    }
    const { ws, protocol } = session;
    keepAlive(ws, options.pingIntervalMs);
    const reader = PortForwardReader.for(protocol);
    if (reader === undefined) {
      ws.close();
      socket.destroy();
      options.onError?.(new PlatformError(`the server chose the unsupported port-forward protocol ${JSON.stringify(protocol)}`), mapping);
      return;
    }
    ws.addEventListener('message', (ev) => {
      const raw = (ev as { data: unknown }).data;
      if (typeof raw !== 'string' && !(raw instanceof ArrayBuffer)) return;
      const e = reader.read(typeof raw === 'string' ? raw : new Uint8Array(raw));
      // The channel protocol has no flow control: a slow local reader is buffered by the socket.
      if (e.kind === 'data') socket.write(e.data);
      else if (e.kind === 'error') {
        options.onError?.(new PlatformError(`an error occurred forwarding ${mapping.local} -> ${mapping.remote}: ${e.message}`), mapping);
      }
    });
    ws.addEventListener('close', () => socket.end());
    socket.off('data', keep);
    for (const c of early) ws.send(reader.encode(c));
    socket.on('data', (c: Buffer) => {
      if (ws.readyState !== 1) return;
      ws.send(reader.encode(c));
      if (ws.bufferedAmount > 1024 * 1024) {
        socket.pause();
        const wait = (): void => {
          if (ws.bufferedAmount > 256 * 1024 && ws.readyState === 1) setTimeout(wait, 5);
          else socket.resume();
        };
        setTimeout(wait, 5);
      }
    });
    socket.once('end', () => ws.close(1000));
    socket.once('close', () => ws.close(1000));
    socket.resume();
  };

  try {
    for (const mapping of mappings) {
      let local = mapping.local;
      let bound = 0;
      let lastError: unknown;
      for (const address of addresses) {
        const server = createServer((socket) => void serve(socket, { local, remote: mapping.remote }));
        try {
          local = await listen(server, address, local);
          servers.push(server);
          ports.push({ address, local, remote: mapping.remote });
          bound++;
        } catch (e) {
          lastError = e;
          server.close();
          // kubectl tolerates a failing IPv6 listener for `localhost`; any other failure is fatal.
          if (!(requestedLocalhost && address === '::1')) throw e;
        }
      }
      if (bound === 0) throw lastError instanceof Error ? lastError : new Error(`unable to listen on port ${mapping.local}`);
    }
  } catch (e) {
    for (const s of servers) s.close();
    throw e;
  }

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      controller.abort(new AbortedError());
      for (const s of sockets) s.destroy();
      await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
    })();
    return closing;
  };
  const closed = new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => void close().then(resolve), { once: true });
  });
  return { ports, close, closed };
}
