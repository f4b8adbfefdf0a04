/**
 * Keep-alive pings on a streaming session's WebSocket. Proxies and load balancers close
 * connections that carry no data for a while (often 60 s); an exec waiting on a quiet command, an
 * attach to an idle process or a port-forward between requests would die with them. A Ping frame
 * every interval is traffic they count, and the server's Pong is answered by the WebSocket layer.
 */
import type { WebSocket as UndiciWebSocket } from 'undici';
import { DEFAULT_PING_INTERVAL_MS } from './ping-interval.js';
import { sendPing } from './websocket.js';

/**
 * Pings `ws` every `intervalMs` (default {@link DEFAULT_PING_INTERVAL_MS}; 0 disables) until it
 * closes. The timer does not keep the process alive on its own.
 */
export function keepAlive(ws: UndiciWebSocket, intervalMs: number | undefined): void {
  const every = intervalMs ?? DEFAULT_PING_INTERVAL_MS;
  if (!(every > 0) || !Number.isFinite(every)) return;
  const timer = setInterval(() => sendPing(ws), every);
  timer.unref();
  ws.addEventListener('close', () => clearInterval(timer), { once: true });
}
