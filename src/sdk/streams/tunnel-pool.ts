/**
 * The tunnels of one port-forward: one per pod (`pods/portforward` path), opened by the first
 * connection that needs it (connections arriving meanwhile wait for the same upgrade) and reused by
 * every later one, so the server authorizes the forward once per pod, not once per connection.
 * A tunnel to a pod the forward has left (a healing forward's pod went) takes no new connections
 * and closes when its last one is done: a pod of the same name later gets a tunnel of its own (the
 * server's session holds the address of the pod it was opened to). A tunnel that ends is dropped,
 * and the next connection opens a new one.
 */
import type { Transport } from '../transport/transport.js';
import { keepAlive } from './keep-alive.js';
import { PORT_FORWARD_TUNNEL_PROTOCOL, PortForwardTunnel } from './port-forward-tunnel.js';
import { openWebSocket } from './websocket.js';

/** The tunnels of one forward. */
export class TunnelPool {
  /** The tunnel new connections to each path use. */
  private readonly current = new Map<string, PortForwardTunnel>();
  private readonly opening = new Map<string, Promise<PortForwardTunnel | undefined>>();
  /** Every tunnel still open, retired ones included. */
  private readonly all = new Set<PortForwardTunnel>();

  constructor(private readonly transport: Transport, private readonly pingIntervalMs: number | undefined, private readonly signal: AbortSignal) {}

  /**
   * The tunnel to `path`, opened when there is none that takes connections; undefined when the
   * server accepted the upgrade without choosing the tunnel protocol. Rejects as the upgrade does.
   */
  get(path: string): Promise<PortForwardTunnel | undefined> {
    const tunnel = this.current.get(path);
    if (tunnel?.accepting === true) return Promise.resolve(tunnel);
    let pending = this.opening.get(path);
    if (pending === undefined) {
      pending = this.open(path);
      this.opening.set(path, pending);
      const forget = (): void => void this.opening.delete(path);
      pending.then(forget, forget);
    }
    return pending;
  }

  /** New connections no longer go to `path`: its tunnel closes once its connections are done. */
  retire(path: string): void {
    const tunnel = this.current.get(path);
    this.current.delete(path);
    tunnel?.retire();
  }

  /** Closes every tunnel (the forward is closing). */
  close(): void {
    for (const t of [...this.all]) t.close();
  }

  private async open(path: string): Promise<PortForwardTunnel | undefined> {
    const { ws, protocol } = await openWebSocket(this.transport, path, undefined, [PORT_FORWARD_TUNNEL_PROTOCOL], this.signal);
    if (protocol !== PORT_FORWARD_TUNNEL_PROTOCOL) {
      ws.close(1000);
      return undefined;
    }
    keepAlive(ws, this.pingIntervalMs);
    const tunnel = new PortForwardTunnel(ws);
    if (this.signal.aborted) {
      tunnel.close();
      return tunnel;
    }
    this.current.get(path)?.retire();
    this.current.set(path, tunnel);
    this.all.add(tunnel);
    tunnel.onEnded(() => {
      this.all.delete(tunnel);
      if (this.current.get(path) === tunnel) this.current.delete(path);
    });
    return tunnel;
  }
}
