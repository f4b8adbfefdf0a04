/**
 * A TCP proxy for watch tests that can cut its connections: {@link FlakyProxy.cut} destroys every
 * open connection (as a network failure would, mid-stream), {@link FlakyProxy.block} refuses new
 * connections until {@link FlakyProxy.unblock}, {@link FlakyProxy.silence} accepts new connections
 * and never says a word on them (a TLS handshake that never ends) until
 * {@link FlakyProxy.unsilence}. TLS passes through untouched.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

/** A running proxy. */
export interface FlakyProxy {
  /** `https://127.0.0.1:<port>` (the upstream's scheme). */
  readonly url: string;
  /** Connections accepted so far. */
  readonly connections: number;
  /** Destroys every open connection. */
  cut(): void;
  /** Refuses (resets) new connections. */
  block(): void;
  unblock(): void;
  /** Accepts new connections and never answers on them. */
  silence(): void;
  unsilence(): void;
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 (any port) in front of `upstreamUrl`. */
export async function startFlakyProxy(upstreamUrl: string): Promise<FlakyProxy> {
  const upstream = new URL(upstreamUrl);
  const sockets = new Set<Socket>();
  let blocked = false;
  let silent = false;
  let connections = 0;
  const server: Server = createServer((client) => {
    if (blocked) {
      client.resetAndDestroy();
      return;
    }
    if (silent) {
      sockets.add(client);
      client.on('error', () => client.destroy()).on('close', () => sockets.delete(client));
      return;
    }
    connections++;
    const remote = connect({ host: upstream.hostname, port: Number(upstream.port) });
    sockets.add(client);
    sockets.add(remote);
    const drop = (): void => {
      client.destroy();
      remote.destroy();
      sockets.delete(client);
      sockets.delete(remote);
    };
    client.on('error', drop).on('close', drop);
    remote.on('error', drop).on('close', drop);
    client.pipe(remote);
    remote.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `${upstream.protocol}//127.0.0.1:${port}`,
    get connections() {
      return connections;
    },
    cut() {
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    block() {
      blocked = true;
    },
    unblock() {
      blocked = false;
    },
    silence() {
      silent = true;
    },
    unsilence() {
      silent = false;
    },
    close() {
      for (const s of sockets) s.destroy();
      sockets.clear();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
