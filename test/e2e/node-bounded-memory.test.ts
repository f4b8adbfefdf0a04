/**
 * A container cannot grow the server's memory: output printed faster than the log takes it, one
 * enormous line, and input sent to a container that never reads it are all held back (the process
 * blocks on its pipe, the client's connection stops being read) instead of buffered in the server.
 * The server runs as `local start` does, in a process of its own, so that its resident memory is
 * measured alone; it runs at a low priority so that the load it is put under leaves the rest of the
 * suite its share of the machine.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import WebSocket from 'ws';
import { STREAM_PROTOCOLS } from '../../src/sdk/naming.js';
import { ApiClient, at } from '../support/api.js';
import { HAS_PROC, waitFor, waitForPod } from '../integration/server/node/support.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'platformctl');
const built = existsSync(join(ROOT, 'dist', 'cli', 'platformctl.cjs'));
const skip = !built ? 'the CLI bundle is not built (npm run build)' : !HAS_PROC ? 'server memory is read from /proc (Linux only)' : false;
const run = promisify(execFile);

/** The bound every case must stay under. */
const RSS_LIMIT = 300 * 1024 * 1024;
/** How long the chatty pod prints (the bound must hold all along, not only at the start). */
const CHATTY_MS = Number(process.env.PLATFORM_TEST_CHATTY_SECONDS ?? '60') * 1000;

interface LocalServer {
  home: string;
  pid: number;
  api: ApiClient;
  url: string;
  token: string;
  caPem: string;
  stop(): Promise<void>;
}

async function startLocal(): Promise<LocalServer> {
  const home = await mkdtemp(join(tmpdir(), 'platformctl-memory-'));
  const dataDir = join(home, '.platform', 'local');
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, NO_COLOR: '1' };
  delete env.PLATFORMCONFIG;
  // Low priority for the server and its pods (children inherit it).
  const r = await run('nice', ['-n', '10', process.execPath, BIN, 'local', 'start'], { env, cwd: home, timeout: 90_000 });
  const url = /running at (\S+)/.exec(r.stdout)?.[1] ?? '';
  const pid = Number((await readFile(join(dataDir, 'server.pid'), 'utf8')).trim());
  const caPem = await readFile(join(dataDir, 'ca.crt'), 'utf8');
  const token = (await readFile(join(dataDir, 'admin-token'), 'utf8')).trim();
  const api = new ApiClient({ url, caPem, adminToken: token });
  return {
    home, pid, api, url, token, caPem,
    async stop() {
      api.close();
      await run(process.execPath, [BIN, 'local', 'stop'], { env, cwd: home, timeout: 90_000 }).catch(() => undefined);
      await rm(home, { recursive: true, force: true });
    },
  };
}

function rssOf(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0) * 1024;
}

/** Samples a process's RSS every 250 ms until stopped; returns the peak. */
function sampleRss(pid: number): { stop(): number } {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 250);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssOf(pid));
    },
  };
}

const MB = (n: number): string => `${(n / 1024 / 1024).toFixed(0)} MB`;

