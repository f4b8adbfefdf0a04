import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { test } from 'node:test';
import { ConfigError } from '../../../../src/sdk/errors.js';
import { configAccess, editConfig, loadConfig } from '../../../../src/sdk/config/index.js';
import { acquireLock } from '../../../../src/sdk/config/lock.js';
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

test('a lock taken away from a stalled owner: its release leaves the new lock alone, and it learns it lost', async () => {
  const tmp = await tempDir();
  try {
    const file = await tmp.write('config', '');
    const first = await acquireLock(file, { staleMs: 60_000 });
    // The owner "stalls": its owner file ages past the window of the next writer.
    const [ownerFile] = await readdir(`${file}.lock`);
    const old = new Date(Date.now() - 120_000);
    await utimes(`${file}.lock/${ownerFile ?? ''}`, old, old);
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
