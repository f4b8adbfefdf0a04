import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ApiClient } from '../support/api.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'platformctl');
const built = existsSync(join(ROOT, 'dist', 'cli', 'main.js'));

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
    const m = /^Local server running at (https:\/\/127\.0\.0\.1:\d+)\n$/.exec(started.stdout);
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
    assert.match(again.stdout, /^Local server is already running at /);

    const stopped = await cli(home, ['local', 'stop']);
    assert.equal(stopped.code, 0, stopped.stderr);
    assert.match(stopped.stdout, /^Local server stopped \(pid \d+\)\n$/);
    const after = await cli(home, ['local', 'status']);
    assert.equal(after.code, 1);
    assert.match(after.stdout, /^Local server is not running/);

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
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (c: string) => {
        out += c;
        if (out.includes('\n')) resolve(out);
      });
      child.once('exit', (code) => reject(new Error(`exited ${String(code)}: ${errText}`)));
    });
    assert.match(line, /^Local server running at https:\/\/127\.0\.0\.1:\d+\n$/);
    assert.ok(existsSync(join(home, 'state', 'server.pid')));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
    assert.ok(!existsSync(join(home, 'state', 'server.pid')), 'the pid file is removed on a graceful stop');
  } finally {
    await rm(home, { recursive: true, force: true });
  }
});
