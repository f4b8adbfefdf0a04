import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { createClient } from '../../../../src/sdk/client.js';
import { AbortedError, ConfigError, ProtocolError, TimeoutError, TransportError } from '../../../../src/sdk/errors.js';
import { DEFAULT_TLS_HANDSHAKE_TIMEOUT_MS } from '../../../../src/sdk/transport/transport.js';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';

/** A TCP server that accepts connections and never says a word, so the TLS handshake never ends. */
async function silentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((s) => { sockets.add(s); s.on('error', () => undefined); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}

test('a request timeout ends a request stuck in the TLS handshake', async () => {
  const server = await silentServer();
  try {
    const client = createClient({ server: server.url, insecureSkipTLSVerify: true, namespace: 'default', timeoutMs: 300 }, { env: {} });
    const started = Date.now();
    await assert.rejects(client.configMaps().list(), (err: unknown) => err instanceof TimeoutError);
    assert.ok(Date.now() - started < 3000, `took ${Date.now() - started} ms`);
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});

test('aborting ends a request stuck in the TLS handshake', async () => {
  const server = await silentServer();
  try {
    const client = createClient({ server: server.url, insecureSkipTLSVerify: true, namespace: 'default' }, { env: {} });
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 200);
    await assert.rejects(client.configMaps().list({ signal: controller.signal }), (err: unknown) => err instanceof AbortedError);
    assert.ok(Date.now() - started < 3000, `took ${Date.now() - started} ms`);
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});

test('without a request timeout, a TLS handshake that never ends fails after the handshake timeout, in kubectl words', async () => {
  assert.equal(DEFAULT_TLS_HANDSHAKE_TIMEOUT_MS, 10_000);
  const server = await silentServer();
  try {
    const client = createClient({ server: server.url, insecureSkipTLSVerify: true, namespace: 'default' }, { env: {}, tlsHandshakeTimeoutMs: 200 });
    const started = Date.now();
    await assert.rejects(client.configMaps().list(), (err: unknown) => {
      assert.ok(err instanceof TransportError && !(err instanceof TimeoutError));
      assert.equal(err.reason, 'net/http: TLS handshake timeout');
      assert.equal(err.message, `Get "${server.url}/api/v1/namespaces/default/configmaps": net/http: TLS handshake timeout`);
      return true;
    });
    const took = Date.now() - started;
    assert.ok(took >= 200 && took < 5000, `took ${took} ms`);
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});

/** An HTTP server whose every request is answered by `answer` (which may never answer). */
async function httpServer(answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createHttpServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

test('without a request timeout, a server that never sends its headers fails after the response-header timeout, in Go\'s words', { timeout: 20_000 }, async () => {
  const silent = await silentServer();
  const url = silent.url.replace('https:', 'http:');
  try {
    const client = createClient({ server: url, namespace: 'default' }, { env: {}, responseHeaderTimeoutMs: 300 });
    const started = Date.now();
    await assert.rejects(client.configMaps().list(), (err: unknown) => {
      assert.ok(err instanceof TransportError && !(err instanceof TimeoutError), String(err));
      assert.equal(err.reason, 'net/http: timeout awaiting response headers');
      assert.equal(err.message, `Get "${url}/api/v1/namespaces/default/configmaps": net/http: timeout awaiting response headers`);
      return true;
    });
    const took = Date.now() - started;
    assert.ok(took >= 300 && took < 5000, `took ${took} ms`);
    // The environment sets it for clients that are given none; a request timeout replaces it.
    const fromEnv = createClient({ server: url, namespace: 'default' }, { env: { PLATFORM_RESPONSE_HEADER_TIMEOUT: '300ms' } });
    await assert.rejects(fromEnv.configMaps().list(), /timeout awaiting response headers/);
    const withTimeout = createClient({ server: url, namespace: 'default', timeoutMs: 700 }, { env: {}, responseHeaderTimeoutMs: 100 });
    await assert.rejects(withTimeout.configMaps().list(), (err: unknown) => err instanceof TimeoutError && /after 700ms$/.test(err.message));
    assert.throws(() => createClient({ server: url, namespace: 'default' }, { env: { PLATFORM_RESPONSE_HEADER_TIMEOUT: 'soon' } }), (err: unknown) => {
      assert.ok(err instanceof ConfigError);
      assert.equal(err.message, 'invalid PLATFORM_RESPONSE_HEADER_TIMEOUT "soon": a duration (e.g. 30s, 2m) or a number of seconds; 0 waits forever');
      return true;
    });
  } finally {
    await silent.close();
    await closeAllDispatchers();
  }
});

test('the response-header timeout ends with the headers: a watch whose events come later is not cut', { timeout: 20_000 }, async () => {
  const server = await httpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.flushHeaders();
    setTimeout(() => res.end(`${JSON.stringify({ type: 'ADDED', object: { kind: 'ConfigMap', metadata: { name: 'late', resourceVersion: '2' } } })}\n`), 800);
  });
  try {
    const client = createClient({ server: server.url, namespace: 'default' }, { env: {}, responseHeaderTimeoutMs: 200 });
    const names: string[] = [];
    for await (const event of client.configMaps().watch({ resourceVersion: '1', resume: false })) names.push((event.object as { metadata?: { name?: string } }).metadata?.name ?? '');
    assert.deepEqual(names, ['late']);
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});

test('a response read whole is refused past its bound, counted after decompression (a gzip bomb)', { timeout: 20_000 }, async () => {
  const MiB = 1024 * 1024;
  const member = gzipSync(Buffer.alloc(MiB, ' '));
  const bomb = Buffer.concat([gzipSync(Buffer.from('{"kind":"ConfigMapList","items":[')), ...Array.from({ length: 4 }, () => member)]);
  const server = await httpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    res.end(bomb);
  });
  try {
    const client = createClient({ server: server.url, namespace: 'default' }, { env: {}, maxResponseBytes: 2 * MiB });
    await assert.rejects(client.configMaps().list(), (err: unknown) => {
      assert.ok(err instanceof ProtocolError, String(err));
      assert.equal(err.message, `Get "${server.url}/api/v1/namespaces/default/configmaps": the response body is more than 2 MiB (the limit for a response read into memory)`);
      return true;
    });
    // Under the bound, the same answer is read (and found not to be JSON).
    const roomy = createClient({ server: server.url, namespace: 'default' }, { env: {}, maxResponseBytes: 8 * MiB });
    await assert.rejects(roomy.configMaps().list(), /is not valid JSON/);
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});
