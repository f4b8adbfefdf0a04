import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ApiClient } from '../support/api.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'platformctl');
const built = existsSync(join(ROOT, 'dist', 'cli', 'platformctl.cjs'));

const run = promisify(execFile);

/** Kills the server of a data dir by its pid file: the cleanup must not depend on the CLI working. */
async function killByPidFile(dataDir: string): Promise<void> {
  const text = await readFile(join(dataDir, 'server.pid'), 'utf8').catch(() => '');
  const pid = Number.parseInt(text.trim(), 10);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

async function cli(home: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, NO_COLOR: "1" };
  delete env.PLATFORMCONFIG;
  try {
    const r = await run(process.execPath, [BIN, ...args], { env, cwd: home, timeout: 90_000 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof err.code === 'number' ? err.code : 1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
  }
}

test('local start (detached), status, start again, stop', { skip: built ? false : 'the CLI bundle is not built (npm run build)' }, async () => {
  const home = await mkdtemp(join(tmpdir(), 'platformctl-local-'));
  const dataDir = join(home, '.platform', 'local');
  try {
    const started = await cli(home, ['local', 'start']);
    assert.equal(started.code, 0, started.stderr);
    // A fresh home has no current context: starting switches to "local" and says so, as use-context does.
    const m = /^Local server running at (https:\/\/127\.0\.0\.1:\d+)\nSwitched to context "local"\.\n$/.exec(started.stdout);
    assert.ok(m !== null, started.stdout);
    const url = m[1] ?? '';
    for (const f of ['ca.crt', 'ca.key', 'server.crt', 'server.key', 'admin-token']) {
      assert.equal((await stat(join(dataDir, f))).mode & 0o777, 0o600, f);
    }
    const config = await readFile(join(home, '.platform', 'config'), 'utf8');
    assert.match(config, /current-context: local/);
    assert.match(config, new RegExp(`server: ${url.replace(/\./g, '\\.')}`));
    assert.match(config, /tokenFile: .*admin-token/);
    const caPem = await readFile(join(dataDir, 'ca.crt'), 'utf8');
    const token = (await readFile(join(dataDir, 'admin-token'), 'utf8')).trim();
    const api = new ApiClient({ url, caPem, adminToken: token });
    assert.equal((await api.get('/readyz')).status, 200);
    assert.equal((await api.post('/api/v1/namespaces/default/configmaps', { metadata: { name: 'survives' } })).status, 201);
    api.close();

    const status = await cli(home, ['local', 'status']);
    assert.equal(status.code, 0);
    assert.match(status.stdout, new RegExp(`^Local server is running at ${url.replace(/\./g, '\\.')} \\(pid \\d+, data dir `));
    const again = await cli(home, ['local', 'start']);
    assert.equal(again.code, 0);
    assert.match(again.stdout, /^Local server is already running at [^\n]*\n$/, 'no switch: "local" is already current');

    const stopped = await cli(home, ['local', 'stop']);
    assert.equal(stopped.code, 0, stopped.stderr);
    assert.match(stopped.stdout, /^Local server stopped \(pid \d+\)\n$/);
    const after = await cli(home, ['local', 'status']);
    assert.equal(after.code, 1);
    assert.match(after.stdout, /^Local server is not running/);
    // Nothing listens on the local context's port now: kubectl's message, and one line on what to do.
    const hostPort = new URL(url).host;
    const refused = await cli(home, ['get', 'pods']);
    assert.equal(refused.code, 1);
    assert.equal(refused.stderr, `The connection to the server ${hostPort} was refused - did you specify the right host or port?\nis the local server running? platformctl local start\n`);
    // Another cluster at the same address is not the local server: kubectl's message alone.
    for (const args of [['config', 'set-cluster', 'other', `--server=${url}`], ['config', 'set-credentials', 'other', '--token=abc'], ['config', 'set-context', 'other', '--cluster=other', '--user=other']]) {
      assert.equal((await cli(home, args)).code, 0);
    }
    const other = await cli(home, ['get', 'pods', '--context', 'other']);
    assert.equal(other.code, 1);
    assert.equal(other.stderr, `The connection to the server ${hostPort} was refused - did you specify the right host or port?\n`);

    // State survives a stop and start, on the same port when it is free.
    const restarted = await cli(home, ['local', 'start']);
    assert.equal(restarted.code, 0, restarted.stderr);
    assert.equal(restarted.stdout, `Local server running at ${url}\n`);
    const api2 = new ApiClient({ url, caPem, adminToken: token });
    assert.equal((await api2.get('/api/v1/namespaces/default/configmaps/survives')).status, 200);
    api2.close();
    assert.equal((await cli(home, ['local', 'stop'])).code, 0);
  } finally {
    await cli(home, ['local', 'stop']);
    await killByPidFile(dataDir);
    await rm(home, { recursive: true, force: true });
  }
});

test('local start --foreground stops gracefully on SIGTERM', { skip: built ? false : 'the CLI bundle is not built (npm run build)' }, async () => {
  const home = await mkdtemp(join(tmpdir(), 'platformctl-local-fg-'));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, NO_COLOR: "1" };
    delete env.PLATFORMCONFIG;
    const child = spawn(process.execPath, [BIN, 'local', 'start', '--foreground', '--data-dir', join(home, 'state'), '--port', '0'], { env, cwd: home, stdio: ['ignore', 'pipe', 'pipe'] });
    let errText = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (c: string) => {
      errText += c;
    });
    try {
      let out = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (c: string) => {
          out += c;
          if (out.includes('Switched to context')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`exited ${String(code)}: ${errText}`)));
      });
      assert.match(out, /^Local server running at https:\/\/127\.0\.0\.1:\d+\nSwitched to context "local"\.\n$/);
      assert.ok(existsSync(join(home, 'state', 'server.pid')));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
      assert.ok(!existsSync(join(home, 'state', 'server.pid')), 'the pid file is removed on a graceful stop');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  } finally {
    await rm(home, { recursive: true, force: true });
  }
});

