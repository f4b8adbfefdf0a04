/**
 * The built CLI with a damaged store: `local start` refuses in one line naming the file, the
 * offset and `local repair`; `local repair` shows what it would drop and changes nothing, then
 * with --yes moves the damaged part aside so that the next start works. A server killed with
 * SIGKILL does not block the next start with its lock, and repair refuses while a server runs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, stat, truncate, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ApiClient, namesOf } from '../support/api.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'platformctl');
const built = existsSync(join(ROOT, 'dist', 'cli', 'platformctl.cjs'));
const skip = built ? false : 'the CLI bundle is not built (npm run build)';
const run = promisify(execFile);

async function cli(home: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, NO_COLOR: '1' };
  delete env.PLATFORMCONFIG;
  try {
    const r = await run(process.execPath, [BIN, ...args], { env, cwd: home, timeout: 90_000 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof err.code === 'number' ? err.code : 1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
  }
}

async function serverPid(dataDir: string): Promise<number | undefined> {
  const pid = Number.parseInt((await readFile(join(dataDir, 'server.pid'), 'utf8').catch(() => '')).trim(), 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Kills the server of a data dir by its pid file: the cleanup must not depend on the CLI working. */
async function killByPidFile(dataDir: string): Promise<void> {
  const pid = await serverPid(dataDir);
  if (pid === undefined) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Starts the server of `dataDir` and returns a client for it. */
async function start(home: string, dataDir: string): Promise<ApiClient> {
  const started = await cli(home, ['local', 'start', '--data-dir', dataDir]);
  assert.equal(started.code, 0, started.stderr);
  const url = /Local server running at (\S+)/.exec(started.stdout)?.[1] ?? '';
  const caPem = await readFile(join(dataDir, 'ca.crt'), 'utf8');
  const adminToken = (await readFile(join(dataDir, 'admin-token'), 'utf8')).trim();
  return new ApiClient({ url, caPem, adminToken });
}

async function configMaps(api: ApiClient): Promise<string[]> {
  const list = await api.get('/api/v1/namespaces/default/configmaps');
  assert.equal(list.status, 200);
  return namesOf(list.body).filter((n) => n.startsWith('cm-'));
}

async function lastSegment(store: string): Promise<string> {
  const names = (await readdir(store)).filter((n) => /^wal-\d{20}\.log$/.test(n)).sort();
  return join(store, names[names.length - 1] as string);
}

/** Asserts the one-line refusal of `local start` for damage in `file`; returns the offset it names. */
function assertRefusal(r: { code: number; stdout: string; stderr: string }, file: string, dataDir: string): number {
  assert.equal(r.code, 1, r.stdout);
  const lines = r.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, `one line: ${r.stderr}`);
  const line = lines[0] as string;
  assert.ok(line.startsWith(`error: the local server exited during start-up: damaged store data: ${file} at offset `), line);
  assert.ok(line.endsWith(`; "platformctl local repair --data-dir ${dataDir}" shows what repairing it drops (nothing changes without --yes)`), line);
  assert.doesNotMatch(r.stderr, /^\s+at /m, 'no stack trace');
  return Number(/ at offset (\d+): /.exec(line)?.[1]);
}

