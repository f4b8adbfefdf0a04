/**
 * Without `--request-timeout`, no peer that says nothing can hang the built binary: a server or
 * a proxy that accepts and never answers fails after the response-header timeout, an address
 * that never completes the TCP handshake after the connect timeout, an exec plugin that never
 * exits after the plugin timeout (with the children it started). Each ends with Go's words where
 * kubectl has them. A watch stays open long past the header timeout once its headers are in.
 * The defaults (30 s connect, 60 s headers and plugin) are shortened through the environment.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type ServerResponse } from 'node:http';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processAlive } from '../../src/machinery/process-liveness.js';
import { createClient } from '../../src/sdk/client.js';
import { BUILT_SKIP, runBuilt, type BuiltResult } from '../support/built-cli.js';
import { startTestServer, writeTestKubeconfig } from '../support/server.js';

const SHORT = { PLATFORM_CONNECT_TIMEOUT: '1s', PLATFORM_RESPONSE_HEADER_TIMEOUT: '1s', PLATFORM_EXEC_PLUGIN_TIMEOUT: '1s' };
/** Far above the shortened timeouts, far below the hang it replaces. */
const DEADLINE_MS = 20_000;

async function workspace(): Promise<{ dir: string; env: NodeJS.ProcessEnv; close(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-timeouts-'));
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: dir, NO_COLOR: '1', PLATFORMCONFIG: join(dir, 'config'), ...SHORT };
  return { dir, env, close: () => rm(dir, { recursive: true, force: true }) };
}

/** A TCP listener that accepts connections and never says a word. */
async function silentListener(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}

function outcome(r: BuiltResult): { code: number | null; killed: boolean; stderr: string } {
  return { code: r.code, killed: r.killed, stderr: r.stderr };
}

test('a server that accepts and never answers, or answers too late, fails after the response-header timeout', { skip: BUILT_SKIP }, async () => {
  const silent = await silentListener();
  // Reads the request, then would send its headers after a minute.
  const pending = new Set<ServerResponse>();
  const slow = createHttpServer((req, res) => {
    req.resume();
    pending.add(res);
    setTimeout(() => res.writeHead(200).end('{}'), 60_000).unref();
  });
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  const ws = await workspace();
  try {
    const expected = { code: 1, killed: false, stderr: 'Unable to connect to the server: net/http: timeout awaiting response headers\n' };
    const a = await runBuilt(['get', 'ns', '-s', `http://127.0.0.1:${silent.port}`], { env: ws.env, cwd: ws.dir, timeoutMs: DEADLINE_MS });
    assert.deepEqual(outcome(a), expected);
    assert.ok(a.ms < 10_000, `${a.ms} ms`);
    const b = await runBuilt(['get', 'ns', '-s', `http://127.0.0.1:${(slow.address() as AddressInfo).port}`], { env: ws.env, cwd: ws.dir, timeoutMs: DEADLINE_MS });
    assert.deepEqual(outcome(b), expected);
    // A request timeout takes the header timeout's place, with kubectl's message.
    const c = await runBuilt(['get', 'ns', '-s', `http://127.0.0.1:${silent.port}`, '--request-timeout=2s'], { env: ws.env, cwd: ws.dir, timeoutMs: DEADLINE_MS });
    assert.equal(c.code, 1);
    assert.match(c.stderr, /^Unable to connect to the server: Get "http:\/\/127\.0\.0\.1:\d+\/api\?timeout=2s": context deadline exceeded \(Client\.Timeout exceeded while awaiting headers\) after 2s\n$/);
  } finally {
    for (const res of pending) res.destroy();
    slow.closeAllConnections();
    slow.close();
    await silent.close();
    await ws.close();
  }
});

test('a proxy that accepts and never answers fails after the response-header timeout', { skip: BUILT_SKIP }, async () => {
  const proxy = await silentListener();
  const ws = await workspace();
  try {
    const env = { ...ws.env, HTTPS_PROXY: `http://127.0.0.1:${proxy.port}`, NO_PROXY: '' };
    const r = await runBuilt(['get', 'ns', '-s', 'https://192.0.2.1:6443', '--insecure-skip-tls-verify'], { env, cwd: ws.dir, timeoutMs: DEADLINE_MS });
    assert.deepEqual(outcome(r), { code: 1, killed: false, stderr: 'Unable to connect to the server: net/http: timeout awaiting response headers\n' });
  } finally {
    await proxy.close();
    await ws.close();
  }
});

/**
 * A listening socket whose accept queue is full (Python: Node accepts every connection itself):
 * Linux drops further SYNs, so connecting never completes.
 */
