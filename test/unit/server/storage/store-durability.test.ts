import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { appendFile, readFile, readdir, stat, truncate, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Store, StoreCorruptionError, StoreLockedError } from '../../../../src/server/storage/index.js';
import type { JsonObject } from '../../../../src/server/storage/index.js';
import { encodeTextFrame } from '../../../../src/server/storage/frame.js';
import { processToken } from '../../../../src/machinery/process-liveness.js';
import { configMap, iterate, summarize, take, tempDir } from './helpers.js';

async function segments(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((n) => n.startsWith('wal-')).sort();
}

async function dirBytes(dir: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(dir)) total += (await stat(join(dir, name))).size;
  return total;
}

test('a restart replays the log: state, rv and history continue', async (t) => {
  const { dir, cleanup } = await tempDir();
  t.after(cleanup);
  let store = await Store.open({ dataDir: dir });
  await store.create('cm', 'ns/a', configMap('a', { v: '1' }));
  await store.create('cm', 'ns/b', configMap('b'));
  await store.update('cm', 'ns/a', (c) => ({ ...c.value, data: { v: '2' } }));
  await store.delete('cm', 'ns/b');
  await store.create('secrets', 'ns/s', { type: 'Opaque' });
  const before = await store.list('cm');
  await store.close();

  store = await Store.open({ dataDir: dir });
  assert.equal(store.currentRV, 6);
  assert.deepEqual(await store.list('cm'), before);
  assert.ok(Object.isFrozen((await store.get('cm', 'ns/a'))?.value));
  // The history came back with the log: past reads and watch replay work across the restart.
  assert.equal((await store.get('cm', 'ns/b', { atRV: 3 }))?.rv, 3);
  assert.deepEqual(summarize(await take(iterate(store.watch('cm', { fromRV: 2 })), 3)), [
    'ADDED:ns/b@3',
    'MODIFIED:ns/a@4',
    'DELETED:ns/b@5',
  ]);
  const next = await store.create('cm', 'ns/c', configMap('c'));
  assert.equal(next.rv, 7);
  await store.close();
});

test('compaction keeps the state, shrinks the files, and the store reopens from the snapshot', async (t) => {
  const { dir, cleanup } = await tempDir();
  t.after(cleanup);
  let store = await Store.open({ dataDir: dir });
  for (let i = 0; i < 20; i++) await store.create('cm', `ns/k${i}`, configMap(`k${i}`, { v: '0' }));
  for (let round = 1; round <= 20; round++) {
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.update('cm', `ns/k${i}`, (c) => ({ ...c.value, data: { v: String(round), pad: 'x'.repeat(200) } }))));
  }
  for (let i = 10; i < 20; i++) await store.delete('cm', `ns/k${i}`);
  const before = await store.list('cm');
  const bytesBefore = await dirBytes(dir);
  await store.compact();
  const bytesAfter = await dirBytes(dir);
  assert.ok(bytesAfter * 5 < bytesBefore, `files shrank from ${bytesBefore} to ${bytesAfter}`);
  const names = (await readdir(dir)).sort();
  assert.equal(names.filter((n) => n.startsWith('snap-')).length, 1);
  assert.equal(names.filter((n) => n.startsWith('wal-')).length, 1);
  assert.deepEqual(await store.list('cm'), before);
  await store.create('cm', 'ns/after', configMap('after'));
  await store.close();

  store = await Store.open({ dataDir: dir });
  const reopened = await store.list('cm');
  assert.equal(reopened.rv, before.rv + 1);
  assert.deepEqual(reopened.items.filter((e) => e.key !== 'ns/after'), before.items);
  assert.equal(store.oldestRV(), before.rv, 'history starts at the snapshot');
  await store.close();
});

test('compaction runs in the background when the log grows, while writes continue', async (t) => {
  const { dir, cleanup } = await tempDir();
  t.after(cleanup);
  const logged: string[] = [];
  const store = await Store.open({ dataDir: dir, compactAfterBytes: 20_000, logger: (l) => logged.push(l) });
  const value = (i: number, n: number): JsonObject => configMap(`k${i}`, { n: String(n), pad: 'y'.repeat(300) });
  for (let i = 0; i < 50; i++) await store.create('cm', `k${i}`, value(i, 0));
  let maxBytes = 0;
  for (let n = 1; n <= 40; n++) {
    await Promise.all(Array.from({ length: 50 }, (_, i) => store.update('cm', `k${i}`, () => value(i, n))));
    maxBytes = Math.max(maxBytes, await dirBytes(dir).catch(() => 0));
  }
  // 2,050 writes of ~400 bytes = ~800 KB of log; compaction keeps the directory near the state size
  // (about 200 KB at the peak on a loaded machine: the bound is well below the uncompacted size).
  assert.ok(maxBytes < 400_000, `directory stayed small (max ${maxBytes} bytes)`);
  assert.deepEqual(logged, []);
  const { items } = await store.list('cm');
  assert.ok(items.every((e) => e.value['data'] && (e.value['data'] as Record<string, string>)['n'] === '40'));
  await store.close();
  const reopened = await Store.open({ dataDir: dir });
  assert.equal(reopened.currentRV, 2051);
  assert.deepEqual((await reopened.list('cm')).items, items);
  await reopened.close();
});

