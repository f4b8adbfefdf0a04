import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { test } from 'node:test';
import { ConfigError } from '../../../../src/sdk/errors.js';
import { configAccess, editConfig, loadConfig } from '../../../../src/sdk/config/index.js';
import { acquireLock } from '../../../../src/sdk/config/lock.js';
import { processToken } from '../../../../src/machinery/process-liveness.js';
import { tempDir } from './helpers.js';

const WRITERS = 20;

test(`${WRITERS} concurrent writers in one process lose nothing`, async () => {
  const tmp = await tempDir();
  try {
    const file = await tmp.write('config', '');
    const access = configAccess({ env: { PLATFORMCONFIG: file }, homedir: tmp.dir });
    await Promise.all(
      Array.from({ length: WRITERS }, (_, i) => editConfig(access, (c) => void c.contexts.set(`ctx-${i}`, { cluster: 'c', user: `u${i}` }))),
    );
    const loaded = await loadConfig({ env: { PLATFORMCONFIG: file }, homedir: tmp.dir });
    assert.equal(loaded.config.contexts.size, WRITERS);
  } finally {
    await tmp.cleanup();
  }
});

test(`${WRITERS} writer processes lose nothing`, async () => {
  const tmp = await tempDir();
  try {
    const file = await tmp.write('config', '');
    const sdk = new URL('../../../../src/sdk/config/index.js', import.meta.url).href;
    const script = `
      const { configAccess, editConfig } = await import(${JSON.stringify(sdk)});
      const access = configAccess({ env: { PLATFORMCONFIG: ${JSON.stringify(file)} }, homedir: ${JSON.stringify(tmp.dir)} });
      await editConfig(access, (c) => void c.contexts.set('proc-' + process.argv[1], { cluster: 'c', user: 'u' }), { lock: { timeoutMs: 30000 } });
    `;
    const codes = await Promise.all(
      Array.from({ length: WRITERS }, (_, i) =>
        new Promise<number | null>((resolve, reject) => {
          const child = spawn(process.execPath, ['--input-type=module', '-e', script, String(i)], { stdio: ['ignore', 'ignore', 'inherit'] });
          child.on('error', reject);
          child.on('exit', (code) => resolve(code));
        }),
      ),
    );
    assert.deepEqual(codes, Array.from({ length: WRITERS }, () => 0));
    const loaded = await loadConfig({ env: { PLATFORMCONFIG: file }, homedir: tmp.dir });
    assert.deepEqual([...loaded.config.contexts.keys()].sort(), Array.from({ length: WRITERS }, (_, i) => `proc-${i}`).sort());
  } finally {
    await tmp.cleanup();
  }
});

test('a lock held by a live process makes a writer wait, then fail with a clear error', async () => {
  const tmp = await tempDir();
  try {
    const file = await tmp.write('config', '');
    await writeFile(`${file}.lock`, `${process.pid}\n${hostname()}\nheld\n`);
    const started = Date.now();
    await assert.rejects(
      editConfig(configAccess({ env: { PLATFORMCONFIG: file }, homedir: tmp.dir }), (c) => void (c.currentContext = 'x'), { lock: { timeoutMs: 150 } }),
      (err: unknown) => err instanceof ConfigError && err.message.startsWith(`timed out waiting for the lock ${file}.lock`),
    );
    assert.ok(Date.now() - started >= 150);
    assert.equal(await tmp.read('config'), '');
  } finally {
    await tmp.cleanup();
  }
});

test('a stale lock (dead owner, or too old) is broken', async () => {
  const tmp = await tempDir();
  try {
    const file = await tmp.write('config', '');
    const access = configAccess({ env: { PLATFORMCONFIG: file }, homedir: tmp.dir });
    // No process has pid 2^22 + 1 on Linux (pid_max is at most 2^22).
    await writeFile(`${file}.lock`, `4194305\n${hostname()}\ncrashed\n`);
    await editConfig(access, (c) => void (c.currentContext = 'one'), { lock: { timeoutMs: 1000 } });
    // An owner on another host cannot be checked: its lock is broken once it is old enough.
    await writeFile(`${file}.lock`, '1\nsome-other-host\nx\n');
    const old = new Date(Date.now() - 60_000);
    await utimes(`${file}.lock`, old, old);
    await editConfig(access, (c) => void (c.currentContext = 'two'), { lock: { timeoutMs: 1000, staleMs: 30_000 } });
    assert.equal((await loadConfig({ env: { PLATFORMCONFIG: file }, homedir: tmp.dir })).config.currentContext, 'two');
  } finally {
    await tmp.cleanup();
  }
});

test('a held lock keeps its heartbeat: a waiter with a short stale window still waits', async () => {
  const tmp = await tempDir();
  try {
    const file = await tmp.write('config', '');
    const release = await acquireLock(file, { staleMs: 1500 });
    // Several stale windows later the holder is still alive and beating: the waiter must time out.
    await assert.rejects(acquireLock(file, { staleMs: 1500, timeoutMs: 4500 }), (err: unknown) => err instanceof ConfigError && /timed out waiting/.test(err.message));
    await release.assertHeld();
    await release();
    assert.deepEqual(await readdir(tmp.dir), ['config']);
  } finally {
    await tmp.cleanup();
  }
});

