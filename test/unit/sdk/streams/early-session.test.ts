/**
 * A session whose server says everything at once: the 101, the output, the exit status and the
 * close in one write (an attach to a container that printed and ended while the client connected,
 * as a loaded machine delivers it). undici can dispatch those messages and the close in the same
 * turn as the open, before the opener's caller runs again; the session must still get all of them
 * and end, not wait for ever for a close it missed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { createClient } from '../../../../src/sdk/client.js';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';

const WEBSOCKET_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/** An unmasked server frame of `opcode` with `payload` (short payloads only). */
function frame(opcode: number, payload: Buffer): Buffer {
  return Buffer.concat([Buffer.from([0x80 | opcode, payload.length]), payload]);
}

test('output, exit status and close in the same write as the 101 all reach the session, which ends', async () => {
  const server = createServer();
  const sockets = new Set<Duplex>();
  server.on('upgrade', (req, socket: Duplex) => {
    sockets.add(socket);
    const accept = createHash('sha1').update(`${String(req.headers['sec-websocket-key'])}${WEBSOCKET_GUID}`).digest('base64');
    const offered = String(req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
    const protocol = offered.find((p) => p.startsWith('v5.channel.')) ?? offered[0] ?? '';
    const head = `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\nSec-WebSocket-Protocol: ${protocol}\r\n\r\n`;
    socket.end(Buffer.concat([
      Buffer.from(head),
      frame(0x2, Buffer.concat([Buffer.from([1]), Buffer.from('printed at once\n')])),
      frame(0x2, Buffer.concat([Buffer.from([3]), Buffer.from('{"metadata":{},"status":"Success"}')])),
      frame(0x8, Buffer.from([0x03, 0xe8])),
    ]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = address !== null && typeof address === 'object' ? address.port : 0;
  try {
    const client = createClient({ server: `http://127.0.0.1:${port}`, bearerToken: 'token', namespace: 'default' }, { env: {} });
    for (let i = 0; i < 20; i++) {
      let out = '';
      const session = client.pods('default').attach('quick', { stdout: { write: (c: Uint8Array) => (out += Buffer.from(c).toString('utf8')) }, pingIntervalMs: 0 });
      let timer: NodeJS.Timeout | undefined;
      const hung = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`session ${i} did not end; output so far ${JSON.stringify(out)}`)), 5000);
      });
      try {
        const result = await Promise.race([session, hung]);
        assert.equal(result.exitCode, 0);
      } finally {
        clearTimeout(timer);
      }
      assert.equal(out, 'printed at once\n', `session ${i}`);
    }
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
    await closeAllDispatchers();
  }
});
