/**
 * A plain-HTTP front of a test server ({@link startFront}), and the one use that gave it its name: a
 * pass-through between the rename proxy and a test server that fixes one thing the proxy gets
 * wrong: it renames the WebSocket sub-protocols kubectl offers (`v5.channel.k8s.io` →
 * `v5.channel.platform.io`) but renames the server's answer to `v5.channel.kubernetes.io`, which
 * kubectl refuses. The shim answers the proxy with the `k8s.io` spelling, which the proxy passes
 * on unchanged. Everything else (bodies, frames) goes through untouched. Used only when the proxy
 * still has that mapping wrong.
 */
import { request as httpsRequest } from 'node:https';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { RENAME_PROXY } from './kubectl-proxy.js';

/** True when the rename proxy maps a server's stream sub-protocol back to kubectl's name. */
export async function proxyMapsStreamProtocols(): Promise<boolean> {
  const mod = await import(pathToFileURL(RENAME_PROXY).href) as { toK8s?: (s: string) => string };
  return mod.toK8s?.('v5.channel.platform.io') === 'v5.channel.k8s.io';
}

function fixProtocol(value: string): string {
  return value.replace(/\b((?:v\d+\.)?(?:base64\.)?channel|portforward)\.platform\.io\b/g, '$1.k8s.io');
}

/** Starts the shim in front of `upstream` (an HTTPS URL); returns its plain-HTTP URL. */
export function startStreamProtocolShim(upstream: string): Promise<{ url: string; close(): Promise<void> }> {
  return startFront(upstream, { rewriteProtocol: fixProtocol });
}

/** What a front may change on the way. */
export interface FrontHooks {
  /** The answer's `Sec-WebSocket-Protocol` as the client gets it. */
  rewriteProtocol?(value: string): string;
  /** A whole HTTP response to send instead of passing the upgrade on (a server that refuses it), or undefined. */
  refuseUpgrade?(req: IncomingMessage): string | undefined;
  /** Called for each upgrade passed on, with a function that drops it (the network goes). */
  upgraded?(drop: () => void): void;
}

/** A plain-HTTP pass-through to `upstream` (an HTTPS URL), upgrades included, with `hooks` applied. */
export async function startFront(upstream: string, hooks: FrontHooks): Promise<{ url: string; close(): Promise<void> }> {
  const up = new URL(upstream);
  const options = (req: IncomingMessage) => ({
    hostname: up.hostname, port: up.port, method: req.method, path: req.url, headers: { ...req.headers, host: up.host }, rejectUnauthorized: false,
  });
  const server: Server = createServer((req, res) => {
    const upReq = httpsRequest({ ...options(req), agent: false }, (upRes) => {
      res.writeHead(upRes.statusCode ?? 502, upRes.headers);
      // A watch's headers go on at once, before any event: clients wait for them.
      res.flushHeaders();
      upRes.pipe(res);
    });
    upReq.on('error', () => res.destroy());
    // A client that goes away (a watch cancelled) ends the upstream request too, so its end reaches the server.
    res.on('close', () => {
      if (!res.writableFinished) upReq.destroy();
    });
    req.pipe(upReq);
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refusal = hooks.refuseUpgrade?.(req);
    if (refusal !== undefined) {
      socket.end(refusal);
      return;
    }
    const upReq = httpsRequest({ ...options(req), agent: false });
    upReq.on('upgrade', (upRes, upSocket, upHead) => {
      let text = `HTTP/1.1 ${upRes.statusCode ?? 101} ${upRes.statusMessage ?? ''}\r\n`;
      for (let i = 0; i < upRes.rawHeaders.length; i += 2) {
        const name = upRes.rawHeaders[i] ?? '';
        const value = upRes.rawHeaders[i + 1] ?? '';
        text += `${name}: ${name.toLowerCase() === 'sec-websocket-protocol' && hooks.rewriteProtocol !== undefined ? hooks.rewriteProtocol(value) : value}\r\n`;
      }
      socket.write(`${text}\r\n`);
      if (upHead.length > 0) socket.write(upHead);
      if (head.length > 0) upSocket.write(head);
      upSocket.pipe(socket);
      socket.pipe(upSocket);
      const end = (): void => {
        socket.destroy();
        upSocket.destroy();
      };
      upSocket.on('error', end);
      socket.on('error', end);
      upSocket.on('close', end);
      socket.on('close', end);
      hooks.upgraded?.(end);
    });
    upReq.on('response', (upRes) => {
      let out = `HTTP/1.1 ${upRes.statusCode ?? 502} ${upRes.statusMessage ?? ''}\r\n`;
      for (let i = 0; i < upRes.rawHeaders.length; i += 2) out += `${upRes.rawHeaders[i] ?? ''}: ${upRes.rawHeaders[i + 1] ?? ''}\r\n`;
      socket.write(`${out}\r\n`);
      upRes.pipe(socket);
    });
    upReq.on('error', () => socket.destroy());
    socket.on('error', () => upReq.destroy());
    upReq.end();
  });
  // Every connection, upgraded ones too: Node 24's close waits for each, and closeAllConnections
  // knows only those still speaking HTTP.
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = address !== null && typeof address === 'object' ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
