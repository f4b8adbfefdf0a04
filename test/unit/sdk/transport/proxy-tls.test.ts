import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { createClient } from '../../../../src/sdk/client.js';
import { TransportError } from '../../../../src/sdk/errors.js';
import { closeAllDispatchers, dispatcherKey, getDispatcher } from '../../../../src/sdk/transport/dispatchers.js';
import { matchesNoProxy, resolveProxy } from '../../../../src/sdk/transport/proxy.js';
import { RecordingServer } from '../../../support/recording-server.js';
import { configFor } from './helpers.js';

/** A CONNECT proxy that sends every tunnel to 127.0.0.1 and records what it was asked. */
async function startConnectProxy(): Promise<{ url: string; connects: { target: string; auth: string | undefined }[]; close: () => Promise<void> }> {
  const connects: { target: string; auth: string | undefined }[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((_req, res) => {
    res.writeHead(405).end();
  });
  server.on('connect', (req, clientSocket: Socket, head: Buffer) => {
    const target = req.url ?? '';
    connects.push({ target, auth: req.headers['proxy-authorization'] });
    const port = Number(target.split(':').pop());
    const upstream = connect(port, '127.0.0.1', () => {
      clientSocket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(clientSocket);
      clientSocket.pipe(upstream);
    });
    sockets.add(upstream).add(clientSocket);
    const drop = (): void => {
      upstream.destroy();
      clientSocket.destroy();
    };
    upstream.on('error', drop);
    clientSocket.on('error', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    connects,
    close: async () => {
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

test('NO_PROXY matching follows Go: hosts and their subdomains, .suffix, IPs, CIDRs, ports, *', () => {
  assert.equal(matchesNoProxy('example.com', 'example.com', '443'), true);
  assert.equal(matchesNoProxy('example.com', 'api.example.com', '443'), true);
  assert.equal(matchesNoProxy('.example.com', 'example.com', '443'), false);
  assert.equal(matchesNoProxy('.example.com', 'api.example.com', '443'), true);
  assert.equal(matchesNoProxy('notexample.com', 'example.com', '443'), false);
  assert.equal(matchesNoProxy('10.0.0.0/8', '10.1.2.3', '443'), true);
  assert.equal(matchesNoProxy('10.0.0.0/8', '11.1.2.3', '443'), false);
  assert.equal(matchesNoProxy('192.168.1.5', '192.168.1.5', '6443'), true);
  assert.equal(matchesNoProxy('example.com:6443', 'example.com', '6443'), true);
  assert.equal(matchesNoProxy('example.com:6443', 'example.com', '443'), false);
  assert.equal(matchesNoProxy('a.com, *', 'anything', '1'), true);
});

test('resolveProxy: proxy-url wins; env by scheme, upper case first; never for loopback', () => {
  const env = { HTTPS_PROXY: 'proxy.corp:3128', https_proxy: 'http://lower:1', HTTP_PROXY: 'http://plain:8080', NO_PROXY: 'internal.corp' };
  assert.equal(resolveProxy(new URL('https://api.corp:6443'), undefined, env), 'http://proxy.corp:3128');
  assert.equal(resolveProxy(new URL('http://api.corp:8080'), undefined, env), 'http://plain:8080');
  assert.equal(resolveProxy(new URL('https://api.internal.corp'), undefined, env), undefined);
  assert.equal(resolveProxy(new URL('https://127.0.0.1:6443'), undefined, env), undefined);
  assert.equal(resolveProxy(new URL('https://localhost:6443'), undefined, env), undefined);
  assert.equal(resolveProxy(new URL('https://[::1]:6443'), undefined, env), undefined);
  assert.equal(resolveProxy(new URL('https://api.corp'), undefined, { https_proxy: 'http://lower:1' }), 'http://lower:1');
  assert.equal(resolveProxy(new URL('https://127.0.0.1'), 'socks5://s:1080', env), 'socks5://s:1080');
  assert.equal(resolveProxy(new URL('https://api.corp'), undefined, {}), undefined);
});

test('HTTPS_PROXY from the environment tunnels requests through CONNECT', async () => {
  const server = await RecordingServer.start();
  const proxy = await startConnectProxy();
  try {
    // proxied.test does not resolve: the request can only succeed through the proxy.
    const client = createClient({ server: `https://proxied.test:${server.port}`, caData: server.caPem, namespace: 'default' }, { env: { HTTPS_PROXY: proxy.url } });
    await client.getRaw('/version');
    assert.deepEqual(proxy.connects.map((c) => c.target), [`proxied.test:${server.port}`]);
    assert.equal(server.requests[0]?.headers.host, `proxied.test:${server.port}`);
  } finally {
    await proxy.close();
    await server.close();
    await closeAllDispatchers();
  }
});

test('proxy-url from the config is used even for loopback, with its credentials', async () => {
  const server = await RecordingServer.start();
  const proxy = await startConnectProxy();
  try {
    const proxyURL = proxy.url.replace('http://', 'http://proxyuser:proxypass@');
    const client = createClient(configFor(server, { proxyURL }), { env: {} });
    await client.getRaw('/version');
    assert.equal(proxy.connects.length, 1);
    assert.equal(proxy.connects[0]?.auth, `Basic ${Buffer.from('proxyuser:proxypass').toString('base64')}`);
  } finally {
    await proxy.close();
    await server.close();
    await closeAllDispatchers();
  }
});

test('TLS: an unknown CA fails like kubectl; insecure-skip-tls-verify and tls-server-name work', async () => {
  const server = await RecordingServer.start();
  try {
    const untrusted = createClient({ server: server.url, namespace: 'default' }, { env: {} });
    await assert.rejects(untrusted.getRaw('/version'), (err: unknown) => {
      assert.ok(err instanceof TransportError);
      assert.match(err.message, /^Get "https:\/\/127\.0\.0\.1:\d+\/version": tls: failed to verify certificate: x509: certificate signed by unknown authority$/);
      return true;
    });
    const insecure = createClient({ server: server.url, namespace: 'default', insecureSkipTLSVerify: true }, { env: {} });
    await insecure.getRaw('/version');
    const named = createClient(configFor(server, { tlsServerName: 'other-name.test' }), { env: {} });
    await named.getRaw('/version');
    const wrongName = createClient(configFor(server, { tlsServerName: 'wrong.test' }), { env: {} });
    await assert.rejects(wrongName.getRaw('/version'), (err: unknown) => err instanceof TransportError && /x509: .*wrong\.test/.test(err.message));
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});

test('connection refused keeps the system error as the cause', async () => {
  const server = await RecordingServer.start();
  const port = server.port;
  await server.close();
  const client = createClient({ server: `https://127.0.0.1:${port}`, namespace: 'default' }, { env: {} });
  await assert.rejects(client.getRaw('/version'), (err: unknown) => {
    assert.ok(err instanceof TransportError);
    assert.equal((err.cause as { code?: string }).code, 'ECONNREFUSED');
    assert.equal(err.message, `Get "https://127.0.0.1:${port}/version": dial tcp 127.0.0.1:${port}: connect: connection refused`);
    return true;
  });
  await closeAllDispatchers();
});

test('one pool per TLS settings, client certificate and proxy, reused', async () => {
  const a = getDispatcher({ tls: { caData: 'CA' } });
  const b = getDispatcher({ tls: { caData: 'CA' } });
  const c = getDispatcher({ tls: { caData: 'CA' }, clientCertificate: { certData: 'C', keyData: 'K' } });
  assert.equal(a.dispatcher, b.dispatcher);
  assert.notEqual(a.dispatcher, c.dispatcher);
  assert.notEqual(dispatcherKey({ tls: {} }), dispatcherKey({ tls: {}, proxy: 'http://p:1' }));
  assert.ok(!a.key.includes('CA'));
  await closeAllDispatchers();
});
