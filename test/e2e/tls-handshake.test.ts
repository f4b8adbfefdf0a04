/**
 * A server that accepts TCP connections and never speaks TLS: `get ns` fails with kubectl's
 * `Unable to connect to the server: net/http: TLS handshake timeout`, and a `get -w` whose server
 * goes silent keeps retrying with a one-line notice per failed attempt, then carries on when the
 * server is back. The handshake timeout (10 s, as kubectl) is shortened for the test.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../src/cli/run.js';
import { createClient } from '../../src/sdk/client.js';
import { closeAllDispatchers } from '../../src/sdk/transport/dispatchers.js';
import { setDefaultTlsHandshakeTimeout } from '../../src/sdk/transport/transport.js';
import { runCli, testIO } from '../support/cli.js';
import { startFlakyProxy } from '../support/flaky-proxy.js';
import { startTestServer, writeTestKubeconfig } from '../support/server.js';

const HANDSHAKE_MS = 300;
let previous = 0;
test.before(() => {
  previous = setDefaultTlsHandshakeTimeout(HANDSHAKE_MS);
});
test.after(async () => {
  setDefaultTlsHandshakeTimeout(previous);
  await closeAllDispatchers();
});

async function until(what: string, check: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('get ns against a listener that never speaks TLS: kubectl\'s handshake timeout error, exit 1', async () => {
  const sockets = new Set<Socket>();
  const silent = createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-tls-'));
  try {
    const { port } = silent.address() as AddressInfo;
    const config = join(dir, 'config');
    await writeFile(config, [
      'apiVersion: v1', 'kind: Config',
      'clusters:', '- name: c', '  cluster:', `    server: https://127.0.0.1:${port}`, '    insecure-skip-tls-verify: true',
      'users:', '- name: u', '  user:', '    token: t',
      'contexts:', '- name: c', '  context: {cluster: c, user: u}',
      'current-context: c', '',
    ].join('\n'));
    const started = Date.now();
    const r = await runCli(['get', 'ns'], { env: { PLATFORMCONFIG: config, HOME: dir }, cwd: dir });
    assert.equal(r.code, 1);
    assert.equal(r.stderr, 'Unable to connect to the server: net/http: TLS handshake timeout\n');
    assert.ok(Date.now() - started < 15_000);
  } finally {
    for (const s of sockets) s.destroy();
    silent.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test('get -w whose server goes silent retries with a notice per failed attempt, and resumes', async () => {
  const server = await startTestServer();
  const proxy = await startFlakyProxy(server.url);
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-tls-'));
  const api = createClient({ server: server.url, caData: server.caPem, bearerToken: server.adminToken, namespace: 'default' }, { env: {} });
  let stop = (): void => undefined;
  try {
    const config = await writeTestKubeconfig({ ...server, url: proxy.url }, join(dir, '.config'));
    await api.configMaps().create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'first' } });
    const controller = new AbortController();
    const io = testIO({ env: { PLATFORMCONFIG: config, HOME: dir }, cwd: dir, signal: controller.signal });
    const done = run(['get', 'cm', '-w'], io);
    stop = () => controller.abort();
    await until('the list', () => io.stdout.text.includes('first'));
    proxy.silence();
    proxy.cut();
    await until(`a handshake timeout notice (stderr: ${io.stderr.text})`, () => io.stderr.text.includes('TLS handshake timeout); retrying in 1s'));
    const notices = io.stderr.text.trimEnd().split('\n');
    const parsed = notices.map((line) => /^watch: cannot reach the server \((.+)\); retrying in (\S+) \(attempt (\d+)\)$/.exec(line));
    assert.ok(parsed.every((m) => m !== null), io.stderr.text);
    assert.deepEqual(parsed.map((m) => Number(m?.[3])), notices.map((_, i) => Number(parsed[0]?.[3]) + i), 'one line per attempt');
    assert.ok(parsed.some((m) => m?.[1] === 'net/http: TLS handshake timeout'));
    proxy.unsilence();
    await api.configMaps().create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'second' } });
    await until('the change after the outage', () => io.stdout.text.includes('second'));
    controller.abort();
    assert.equal(await done, 0);
  } finally {
    stop();
    await proxy.close();
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
});
