/**
 * Accepting a WebSocket upgrade for a stream endpoint (with the `ws` library): the sub-protocol the
 * endpoint negotiated is answered, and the session's end is reported to the audit log.
 */
import type { IncomingMessage } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { ApiError, badRequest } from '../errors.js';
import { isWebSocketUpgrade, takeUpgrade } from './upgrade.js';

/** Largest message a client may send (the channel protocols send at most 32 KiB at a time). */
const MAX_MESSAGE = 16 * 1024 * 1024;

/** The sub-protocols a client offers, in its order. */
export function offeredProtocols(req: IncomingMessage): string[] {
  const raw = req.headers['sec-websocket-protocol'];
  const text = Array.isArray(raw) ? raw.join(',') : raw ?? '';
  return text.split(',').map((p) => p.trim()).filter((p) => p !== '');
}

/** Refuses requests that do not upgrade to WebSocket (the node agent's answer). */
export function requireWebSocket(req: IncomingMessage): void {
  if (isWebSocketUpgrade(req)) return;
  const upgrade = (req.headers.upgrade ?? '').toLowerCase();
  if (upgrade.startsWith('spdy/')) throw badRequest('unable to upgrade connection: this server streams over WebSocket only; SPDY is not supported');
  throw new ApiError(400, 'BadRequest', 'Upgrade request required');
}

/** Picks the protocol for a request, or answers 400 as the WebSocket handshake of the node agent does. */
export function chooseProtocol(req: IncomingMessage, supported: readonly string[], allowNone: boolean): string | undefined {
  const offered = offeredProtocols(req);
  if (offered.length === 0 && allowNone) return undefined;
  const chosen = offered.find((p) => supported.includes(p));
  if (chosen === undefined) {
    throw badRequest(`unable to upgrade connection: requested protocol(s) are not supported: [${offered.join(' ')}]; supports [${supported.join(' ')}]`);
  }
  return chosen;
}

/** Completes the upgrade; `done` is called when the connection ends. */
export function acceptWebSocket(req: IncomingMessage, protocol: string | undefined): Promise<WebSocket> {
  const taken = takeUpgrade(req);
  if (taken === undefined) return Promise.reject(new ApiError(400, 'BadRequest', 'Upgrade request required'));
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: MAX_MESSAGE, clientTracking: false });
  // The chosen protocol is answered here: `ws` refuses names that are not RFC 6455 tokens, and the
  // SPDY tunnel's `SPDY/3.1+portforward...` is not one (real servers and clients accept it).
  delete req.headers['sec-websocket-protocol'];
  if (protocol !== undefined) wss.on('headers', (headers: string[]) => headers.push(`Sec-WebSocket-Protocol: ${protocol}`));
  return new Promise((resolve, reject) => {
    const failed = (): void => {
      taken.done(400);
      reject(new Error('websocket handshake failed'));
    };
    taken.socket.once('close', failed);
    wss.handleUpgrade(req, taken.socket, taken.head, (ws) => {
      taken.socket.off('close', failed);
      ws.once('close', () => taken.done(101));
      resolve(ws);
    });
  });
}

/** How much a stream writer may queue on a WebSocket before it waits. */
export const SEND_HIGH_WATER = 1024 * 1024;

/**
 * Sends and says whether the producer may go on at once: false when the queue is above the mark,
 * and `drained` is then called once this message has been written (or the connection has ended).
 * Synchronous, so that a reader of a pod connection need not pause and resume for every chunk.
 */
export function sendOrWait(ws: WebSocket, data: Buffer | string, drained: () => void, highWater = SEND_HIGH_WATER): boolean {
  if (ws.readyState !== ws.OPEN) return true;
  if (ws.bufferedAmount < highWater) {
    ws.send(data);
    return true;
  }
  ws.send(data, () => drained());
  return false;
}

/**
 * Sends with backpressure: resolves at once while little is queued, else when the queue drains
 * below the mark (so a fast producer waits for a slow client instead of buffering without bound).
 */
export function sendWithBackpressure(ws: WebSocket, data: Buffer | string, highWater = SEND_HIGH_WATER): Promise<void> {
  return new Promise((resolve) => {
    if (sendOrWait(ws, data, resolve, highWater)) resolve();
  });
}