/** A live process that is not our server (its pid stands in for a reused one). */
function stranger(): ChildProcess {
  return spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
}

test('a stale server.pid whose pid now belongs to another process is neither trusted nor signalled', { skip: built ? false : 'the CLI bundle is not built (npm run build)' }, async () => {
  const home = await mkdtemp(join(tmpdir(), 'platformctl-local-stale-'));
  const dataDir = join(home, '.platform', 'local');
  const other = stranger();
  try {
    assert.ok(other.pid !== undefined);
    await mkdir(dataDir, { recursive: true });
    await writeFile(join(dataDir, 'server.pid'), `${other.pid}\n`);
    await writeFile(join(dataDir, 'server.url'), 'https://127.0.0.1:1\n');
    const status = await cli(home, ['local', 'status']);
    assert.equal(status.code, 1);
    assert.match(status.stdout, /^Local server is not running/);
    const stop = await cli(home, ['local', 'stop']);
    assert.equal(stop.code, 0, stop.stderr);
    assert.equal(stop.stdout, 'Local server is not running\n');
    assert.equal(other.exitCode, null, 'the other process was not signalled');
    assert.equal(other.signalCode, null);
    await writeFile(join(dataDir, 'server.pid'), `${other.pid}\n`);
    const started = await cli(home, ['local', 'start']);
    assert.equal(started.code, 0, started.stderr);
    assert.match(started.stdout, /^Local server running at https:/, 'a new server was started, not "already running"');
    const pid = Number((await readFile(join(dataDir, 'server.pid'), 'utf8')).trim());
    assert.notEqual(pid, other.pid);
    const stopped = await cli(home, ['local', 'stop']);
    assert.equal(stopped.stdout, `Local server stopped (pid ${pid})\n`);
    assert.equal(other.exitCode, null, 'the other process still runs');
  } finally {
    other.kill('SIGKILL');
    await cli(home, ['local', 'stop']);
    await killByPidFile(dataDir);
    await rm(home, { recursive: true, force: true });
  }
});

test('local start --port 0 falls back to a free port when the previous one is taken, leaving no store lock', { skip: built ? false : 'the CLI bundle is not built (npm run build)' }, async () => {
  const home = await mkdtemp(join(tmpdir(), 'platformctl-local-port-'));
  const dataDir = join(home, 'state');
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const address = blocker.address();
  const taken = address !== null && typeof address === 'object' ? address.port : 0;
  try {
    await mkdir(dataDir, { recursive: true });
    await writeFile(join(dataDir, 'server.url'), `https://127.0.0.1:${taken}\n`);
    const started = await cli(home, ['local', 'start', '--port', '0', '--data-dir', dataDir]);
    assert.equal(started.code, 0, `${started.stdout}${started.stderr}`);
    const m = /^Local server running at https:\/\/127\.0\.0\.1:(\d+)\n/.exec(started.stdout);
    assert.ok(m !== null, started.stdout);
    assert.notEqual(Number(m[1]), taken);
    const stopped = await cli(home, ['local', 'stop', '--data-dir', dataDir]);
    assert.equal(stopped.code, 0, stopped.stderr);
    assert.ok(!existsSync(join(dataDir, 'store', 'LOCK')), 'no store/LOCK is left behind');
  } finally {
    blocker.close();
    await cli(home, ['local', 'stop', '--data-dir', dataDir]);
    await killByPidFile(dataDir);
    await rm(home, { recursive: true, force: true });
  }
});

test('a failed local start shows only its own log lines, not those of an earlier crash', { skip: built ? false : 'the CLI bundle is not built (npm run build)' }, async () => {
  const home = await mkdtemp(join(tmpdir(), 'platformctl-local-fail-'));
  const dataDir = join(home, 'state');
  try {
    await mkdir(join(dataDir, 'store'), { recursive: true });
    await writeFile(join(dataDir, 'server.log'), 'an earlier crash: line 1\nan earlier crash: line 2\nan earlier crash: line 3\n');
    // A damaged snapshot: the store refuses to open, so this start fails in the server process.
    await writeFile(join(dataDir, 'store', 'snap-00000000000000000005.snap'), 'not a snapshot');
    const started = await cli(home, ['local', 'start', '--data-dir', dataDir]);
    assert.equal(started.code, 1, started.stdout);
    // The server's own one-line error, naming the file, stays one line.
    assert.match(started.stderr, /^error: the local server exited during start-up: damaged store data: \S+\/snap-0+5\.snap at offset \d+: [^\n]*local repair[^\n]*\n$/);
    assert.doesNotMatch(started.stderr, /an earlier crash/);
  } finally {
    await killByPidFile(dataDir);
    await rm(home, { recursive: true, force: true });
  }
});