test('writes made while a snapshot is being written survive a restart', async (t) => {
  const { dir, cleanup } = await tempDir();
  t.after(cleanup);
  let store = await Store.open({ dataDir: dir });
  for (let i = 0; i < 3000; i += 100) {
    await Promise.all(Array.from({ length: 100 }, (_, j) => store.create('cm', `k${String(i + j).padStart(5, '0')}`, configMap(`k${i + j}`, { pad: 'z'.repeat(500) }))));
  }
  const compaction = store.compact();
  const during = await Promise.all(Array.from({ length: 50 }, (_, i) => store.create('during', `d${i}`, {})));
  await compaction;
  await store.close();
  store = await Store.open({ dataDir: dir });
  assert.equal(store.currentRV, during[during.length - 1]?.rv);
  assert.equal((await store.list('during')).items.length, 50);
  assert.equal((await store.list('cm')).items.length, 3000);
  await store.close();
});

test('a torn last record is dropped with a warning, the file is truncated, and writing continues', async (t) => {
  const { dir, cleanup } = await tempDir();
  t.after(cleanup);
  let store = await Store.open({ dataDir: dir });
  await store.create('cm', 'a', { n: 1 });
  await store.create('cm', 'b', { n: 2 });
  await store.close();
  const [segment] = await segments(dir);
  const file = join(dir, segment as string);
  const intact = (await stat(file)).size;
  // An append cut short: the header and half of a payload.
  const frame = encodeTextFrame('{"t":1,"w":[["p",4,"cm","c",{"n":3}]]}');
  await appendFile(file, frame.subarray(0, 20));

  const warnings: string[] = [];
  store = await Store.open({ dataDir: dir, logger: (l) => warnings.push(l) });
  assert.equal(warnings.length, 1);
  assert.match(warnings[0] as string, /dropped a torn last record at offset \d+/);
  assert.ok(warnings[0]?.includes(file));
  assert.equal((await stat(file)).size, intact);
  assert.equal(store.currentRV, 3);
  assert.deepEqual((await store.list('cm')).items.map((e) => e.key), ['a', 'b']);
  await store.create('cm', 'c', { n: 3 });
  await store.close();
  const warnings2: string[] = [];
  store = await Store.open({ dataDir: dir, logger: (l) => warnings2.push(l) });
  assert.deepEqual(warnings2, []);
  assert.deepEqual((await store.list('cm')).items.map((e) => e.key), ['a', 'b', 'c']);
  await store.close();
});

test('a zero-filled tail and a complete last frame with a bad checksum are torn tails too', async (t) => {
  for (const damage of ['zeros', 'checksum'] as const) {
    const { dir, cleanup } = await tempDir();
    t.after(cleanup);
    let store = await Store.open({ dataDir: dir });
    await store.create('cm', 'a', {});
    await store.create('cm', 'b', {});
    await store.close();
    const file = join(dir, (await segments(dir))[0] as string);
    if (damage === 'zeros') {
      await appendFile(file, Buffer.alloc(4096));
    } else {
      // An append of a batch never acknowledged, written whole but with a damaged payload.
      const frame = encodeTextFrame('{"t":1,"w":[["p",4,"cm","c",{"n":3}]]}');
      frame[frame.length - 2] = (frame[frame.length - 2] as number) ^ 0xff;
      await appendFile(file, frame);
    }
    const warnings: string[] = [];
    store = await Store.open({ dataDir: dir, logger: (l) => warnings.push(l) });
    assert.equal(warnings.length, 1, damage);
    assert.equal(store.currentRV, 3, damage);
    await store.close();
  }
});

test('corruption before the last record is a hard error naming the file and offset', async (t) => {
  const { dir, cleanup } = await tempDir();
  t.after(cleanup);
  const store = await Store.open({ dataDir: dir });
  await store.create('cm', 'a', { n: 1 });
  const firstEnd = (await stat(join(dir, (await segments(dir))[0] as string))).size;
  await store.create('cm', 'b', { n: 2 });
  await store.create('cm', 'c', { n: 3 });
  await store.close();
  const file = join(dir, (await segments(dir))[0] as string);
  const data = await readFile(file);
  data[firstEnd + 12] = (data[firstEnd + 12] as number) ^ 0x01; // a byte inside the second of three frames
  await writeFile(file, data);
  await assert.rejects(Store.open({ dataDir: dir }), (err: unknown) => {
    assert.ok(err instanceof StoreCorruptionError);
    assert.equal(err.file, file);
    assert.equal(err.offset, firstEnd);
    assert.match(err.message, /checksum mismatch/);
    return true;
  });
  // The failed open released the lock; the files are untouched.
  assert.deepEqual(await readFile(file), data);
});