test('a damaged store: start refuses naming file and offset, repair shows then drops the damage, start works again', { skip }, async () => {
  const home = await mkdtemp(join(tmpdir(), 'platformctl-repair-'));
  const dataDir = join(home, 'state');
  const store = join(dataDir, 'store');
  try {
    let api = await start(home, dataDir);
    for (let i = 0; i < 40; i++) {
      assert.equal((await api.post('/api/v1/namespaces/default/configmaps', { metadata: { name: `cm-${i}` } })).status, 201);
    }
    api.close();
    assert.equal((await cli(home, ['local', 'stop', '--data-dir', dataDir])).code, 0);

    // 1. The last segment cut to half.
    const segment = await lastSegment(store);
    const size = (await stat(segment)).size;
    await truncate(segment, Math.floor(size / 2));
    const offset = assertRefusal(await cli(home, ['local', 'start', '--data-dir', dataDir]), segment, dataDir);
    assert.ok(offset > 0 && offset <= size / 2, `offset ${offset}`);

    const damaged = await readFile(segment);
    const dry = await cli(home, ['local', 'repair', '--data-dir', dataDir]);
    assert.equal(dry.code, 0, dry.stderr);
    const name = segment.slice(store.length + 1);
    assert.ok(dry.stdout.includes(`  ${segment} at offset ${offset}: `), dry.stdout);
    assert.ok(dry.stdout.includes(`  ${name}: bytes ${offset} to its end at ${Math.floor(size / 2)} `), dry.stdout);
    assert.ok(dry.stdout.includes(`  ${name}: bytes ${Math.floor(size / 2)} to ${size} (${size - Math.floor(size / 2)} bytes) are already gone`), dry.stdout);
    const lost = /Writes lost: resource versions (\d+)-(\d+) \((\d+) records; 0 of them still readable/.exec(dry.stdout);
    assert.ok(lost !== null, dry.stdout);
    assert.equal(Number(lost[3]), Number(lost[2]) - Number(lost[1]) + 1);
    assert.ok(dry.stdout.endsWith(`Nothing was changed. To do this, run: platformctl local repair --data-dir ${dataDir} --yes\n`), dry.stdout);
    assert.deepEqual(await readFile(segment), damaged, 'the dry run changed nothing');
    assert.ok(!(await readdir(dataDir)).some((n) => n.startsWith('damaged-')));

    const yes = await cli(home, ['local', 'repair', '--data-dir', dataDir, '--yes']);
    assert.equal(yes.code, 0, yes.stderr);
    const aside = /Moved the dropped parts to (\S+) \(REPAIR\.txt there lists them\)/.exec(yes.stdout)?.[1] ?? '';
    assert.match(aside, new RegExp(`^${dataDir}/damaged-\\d{8}T\\d{6}Z$`));
    assert.deepEqual((await readdir(aside)).sort(), ['REPAIR.txt', name]);
    assert.deepEqual(await readFile(join(aside, name)), damaged, 'the original is kept aside');
    assert.match(await readFile(join(aside, 'REPAIR.txt'), 'utf8'), /Writes lost: resource versions/);
    assert.match(yes.stdout, new RegExp(`The store now ends at resource version ${Number(lost[1]) - 1}; "platformctl local start --data-dir ${dataDir}" starts it\\.\\n$`));

    api = await start(home, dataDir);
    const kept = await configMaps(api);
    assert.ok(kept.length < 40, `${kept.length} configmaps kept`);
    api.close();
    assert.equal((await cli(home, ['local', 'stop', '--data-dir', dataDir])).code, 0);

    // 2. The last segment deleted.
    const next = await lastSegment(store);
    await unlink(next);
    assertRefusal(await cli(home, ['local', 'start', '--data-dir', dataDir]), next, dataDir);
    const again = await cli(home, ['local', 'repair', '--data-dir', dataDir, '--yes']);
    assert.equal(again.code, 0, again.stderr);
    assert.ok(again.stdout.includes(`  ${next.slice(store.length + 1)}: the file is already gone (it held `), again.stdout);
    api = await start(home, dataDir);
    api.close();
    assert.equal((await cli(home, ['local', 'stop', '--data-dir', dataDir])).code, 0);
  } finally {
    await cli(home, ['local', 'stop', '--data-dir', dataDir]);
    await killByPidFile(dataDir);
    await rm(home, { recursive: true, force: true });
  }
});

test('repair refuses while the server runs; a server killed with SIGKILL does not block the next start', { skip }, async () => {
  const home = await mkdtemp(join(tmpdir(), 'platformctl-repair-run-'));
  const dataDir = join(home, 'state');
  try {
    let api = await start(home, dataDir);
    api.close();
    const refused = await cli(home, ['local', 'repair', '--data-dir', dataDir, '--yes']);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, new RegExp(`^error: the local server is running \\(pid \\d+, data dir ${dataDir}\\); stop it first with "platformctl local stop --data-dir ${dataDir}"\\n$`));

    const pid = await serverPid(dataDir);
    assert.ok(pid !== undefined);
    process.kill(pid, 'SIGKILL');
    // At once: the killed process may still be a zombie holding the store's LOCK file.
    api = await start(home, dataDir);
    api.close();
    assert.notEqual(await serverPid(dataDir), pid);
    assert.equal((await cli(home, ['local', 'stop', '--data-dir', dataDir])).code, 0);
  } finally {
    await cli(home, ['local', 'stop', '--data-dir', dataDir]);
    await killByPidFile(dataDir);
    await rm(home, { recursive: true, force: true });
  }
});
