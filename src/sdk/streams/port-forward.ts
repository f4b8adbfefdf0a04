/**
 * Port forwarding: local listeners whose accepted connections go to the pod's port until the caller
 * closes the forward or aborts its signal. As kubectl does, one WebSocket per pod (a SPDY/3.1
 * tunnel, `tunnel-pool.ts`) carries every connection as a pair of streams, so the server authorizes
 * the forward once, not once per connection; one failing connection is reported and closed while
 * the others and the listeners go on. A server that does not offer the tunnel gets what it offers:
 * a WebSocket session of its own for each connection (`channel-connection.ts`).
 */
import { setMaxListeners } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { AbortedError, StatusError } from '../errors.js';
import type { Transport } from '../transport/transport.js';
import { forwardOverChannels } from './channel-connection.js';
import { PORT_FORWARD_PROTOCOLS } from './port-forward-protocol.js';
import type { PortForwardTunnel } from './port-forward-tunnel.js';
import { TunnelPool } from './tunnel-pool.js';
import { forwardOverTunnel } from './tunneled-connection.js';
import { openWebSocket, type OpenedWebSocket } from './websocket.js';

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
   * A WebSocket Ping every so many ms on each tunnel (or connection's session), so that proxies and
   * load balancers do not close an idle one (default 30 000; 0 disables).
   */
  pingIntervalMs?: number | undefined;
  /**
   * How connections reach the pod. `tunnel` (the default, what kubectl does): one WebSocket per pod
   * carries every connection as a pair of SPDY/3.1 streams; when the server does not offer it, the
   * forward falls back to `per-connection`: a WebSocket session of its own for each connection (the
   * node agent's channel protocol), which this option can also ask for outright.
   */
  protocol?: 'tunnel' | 'per-connection' | undefined;
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
  /**
   * Registers `listener`, called with a path new connections no longer go to (its pod is gone or
   * was left for another): the forward closes its tunnel there once the connections on it are done.
   */
  onLeave?(listener: (path: string) => void): void;
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

/** Answers that are about the forward itself (who may do it, to which pod), not about the protocol. */
function refusesForward(e: unknown): boolean {
  return e instanceof AbortedError || (e instanceof StatusError && [401, 403, 404].includes(e.code));
}

/** Where one connection goes: a tunnel's streams, or a session of its own. */
type Opened = { tunnel: PortForwardTunnel; session?: undefined } | { session: OpenedWebSocket; tunnel?: undefined };

/** How a forward's connections reach the pod, as far as it knows. */
type Mode = 'tunnel' | 'per-connection' | 'unknown';

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
  // The forward's own signal: every connection whose WebSocket is being opened listens on it, and a
  // browser or a test runner opens a hundred at once.
  setMaxListeners(0, signal);
  const addresses = expand(options.addresses ?? ['localhost']);
  const requestedLocalhost = (options.addresses ?? ['localhost']).includes('localhost');
  const tunnels = new TunnelPool(transport, options.pingIntervalMs, signal);
  let mode: Mode = options.protocol === 'per-connection' ? 'per-connection' : 'unknown';
  route.onLeave?.((path) => tunnels.retire(path));

  /**
   * A connection's way to `path`: the pod's tunnel, or, when the server refuses the tunnel upgrade
   * (kubectl falls back on any refused upgrade too) and has never opened one, a session of its own,
   * whose answer is then the connection's. Once a session of its own has opened where the tunnel
   * was refused, the forward keeps to sessions.
   */
  const openOnce = async (path: string, remote: number): Promise<Opened> => {
    if (mode !== 'per-connection') {
      try {
        const tunnel = await tunnels.get(path);
        if (tunnel !== undefined) {
          mode = 'tunnel';
          return { tunnel };
        }
      } catch (e) {
        if (mode === 'tunnel' || refusesForward(e) || !(e instanceof StatusError)) throw e;
      }
    }
    const session = await openWebSocket(transport, path, { ports: String(remote) }, PORT_FORWARD_PROTOCOLS, signal);
    if (mode === 'unknown') mode = 'per-connection';
    return { session };
  };

  /** Opens a connection's way along `route`, once more when the route changes after a refusal. */
  const open = async (mapping: PortMapping): Promise<Opened & { remote: number }> => {
    for (let attempt = 0; ; attempt += 1) {
      const { path, remote } = await route.connect(mapping, signal);
      try {
        return { ...(await openOnce(path, remote)), remote };
      } catch (e) {
        if (attempt > 0 || signal.aborted || route.refused === undefined || !(await route.refused(path, e, signal))) throw e;
      }
    }
  };

  /**
   * kubectl opens its tunnel before it listens, so a forward the server refuses (no pod, RBAC,
   * admission) fails at once; here too, and the tunnel stays for the connections. Where the tunnel
   * is not offered, the same check without touching the pod: a session that names no port, which a
   * server authorizes and admits before it answers 400 ("port is required"). Only authentication,
   * authorization, admission and not-found answers refuse the forward; any other answer leaves the
   * decision to the connections themselves.
   */
  const checkAccess = async (path: string): Promise<void> => {
    if (mode !== 'per-connection') {
      try {
        if (await tunnels.get(path) !== undefined) {
          mode = 'tunnel';
          return;
        }
      } catch (e) {
        if (refusesForward(e)) throw e;
      }
    }
    try {
      const { ws } = await openWebSocket(transport, path, undefined, PORT_FORWARD_PROTOCOLS, signal);
      ws.close(1000);
    } catch (e) {
      if (refusesForward(e)) throw e;
    }
  };

  const first = mappings[0];
  if (first !== undefined) {
    try {
      await checkAccess((await route.connect(first, signal)).path);
    } catch (e) {
      tunnels.close();
      throw e;
    }
  }

  const serve = async (socket: Socket, mapping: PortMapping): Promise<void> => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    options.onConnection?.(mapping);
    // Bytes the client sends before the streams (or session) are open are kept, not lost.
    const early: Buffer[] = [];
    const keep = (c: Buffer): void => void early.push(c);
    socket.on('data', keep);
    socket.pause();
    const takeEarly = (): Buffer[] => {
      socket.off('data', keep);
      return early.splice(0);
    };
    const onError = (e: Error): void => options.onError?.(e, mapping);
    let opened;
    try {
      opened = await open(mapping);
    } catch (e) {
      socket.destroy();
      if (!signal.aborted) onError(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    const connection = { socket, takeEarly, local: mapping.local, remote: mapping.remote, onError };
    if (opened.tunnel !== undefined) {
      // The local client may have gone while the tunnel opened: no streams for it.
      if (!socket.destroyed) forwardOverTunnel(opened.tunnel, { ...connection, podPort: opened.remote });
    } else if (socket.destroyed) {
      opened.session.ws.close(1000);
    } else {
      forwardOverChannels(opened.session, { ...connection, pingIntervalMs: options.pingIntervalMs });
    }
  };

  try {
    for (const mapping of mappings) {
      let local = mapping.local;
      let bound = 0;
      let lastError: unknown;
      for (const address of addresses) {
        // Half-open: a client's end of input half-closes its stream, and the pod's answer still comes.
        const server = createServer({ allowHalfOpen: true }, (socket) => void serve(socket, { local, remote: mapping.remote }));
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
    tunnels.close();
    throw e;
  }

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      controller.abort(new AbortedError());
      for (const s of sockets) s.destroy();
      tunnels.close();
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
