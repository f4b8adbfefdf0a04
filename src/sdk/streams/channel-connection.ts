/**
 * One local connection of a port-forward over a WebSocket session of its own, in the node agent's
 * channel protocol (`port-forward-protocol.ts`): what a forward falls back to when the server does
 * not offer the SPDY tunnel. The session ends with the connection, and the connection with it; a
 * session lost without a closing handshake (the network went) resets the connection instead, so
 * that its client sees a cut rather than an end, and is reported as `lost connection to pod`.
 */
import type { Socket } from 'node:net';
import { PlatformError } from '../errors.js';
import { keepAlive } from './keep-alive.js';
import { PortForwardReader } from './port-forward-protocol.js';
import { pauseWhileBuffered } from './send-buffer.js';
import type { OpenedWebSocket } from './websocket.js';

/** What one connection forwards, and where its failure goes. */
export interface ChannelConnection {
  socket: Socket;
  /** Stops keeping what the local client sends, and returns what was kept before the session opened. */
  takeEarly(): Buffer[];
  local: number;
  remote: number;
  pingIntervalMs: number | undefined;
  /** Called with the connection's failure (the error channel's message). */
  onError(error: Error): void;
}

/** Forwards `c.socket` over its own session `opened` until either ends. */
export function forwardOverChannels(opened: OpenedWebSocket, c: ChannelConnection): void {
  const { ws, protocol } = opened;
  const { socket } = c;
  keepAlive(ws, c.pingIntervalMs);
  const reader = PortForwardReader.for(protocol);
  if (reader === undefined) {
    ws.close();
    socket.destroy();
    c.onError(new PlatformError(`the server chose the unsupported port-forward protocol ${JSON.stringify(protocol)}`));
    return;
  }
  ws.addEventListener('message', (ev) => {
    const raw = (ev as { data: unknown }).data;
    if (typeof raw !== 'string' && !(raw instanceof ArrayBuffer)) return;
    const e = reader.read(typeof raw === 'string' ? raw : new Uint8Array(raw));
    // The channel protocol has no flow control: a slow local reader is buffered by the socket.
    if (e.kind === 'data') socket.write(e.data);
    else if (e.kind === 'error') c.onError(new PlatformError(`an error occurred forwarding ${c.local} -> ${c.remote}: ${e.message}`));
  });
  ws.addEventListener('close', (ev) => {
    if (ev.wasClean || socket.destroyed) {
      socket.end();
      return;
    }
    c.onError(new PlatformError(`an error occurred forwarding ${c.local} -> ${c.remote}: lost connection to pod`));
    socket.resetAndDestroy();
  });
  for (const chunk of c.takeEarly()) ws.send(reader.encode(chunk));
  socket.on('data', (chunk: Buffer) => {
    if (ws.readyState !== 1) return;
    ws.send(reader.encode(chunk));
    pauseWhileBuffered(socket, () => (ws.readyState === 1 ? ws.bufferedAmount : 0));
  });
  // The channel protocol cannot half-close: the local end of input ends the session.
  socket.once('end', () => ws.close(1000));
  socket.once('close', () => ws.close(1000));
  socket.resume();
}