function pod(name: string, command: string[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { metadata: { name }, spec: { terminationGracePeriodSeconds: 1, restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox', command, ...extra }] } };
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

test('a container printing without pause keeps the server under 300 MB, and its log keeps up', { skip, timeout: CHATTY_MS + 120_000 }, async (t) => {
  const s = await startLocal();
  try {
    const line = 'x'.repeat(199);
    assert.equal((await s.api.post('/api/v1/namespaces/default/pods', pod('chatty', ['yes', line]))).status, 201);
    await waitForPod(s.api, 'default', 'chatty', 'running', (p) => at(p, 'status.phase') === 'Running', 30_000);
    const peak = sampleRss(s.pid);
    await sleep(CHATTY_MS);
    const log = await s.api.get('/api/v1/namespaces/default/pods/chatty/log?tailLines=3');
    const max = peak.stop();
    t.diagnostic(`server RSS peak ${MB(max)} on Node ${process.version}`);
    assert.equal(log.status, 200);
    assert.deepEqual(String(log.text).split('\n').slice(0, 3), [line, line, line], 'the log has the latest lines');
    assert.ok(max < RSS_LIMIT, `server RSS peaked at ${MB(max)}`);
  } finally {
    await s.stop();
  }
});

test('a container printing 100 MB in one line keeps the server under 300 MB, and all of it is logged', { skip, timeout: 180_000 }, async (t) => {
  const s = await startLocal();
  try {
    const peak = sampleRss(s.pid);
    const command = ['sh', '-c', 'head -c 100000000 /dev/zero | tr "\\0" x; echo; echo done'];
    assert.equal((await s.api.post('/api/v1/namespaces/default/pods', pod('burst', command))).status, 201);
    await waitForPod(s.api, 'default', 'burst', 'succeeded', (p) => at(p, 'status.phase') === 'Succeeded', 150_000);
    const max = peak.stop();
    t.diagnostic(`server RSS peak ${MB(max)} on Node ${process.version}`);
    const last = await s.api.get('/api/v1/namespaces/default/pods/burst/log?tailLines=1');
    assert.equal(String(last.text), 'done\n');
    assert.ok(max < RSS_LIMIT, `server RSS peaked at ${MB(max)}`);
  } finally {
    await s.stop();
  }
});

/** Sends stdin to an attached container as fast as the connection takes it, for `ms`; returns the bytes the server accepted. */
async function floodStdin(s: LocalServer, name: string, ms: number): Promise<number> {
  const url = `${s.url.replace(/^https/, 'wss')}/api/v1/namespaces/default/pods/${name}/attach?stdin=true&stdout=true&container=main`;
  const ws = new WebSocket(url, [STREAM_PROTOCOLS.channelV5], { ca: s.caPem, headers: { Authorization: `Bearer ${s.token}` } });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const chunk = Buffer.alloc(64 * 1024 + 1, 0x61);
  chunk[0] = 0; // the stdin channel
  let sent = 0;
  const deadline = Date.now() + ms;
  // Keep at most 4 MB in this client's own queue: what the server does not read stays in the socket buffers.
  while (Date.now() < deadline) {
    if (ws.bufferedAmount > 4 * 1024 * 1024) {
      await sleep(20);
      continue;
    }
    ws.send(chunk);
    sent += chunk.length - 1;
    await new Promise<void>((r) => setImmediate(r));
  }
  const accepted = sent - ws.bufferedAmount;
  ws.terminate();
  return accepted;
}

test('stdin sent to an attached container that never reads it is held back; the server stays under 300 MB', { skip, timeout: 120_000 }, async (t) => {
  const s = await startLocal();
  try {
    assert.equal((await s.api.post('/api/v1/namespaces/default/pods', pod('deaf', ['sleep', '3600'], { stdin: true }))).status, 201);
    await waitForPod(s.api, 'default', 'deaf', 'running', (p) => at(p, 'status.phase') === 'Running', 30_000);
    const peak = sampleRss(s.pid);
    const accepted = await floodStdin(s, 'deaf', 15_000);
    const max = peak.stop();
    t.diagnostic(`server RSS peak ${MB(max)}, ${MB(accepted)} accepted, on Node ${process.version}`);
    // The pipe (64 KiB) and the sockets' buffers (a few MB) take some; a server that buffers took gigabytes.
    assert.ok(accepted < 64 * 1024 * 1024, `the server accepted ${MB(accepted)}`);
    assert.ok(max < RSS_LIMIT, `server RSS peaked at ${MB(max)}`);
    // The pod is unharmed, and deleting it frees what was held.
    await s.api.delete('/api/v1/namespaces/default/pods/deaf');
    await waitFor('the pod to go', async () => ((await s.api.get('/api/v1/namespaces/default/pods/deaf')).status === 404 ? true : undefined), 30_000);
  } finally {
    await s.stop();
  }
});
