/**
 * Upgrade requests (WebSocket: exec, attach, port-forward) go through the same pipeline as every
 * request (authentication, authorization, audit, errors as Status), with a response object bound to
 * the raw socket. An endpoint that accepts the upgrade takes the socket over with
 * {@link takeUpgrade}; every other answer is written through the response and ends the connection.
 */
import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

interface PendingUpgrade {
  socket: Socket;
  head: Buffer;
  res: ServerResponse;
}

const pending = new WeakMap<IncomingMessage, PendingUpgrade>();

/** Runs `handler` for an upgrade request, with a response written to the socket. */
export function serveUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, handler: (req: IncomingMessage, res: ServerResponse) => void): void {
  const raw = socket as Socket;
  const res = new ServerResponse(req);
  res.shouldKeepAlive = false;
  res.assignSocket(raw);
  raw.on('error', () => raw.destroy());
  res.once('finish', () => {
    if (pending.has(req)) raw.end();
  });
  pending.set(req, { socket: raw, head, res });
  handler(req, res);
}

/** True when the request asks to upgrade to WebSocket and can still be upgraded. */
export function isWebSocketUpgrade(req: IncomingMessage): boolean {
  return pending.has(req) && (req.headers.upgrade ?? '').toLowerCase() === 'websocket';
}

/** Takes the socket of an upgrade request over (the response object is no longer used to write). */
export function takeUpgrade(req: IncomingMessage): { socket: Socket; head: Buffer; done: (code: number) => void } | undefined {
  const p = pending.get(req);
  if (p === undefined) return undefined;
  pending.delete(req);
  p.res.detachSocket(p.socket);
  let finished = false;
  return {
    socket: p.socket,
    head: p.head,
    // The audit event and request metrics are written when the response "finishes": for an upgraded
    // connection, when the session ends.
    done: (code) => {
      if (finished) return;
      finished = true;
      p.res.statusCode = code;
      p.res.emit('finish');
    },
  };
}