test('a lock taken away from a silent owner on another host: its release leaves the new lock alone, and it learns it lost', async () => {
  const tmp = await tempDir();
  try {
    const file = await tmp.write('config', '');
    const first = await acquireLock(file, { staleMs: 60_000 });
    // The owner shares the file from another host (a home directory over the network) and
    // stalls: its owner file ages past the window of the next writer, who cannot ask its process.
    const [ownerFile] = await readdir(`${file}.lock`);
    const ownerPath = `${file}.lock/${ownerFile ?? ''}`;
    await writeFile(ownerPath, '1\nsome-other-host\n1@1\n');
    const old = new Date(Date.now() - 120_000);
    await utimes(ownerPath, old, old);
    const second = await acquireLock(file, { staleMs: 30_000, timeoutMs: 2000 });
    await assert.rejects(first.assertHeld(), (err: unknown) => err instanceof ConfigError && err.message.startsWith(`lost the lock ${file}.lock`));
    await first();
    await second.assertHeld();
    // A third writer still finds the lock held by the second.
    await assert.rejects(acquireLock(file, { timeoutMs: 100 }), /timed out waiting/);
    await second();
  } finally {
    await tmp.cleanup();
  }
});

test('an owner on this host is never broken while its process runs, however old its heartbeat', async () => {
  const tmp = await tempDir();
  try {
    const file = await tmp.write('config', '');
    const first = await acquireLock(file, { staleMs: 60_000 });
    const [ownerFile] = await readdir(`${file}.lock`);
    const old = new Date(Date.now() - 3_600_000);
    await utimes(`${file}.lock/${ownerFile ?? ''}`, old, old);
    // A waiter whose window the heartbeat missed a hundred times over still waits for the owner.
    await assert.rejects(acquireLock(file, { staleMs: 100, timeoutMs: 600 }), /timed out waiting/);
    await first.assertHeld();
    await first();
    assert.deepEqual(await readdir(tmp.dir), ['config']);
  } finally {
    await tmp.cleanup();
  }
});

test('an owner file naming this host\'s pid with another start time is a pid reused by another process: abandoned', async () => {
  const tmp = await tempDir();
  try {
    const file = await tmp.write('config', '');
    await mkdir(`${file}.lock`);
    // Our own pid, but a start time that is not ours: the owner that wrote it is gone.
    await writeFile(`${file}.lock/owner-reused`, `${process.pid}\n${hostname()}\n${process.pid}@1\n`);
    const started = Date.now();
    const release = await acquireLock(file, { timeoutMs: 5000 });
    assert.ok(Date.now() - started < 1000);
    await release();
    // The same pid with our start time is us: alive.
    const token = processToken(process.pid) ?? '';
    await mkdir(`${file}.lock`);
    await writeFile(`${file}.lock/owner-us`, `${process.pid}\n${hostname()}\n${token}\n`);
    await assert.rejects(acquireLock(file, { timeoutMs: 200 }), /timed out waiting/);
  } finally {
    await tmp.cleanup();
  }
});

test('what writers that are gone left (staging directories, temporary files) is cleared by the next writer; a live writer\'s is kept', async () => {
  const tmp = await tempDir();
  try {
    const file = await tmp.write('config', '');
    const DEAD = 4194305;
    // Killed while waiting: a staging directory with its owner file; killed between making the
    // directory and writing the owner file: an empty one, named by the dead pid (just now) or
    // by a live one (the pid reused since), long ago.
    await mkdir(`${tmp.dir}/.config.lock-${DEAD}-a`);
    await writeFile(`${tmp.dir}/.config.lock-${DEAD}-a/owner-${DEAD}-a`, `${DEAD}\n${hostname()}\n${DEAD}@5\n`);
    await mkdir(`${tmp.dir}/.config.lock-${DEAD}-b`);
    // Killed while writing its owner file: the file is there, empty.
    await mkdir(`${tmp.dir}/.config.lock-${DEAD}-e`);
    await writeFile(`${tmp.dir}/.config.lock-${DEAD}-e/owner-${DEAD}-e`, '');
    await mkdir(`${tmp.dir}/.config.lock-${process.pid}-d`);
    const old = new Date(Date.now() - 3_600_000);
    await utimes(`${tmp.dir}/.config.lock-${process.pid}-d`, old, old);
    // Killed while writing: the atomic writer's temporary file.
    await writeFile(`${tmp.dir}/.config.tmp-${DEAD}-x-1-abc`, 'half a conf');
    // A writer of this process that waits: kept.
    await mkdir(`${tmp.dir}/.config.lock-${process.pid}-c`);
    await writeFile(`${tmp.dir}/.config.lock-${process.pid}-c/owner-${process.pid}-c`, `${process.pid}\n${hostname()}\n${processToken(process.pid) ?? ''}\n`);
    const release = await acquireLock(file, { timeoutMs: 5000 });
    await release();
    assert.deepEqual((await readdir(tmp.dir)).sort(), ['.config.lock-' + process.pid + '-c', 'config']);
  } finally {
    await tmp.cleanup();
  }
});

test('a lock directory of this format with a dead owner is cleared at once', async () => {
  const tmp = await tempDir();
  try {
    const file = await tmp.write('config', '');
    await mkdir(`${file}.lock`);
    await writeFile(`${file}.lock/owner-crashed`, `4194305\n${hostname()}\n`);
    const started = Date.now();
    const release = await acquireLock(file, { timeoutMs: 5000 });
    assert.ok(Date.now() - started < 1000);
    await release();
    assert.deepEqual(await readdir(tmp.dir), ['config']);
  } finally {
    await tmp.cleanup();
  }
});