test('a gap in resource versions and a damaged snapshot are hard errors', async (t) => {
  const { dir, cleanup } = await tempDir();
  t.after(cleanup);
  let store = await Store.open({ dataDir: dir });
  await store.create('cm', 'a', {});
  await store.compact();
  await store.create('cm', 'b', {});
  await store.close();
  const names = (await readdir(dir)).sort();
  const snap = join(dir, names.find((n) => n.startsWith('snap-')) as string);
  const snapData = await readFile(snap);
  await truncate(snap, snapData.length - 3);
  await assert.rejects(Store.open({ dataDir: dir }), (err: unknown) => err instanceof StoreCorruptionError && err.file === snap);
  await writeFile(snap, snapData);
  store = await Store.open({ dataDir: dir });
  assert.equal(store.currentRV, 3);
  await store.close();
  // Without the snapshot the log starts after records that are nowhere else: a gap.
  await unlink(snap);
  await assert.rejects(Store.open({ dataDir: dir }), /wal-0+1\.log at offset 0: missing: .* records? 2(-\d+)? (is|are) missing/);
});

test('a data directory is locked while open; a lock left by a dead process is taken over', async (t) => {
  const { dir, cleanup } = await tempDir();
  t.after(cleanup);
  const store = await Store.open({ dataDir: dir });
  // The lock names this process by its token (pid and start time).
  assert.equal((await readFile(join(dir, 'LOCK'), 'utf8')).trim(), processToken(process.pid));
  await assert.rejects(Store.open({ dataDir: dir }), (err: unknown) => err instanceof StoreLockedError && err.pid === process.pid);
  await store.close();
  await writeFile(join(dir, 'LOCK'), '999999999\n');
  const again = await Store.open({ dataDir: dir });
  await again.close();
  assert.ok(!(await readdir(dir)).includes('LOCK'));
  // An old lock file with the bare pid of a live process still holds.
  await writeFile(join(dir, 'LOCK'), `${process.pid}\n`);
  await assert.rejects(Store.open({ dataDir: dir }), StoreLockedError);
});

test('a lock naming a live process that is not its holder (a reused pid) is taken over', async (t) => {
  const { dir, cleanup } = await tempDir();
  t.after(cleanup);
  // This test's own pid with another start time: the pid of a holder that died, reused by this process.
  const token = processToken(process.pid) ?? '';
  const [pid, start] = token.split('@');
  if (start === undefined) {
    t.skip('this system has no process start times');
    return;
  }
  await writeFile(join(dir, 'LOCK'), `${pid ?? ''}@${Number(start) + 1}\n`);
  const store = await Store.open({ dataDir: dir });
  assert.equal((await readFile(join(dir, 'LOCK'), 'utf8')).trim(), token);
  await store.close();
});

test('a lock naming a zombie (a killed holder not yet reaped) is taken over', { skip: process.platform === 'linux' ? false : 'zombies are told apart on Linux only' }, async (t) => {
  const { dir, cleanup } = await tempDir();
  t.after(cleanup);
  // The shell starts a child in the background and becomes `sleep`, which never reaps it. The child
  // exits only once that exec happened: a shell may reap a child that ends before.
  const child = 'while [ "$(cat /proc/$PPID/comm)" != sleep ]; do sleep 0.01; done';
  const parent = spawn('/bin/sh', ['-c', `sh -c '${child}' & echo $!; exec sleep 30`], { stdio: ['ignore', 'pipe', 'ignore'] });
  t.after(() => parent.kill('SIGKILL'));
  const zombie = await new Promise<number>((resolve, reject) => {
    parent.stdout.setEncoding('utf8').once('data', (d: string) => resolve(Number(d.trim())));
    parent.once('error', reject);
  });
  const deadline = Date.now() + 5000;
  const state = async (): Promise<string> => (await readFile(`/proc/${zombie}/stat`, 'utf8').catch(() => '')).replace(/^.*\) /s, '').charAt(0);
  while ((await state()) !== 'Z' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  assert.equal(await state(), 'Z', 'the child is a zombie');
  // It still answers signal 0, which is what fooled the old check.
  assert.doesNotThrow(() => process.kill(zombie, 0));
  const startTicks = (await readFile(`/proc/${zombie}/stat`, 'utf8')).replace(/^.*\) /s, '').split(' ')[19];
  for (const holder of [`${zombie}`, `${zombie}@${startTicks ?? ''}`]) {
    await writeFile(join(dir, 'LOCK'), `${holder}\n`);
    const store = await Store.open({ dataDir: dir });
    await store.close();
  }
});

test('close() flushes writes issued just before it', async (t) => {
  const { dir, cleanup } = await tempDir();
  t.after(cleanup);
  let store = await Store.open({ dataDir: dir });
  const writes = Array.from({ length: 100 }, (_, i) => store.create('cm', `k${i}`, {}));
  await store.close();
  await Promise.all(writes);
  store = await Store.open({ dataDir: dir });
  assert.equal((await store.list('cm')).items.length, 100);
  await store.close();
});