async function fullBacklog(): Promise<{ port: number; close(): void } | undefined> {
  const script = [
    'import socket, sys, time',
    "s = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen(0)",
    'port = s.getsockname()[1]; held = []',
    'for i in range(4):',
    '    c = socket.socket(); c.setblocking(False)',
    "    try: c.connect(('127.0.0.1', port))",
    '    except BlockingIOError: pass',
    '    held.append(c)',
    'time.sleep(0.3); print(port, flush=True); sys.stdin.read()',
  ].join('\n');
  const child: ChildProcess = spawn('python3', ['-c', script], { stdio: ['pipe', 'pipe', 'ignore'] });
  const port = await new Promise<number | undefined>((resolve) => {
    child.on('error', () => resolve(undefined));
    child.stdout?.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
  });
  if (port === undefined || !Number.isInteger(port)) return undefined;
  return { port, close: () => child.kill() };
}

const HAS_PYTHON = spawnSync('python3', ['-c', '0']).status === 0;

test('an address that never completes the TCP handshake fails after the connect timeout, in Go\'s words', { skip: BUILT_SKIP || (process.platform === 'linux' && HAS_PYTHON ? false : 'needs Linux and python3') }, async () => {
  const listener = await fullBacklog();
  assert.ok(listener !== undefined, 'python3 listener');
  const ws = await workspace();
  try {
    // The header timeout is longer here: the connect timeout must be the one that fires.
    const env = { ...ws.env, PLATFORM_RESPONSE_HEADER_TIMEOUT: '15s' };
    const r = await runBuilt(['get', 'ns', '-s', `http://127.0.0.1:${listener.port}`], { env, cwd: ws.dir, timeoutMs: DEADLINE_MS });
    assert.deepEqual(outcome(r), { code: 1, killed: false, stderr: `Unable to connect to the server: dial tcp 127.0.0.1:${listener.port}: i/o timeout\n` });
    assert.ok(r.ms < 10_000, `${r.ms} ms`);
  } finally {
    listener.close();
    await ws.close();
  }
});

test('an exec plugin that never exits is killed with the children it started, with one line', { skip: BUILT_SKIP || (process.platform === 'win32' ? 'a POSIX shell plugin' : false) }, async () => {
  const ws = await workspace();
  try {
    // A shell script whose child holds the output pipe: the shell alone dying would not end it.
    const plugin = join(ws.dir, 'plugin');
    const childPid = join(ws.dir, 'child.pid');
    await writeFile(plugin, `#!/bin/sh\nsleep 300 &\necho $! > '${childPid}'\nwait\n`);
    await chmod(plugin, 0o755);
    await writeFile(join(ws.dir, 'config'), [
      'apiVersion: v1', 'kind: Config',
      'clusters: [{name: c, cluster: {server: "https://127.0.0.1:1", insecure-skip-tls-verify: true}}]',
      `users: [{name: u, user: {exec: {apiVersion: client.authentication.platform.io/v1, command: ${plugin}, interactiveMode: Never}}}]`,
      'contexts: [{name: c, context: {cluster: c, user: u}}]', 'current-context: c', '',
    ].join('\n'));
    const r = await runBuilt(['get', 'ns'], { env: ws.env, cwd: ws.dir, timeoutMs: DEADLINE_MS });
    assert.deepEqual(outcome(r), {
      code: 1, killed: false,
      stderr: `error: getting credentials: exec: executable ${plugin} did not finish within 1s and was killed (PLATFORM_EXEC_PLUGIN_TIMEOUT sets how long to wait)\n`,
    });
    const pid = Number((await readFile(childPid, 'utf8')).trim());
    const end = Date.now() + 5000;
    while (processAlive(pid) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(processAlive(pid), false, `the plugin's child ${pid} still runs`);
  } finally {
    await ws.close();
  }
});

test('a watch stays open long past the response-header timeout once its headers are in', { skip: BUILT_SKIP }, async () => {
  const server = await startTestServer();
  const ws = await workspace();
  const api = createClient({ server: server.url, caData: server.caPem, bearerToken: server.adminToken, namespace: 'default' }, { env: {} });
  try {
    const config = await writeTestKubeconfig(server, join(ws.dir, '.platform'));
    const watching = runBuilt(['get', 'cm', '-w', '-o', 'name'], {
      env: { ...ws.env, PLATFORMCONFIG: config }, cwd: ws.dir, timeoutMs: DEADLINE_MS,
      onStdout: (chunk, child) => {
        if (chunk.toString().includes('configmap/late')) child.kill('SIGINT');
      },
    });
    // Three times the header timeout of 1 s: a watch cut by it would have ended by now.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await api.configMaps().create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'late' } });
    const r = await watching;
    assert.equal(r.killed, false, `the change never showed: ${r.stdout}${r.stderr}`);
    assert.ok(r.stdout.includes('configmap/late'), r.stdout);
    assert.equal(r.stderr, '');
  } finally {
    await server.stop();
    await ws.close();
  }
});
