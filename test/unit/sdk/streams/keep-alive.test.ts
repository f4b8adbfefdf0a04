/**
 * Keep-alive pings of streaming sessions: an exec session sends a WebSocket Ping every
 * `pingIntervalMs` while it is open (the server sees them), none with 0, and none after it ends.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:https';
import { WebSocketServer, type WebSocket } from 'ws';
import { createClient } from '../../../../src/sdk/client.js';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';
import { issue } from '../transport/pki.js';

test('exec sessions ping every pingIntervalMs while open, and not at all with 0', async () => {
  const ca = await issue({ subject: 'ping-ca', ca: true });
  const leaf = await issue({ subject: 'ping-server', issuer: ca, ips: ['127.0.0.1'] });
  const server = createServer({ key: leaf.keyPem, cert: leaf.pem });
  const pings: number[] = [];
  // A session that stays quiet for 300 ms, then ends with exit code 0 (v5: an empty Success status on the error channel).
  const wss = new WebSocketServer({ server, handleProtocols: (protocols) => [...protocols][0] ?? false });
  wss.on('connection', (ws: WebSocket) => {
    const index = pings.push(0) - 1;
    ws.on('ping', () => { pings[index] = (pings[index] ?? 0) + 1; });
    setTimeout(() => {
      ws.send(Buffer.concat([Buffer.from([3]), Buffer.from(JSON.stringify({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success' }))]));
      ws.close(1000);
    }, 300);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = address !== null && typeof address === 'object' ? address.port : 0;
  try {
    const client = createClient({ server: `https://127.0.0.1:${port}`, caData: ca.pem, bearerToken: 'token', namespace: 'default' }, { env: {} });
    const pods = client.pods();
    assert.equal((await pods.exec('p', ['true'], { pingIntervalMs: 40 })).exitCode, 0);
    assert.equal((await pods.exec('p', ['true'], { pingIntervalMs: 0 })).exitCode, 0);
    await new Promise((r) => setTimeout(r, 150));
    const [frequent = 0, none = 0] = pings;
    assert.ok(frequent >= 4 && frequent <= 9, `pings of a 300 ms session every 40 ms: ${frequent}`);
    assert.equal(none, 0);
    const after = [...pings];
    await new Promise((r) => setTimeout(r, 150));
    assert.deepEqual(pings, after, 'no pings after the sessions ended');
  } finally {
    wss.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await closeAllDispatchers();
  }
});
