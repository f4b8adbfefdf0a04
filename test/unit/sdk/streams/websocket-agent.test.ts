/**
 * WebSockets opened through one client share one agent: after the first connection, every next one
 * resumes its TLS session instead of making a full handshake with a new TLS context (a port-forward
 * opens one WebSocket per local connection), and a refused upgrade still reports the server's answer.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { WebSocketServer } from 'ws';
import { createClient } from '../../../../src/sdk/client.js';
import { StatusError } from '../../../../src/sdk/errors.js';
import { openWebSocket } from '../../../../src/sdk/streams/websocket.js';
import { issue } from '../transport/pki.js';

test('WebSockets of one client resume the TLS session of the first', async () => {
  const ca = await issue({ subject: 'ws-ca', ca: true });
  const leaf = await issue({ subject: 'ws-server', issuer: ca, ips: ['127.0.0.1'] });
  const server = createServer({ key: leaf.keyPem, cert: leaf.pem });
  const resumed: boolean[] = [];
  server.on('secureConnection', (s: TLSSocket) => resumed.push(s.isSessionReused()));
  const wss = new WebSocketServer({ noServer: true, handleProtocols: (protocols) => [...protocols][0] ?? false });
  server.on('upgrade', (req, socket, head) => {
    if (req.url?.startsWith('/refuse') === true) {
      socket.end('HTTP/1.1 403 Forbidden\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"nope","reason":"Forbidden","code":403}');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => ws.close(1000));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = address !== null && typeof address === 'object' ? address.port : 0;
  try {
    const client = createClient({ server: `https://127.0.0.1:${port}`, caData: ca.pem, bearerToken: 'token', namespace: 'default' }, { env: {} });
    for (let i = 0; i < 3; i++) {
      const { ws, protocol } = await openWebSocket(client.transport, '/ws', undefined, ['v4.channel.platform.io']);
      assert.equal(protocol, 'v4.channel.platform.io');
      await new Promise((resolve) => ws.addEventListener('close', resolve, { once: true }));
    }
    await assert.rejects(openWebSocket(client.transport, '/refuse', undefined, ['v4.channel.platform.io']), (e: unknown) => e instanceof StatusError && e.code === 403 && e.message === 'nope');
    assert.equal(resumed.length, 4);
    assert.deepEqual(resumed.slice(1), [true, true, true], `resumed: ${JSON.stringify(resumed)}`);
  } finally {
    wss.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
