/**
 * Stopping the local server never waits on a client: not on a connection that has not finished
 * its TLS handshake (it held stop() for Node's 120 s handshake timeout), and not on an open
 * port-forward whose pod connection is idle. Both end at once, and the forward's local client sees
 * its connection end.
 */
import { test } from 'node:test';
import { connect, type Socket } from 'node:net';
import { createClient } from '../../src/sdk/client.js';
import { startTestServer } from '../support/server.js';
import { nodeContainer, openStreamsEnv, podOf, SKIP_NODE } from './streams-support.js';

/** Resolves with how long `stop` took, or rejects after `limitMs`. */
async function timedStop(stop: () => Promise<void>, limitMs: number): Promise<number> {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([stop(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`stop() took more than ${limitMs} ms`)), limitMs)))]);
  } finally {
    clearTimeout(timer);
  }
  return performance.now() - start;
}

function closed(socket: Socket): Promise<void> {
  return new Promise((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));
}

test('stop() does not wait for a connection still in its TLS handshake', async () => {
  const server = await startTestServer();
  const raw = connect({ host: '127.0.0.1', port: server.port });
  raw.on('error', () => undefined);
  await new Promise((resolve) => raw.once('connect', resolve));
  // Generous for a loaded machine; the handshake timeout it used to wait on is 120 s.
  await timedStop(() => server.stop(), 20_000);
  await closed(raw);
});

test('stop() ends an open port-forward whose pod connection is idle', { skip: SKIP_NODE }, async () => {
  const s = await openStreamsEnv('stop-pf');
  try {
    // Accepts connections and never answers nor closes them.
    await s.runPod(podOf('mute', { containers: [nodeContainer('main', "const keep = []; require('net').createServer((c) => keep.push(c)).listen(8080, process.env.POD_IP)", {
      env: [{ name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } }],
      readinessProbe: { tcpSocket: { port: 8080 }, periodSeconds: 1 },
    })] }), true);
    const client = createClient({ server: s.server.url, caData: s.server.caPem, bearerToken: s.server.adminToken, namespace: 'stop-pf' }, { env: {} });
    const forward = await client.pods('stop-pf').portForward('mute', [{ local: 0, remote: 8080 }], { addresses: ['127.0.0.1'] });
    try {
      const port = forward.ports[0]?.local ?? 0;
      const local = connect({ host: '127.0.0.1', port });
      local.on('error', () => undefined);
      await new Promise((resolve) => local.once('connect', resolve));
      local.write('hello');
      // Let the session open and reach the pod before the server goes.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await timedStop(() => s.server.stop(), 20_000);
      await closed(local);
    } finally {
      await forward.close();
    }
  } finally {
    // stop() is idempotent: this only removes the directory when the test got that far.
    await s.close();
  }
});
