/**
 * Damaged or missing log data is refused at start-up with the file and offset, never dropped as
 * if it were a torn write; the repair plan says what it drops, and after the repair the store
 * opens with what was kept. A genuinely torn tail (bytes after the last acknowledged record) is
 * still dropped by itself.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { appendFile, readFile, readdir, stat, truncate, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Store, StoreCorruptionError } from '../../../../src/server/storage/index.js';
import { segmentName, snapshotName } from '../../../../src/server/storage/files.js';
import { encodeTextFrame } from '../../../../src/server/storage/frame.js';
import { applyRepair, needsRepair, planRepair } from '../../../../src/server/storage/repair.js';
import type { RepairPlan } from '../../../../src/server/storage/repair.js';
import { configMap, tempDir } from './helpers.js';

/** Opens the store in `dir`, writes `count` objects one by one (one frame each) from `first` on, and closes it. */
async function write(dir: string, first: number, count: number, compactFirst = false): Promise<void> {
  const store = await Store.open({ dataDir: dir, logger: () => undefined });
  if (compactFirst) await store.compact();
  for (let i = first; i < first + count; i++) await store.create('cm', `k${String(i).padStart(3, '0')}`, configMap(`k${i}`, { i: String(i) }));
  await store.close();
}

async function keys(dir: string): Promise<{ rv: number; keys: string[] }> {
  const warnings: string[] = [];
  const store = await Store.open({ dataDir: dir, logger: (l) => warnings.push(l) });
  try {
    return { rv: store.currentRV, keys: (await store.list('cm')).items.map((e) => e.key) };
  } finally {
    await store.close();
  }
}

/** Keys k000 ... of the first `n` objects. */
function first(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `k${String(i).padStart(3, '0')}`);
}

/** Asserts that opening `dir` is refused naming `file` (and `offset`, when given), with `pattern` in the message. */
async function assertRefused(dir: string, file: string, offset: number | undefined, pattern: RegExp): Promise<StoreCorruptionError> {
  let caught: StoreCorruptionError | undefined;
  await assert.rejects(Store.open({ dataDir: dir, logger: () => undefined }), (err: unknown) => {
    assert.ok(err instanceof StoreCorruptionError, String(err));
    assert.equal(err.file, join(dir, file));
    if (offset !== undefined) assert.equal(err.offset, offset);
    assert.match(err.message, pattern);
    assert.ok(err.message.includes(`${join(dir, file)} at offset ${err.offset}`), err.message);
    caught = err;
    return true;
  });
  // The refusal released the lock: a second try says the same.
  await assert.rejects(Store.open({ dataDir: dir, logger: () => undefined }), StoreCorruptionError);
  return caught as StoreCorruptionError;
}

/** Plans the repair (checking that planning changes nothing), applies it, and returns the plan. */
async function repair(dir: string): Promise<RepairPlan> {
  const before = await snapshotOfDir(dir);
  const plan = await planRepair(dir);
  assert.deepEqual(await snapshotOfDir(dir), before, 'planning changes nothing');
  assert.ok(needsRepair(plan));
  assert.ok(plan.damage !== undefined);
  await applyRepair(plan, join(dir, 'aside'), 'test\n');
  const after = await planRepair(dir);
  assert.equal(after.damage, undefined, after.damage?.message);
  assert.ok(!needsRepair(after));
  return plan;
}

async function snapshotOfDir(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const name of await readdir(dir)) {
    if (name === 'aside') continue;
    out.set(name, (await readFile(join(dir, name))).toString('base64'));
  }
  return out;
}

/** Offsets where the frames of a log segment start. */
async function frameStarts(file: string): Promise<number[]> {
  const data = await readFile(file);
  const starts: number[] = [];
  for (let offset = 0; offset < data.length; offset += 12 + data.readUInt32LE(offset)) starts.push(offset);
  return starts;
}

test('the last segment cut to half is refused at the last whole record, and repair drops exactly the rest', async (t) => {
  const { dir, cleanup } = await tempDir();
  t.after(cleanup);
  await write(dir, 0, 50);
  const name = segmentName(1);
  const file = join(dir, name);
  const size = (await stat(file)).size;
  const starts = await frameStarts(file);
  await truncate(file, Math.floor(size / 2));
  // The whole records end where the record cut in two begins.
  const lastWhole = starts.filter((s) => s < Math.floor(size / 2)).pop() as number;
  const err = await assertRefused(dir, name, lastWhole, /but resource version 51 was acknowledged \(CHECKPOINT\): records \d+-51 are missing/);
  assert.match(err.message, new RegExp(`the segment held ${size} bytes, ${Math.floor(size / 2)} are left`));

  const plan = await repair(dir);
  const kept = plan.keptRV;
  assert.ok(kept > 10 && kept < 40, `kept ${kept}`);
  assert.deepEqual(plan.lost, { from: kept + 1, to: 51, readable: 0 });
  assert.deepEqual(plan.drops.map((d) => [d.name, d.kind, d.from, d.to]), [
    [name, 'tail', lastWhole, Math.floor(size / 2)],
    [name, 'gone', Math.floor(size / 2), size],
  ]);
  assert.deepEqual(await keys(dir), { rv: kept, keys: first(kept - 1) });
  // The original half-file was kept aside before it was cut.
  assert.equal((await stat(join(dir, 'aside', name))).size, Math.floor(size / 2));
  assert.equal(await readFile(join(dir, 'aside', 'REPAIR.txt'), 'utf8'), 'test\n');
});

test('an emptied last segment is refused at offset 0; repair keeps nothing of it', async (t) => {
  const { dir, cleanup } = await tempDir();
  t.after(cleanup);
  await write(dir, 0, 50);
  await truncate(join(dir, segmentName(1)), 0);
  await assertRefused(dir, segmentName(1), 0, /records 2-51 are missing/);
  const plan = await repair(dir);
  assert.equal(plan.keptRV, 1);
  assert.deepEqual(plan.lost, { from: 2, to: 51, readable: 0 });
  assert.deepEqual(await keys(dir), { rv: 1, keys: [] });
});

test('a deleted last segment is refused naming it; repair keeps the segments before it', async (t) => {
  const { dir, cleanup } = await tempDir();
  t.after(cleanup);
  await write(dir, 0, 10);
  await write(dir, 10, 10); // a new start begins a new segment: wal-...11
  assert.deepEqual((await readdir(dir)).filter((n) => n.startsWith('wal-')).sort(), [segmentName(1), segmentName(11)]);
  await unlink(join(dir, segmentName(11)));
  await assertRefused(dir, segmentName(11), 0, /missing: .*records 12-21 are missing/);
  const plan = await repair(dir);
  assert.equal(plan.keptRV, 11);
  assert.deepEqual(plan.lost, { from: 12, to: 21, readable: 0 });
  assert.deepEqual(plan.drops.map((d) => [d.name, d.kind]), [[segmentName(11), 'missing']]);
  assert.deepEqual(await keys(dir), { rv: 11, keys: first(10) });
});

test('deleting every segment after the snapshot is refused, with or without the checkpoint; repair goes back to the snapshot', async (t) => {
  for (const withCheckpoint of [true, false]) {
    const { dir, cleanup } = await tempDir();
    t.after(cleanup);
    await write(dir, 0, 10);
    await write(dir, 10, 10, true); // snapshot at 11, then 10 writes in the segment after it
    const names = await readdir(dir);
    assert.ok(names.includes(snapshotName(11)), names.join(' '));
    for (const name of names) if (name.startsWith('wal-')) await unlink(join(dir, name));
    if (!withCheckpoint) await unlink(join(dir, 'CHECKPOINT'));
    await assertRefused(dir, segmentName(11), 0, withCheckpoint ? /missing: .*records 12-21 are missing/ : /missing: .*after resource version 11 \(the writes after snapshot/);
    const plan = await repair(dir);
    assert.equal(plan.keptRV, 11);
    assert.deepEqual(plan.lost, withCheckpoint ? { from: 12, to: 21, readable: 0 } : undefined, String(withCheckpoint));
    assert.equal(plan.newSegment, segmentName(11));
    assert.deepEqual(await keys(dir), { rv: 11, keys: first(10) });
  }
});

test('a middle segment cut short is refused naming it; repair drops its rest and every later segment', async (t) => {
  for (const cut of ['mid-record', 'at a record boundary'] as const) {
    const { dir, cleanup } = await tempDir();
    t.after(cleanup);
    await write(dir, 0, 10);
    await write(dir, 10, 10);
    await write(dir, 20, 10);
    const middle = join(dir, segmentName(11));
    const size = (await stat(middle)).size;
    const starts = await frameStarts(middle);
    const at = cut === 'mid-record' ? (starts[5] as number) + 7 : (starts[5] as number);
    await truncate(middle, at);
    await assertRefused(dir, segmentName(11), starts[5], cut === 'mid-record' ? /not the last/ : /ends here at resource version 16, but the next one, wal-0+21\.log, starts after 21: records 17-21 are missing/);
    const plan = await repair(dir);
    assert.equal(plan.keptRV, 16, cut);
    assert.deepEqual(plan.lost, { from: 17, to: 31, readable: 10 }, cut);
    const drops = plan.drops.map((d) => [d.name, d.kind, d.from, d.to]);
    if (cut === 'mid-record') assert.deepEqual(drops[0], [segmentName(11), 'tail', starts[5], at]);
    assert.deepEqual(drops[drops.length - 1]?.slice(0, 2), [segmentName(21), 'file']);
    assert.ok(size > at);
    assert.deepEqual(await keys(dir), { rv: 16, keys: first(15) });
    assert.ok((await readdir(join(dir, 'aside'))).includes(segmentName(21)));
  }
});

test('a damaged last acknowledged record is refused, not taken for a torn write', async (t) => {
  const { dir, cleanup } = await tempDir();
  t.after(cleanup);
  await write(dir, 0, 5);
  const file = join(dir, segmentName(1));
  const data = await readFile(file);
  data[data.length - 2] = (data[data.length - 2] as number) ^ 0xff;
  await writeFile(file, data);
  const starts = await frameStarts(file);
  await assertRefused(dir, segmentName(1), starts[starts.length - 1], /record 6 is missing/);
  const plan = await repair(dir);
  assert.deepEqual(plan.lost, { from: 6, to: 6, readable: 0 });
  assert.deepEqual(await keys(dir), { rv: 5, keys: first(4) });
});

test('a damaged checkpoint is refused naming it; repair writes it anew from the log', async (t) => {
  const { dir, cleanup } = await tempDir();
  t.after(cleanup);
  await write(dir, 0, 5);
  await writeFile(join(dir, 'CHECKPOINT'), randomBytes(1024));
  await assertRefused(dir, 'CHECKPOINT', 0, /neither copy of the checkpoint is valid/);
  const plan = await repair(dir);
  assert.deepEqual(plan.drops.map((d) => [d.name, d.kind]), [['CHECKPOINT', 'file']]);
  assert.equal(plan.lost, undefined);
  assert.deepEqual(await keys(dir), { rv: 6, keys: first(5) });
});

test('a torn tail after the last acknowledged record is dropped by itself: partial frame, garbage, zeros, a whole unacknowledged frame', async (t) => {
  for (const tail of ['partial frame', 'garbage', 'zeros', 'bad whole frame'] as const) {
    const { dir, cleanup } = await tempDir();
    t.after(cleanup);
    await write(dir, 0, 30);
    const file = join(dir, segmentName(1));
    const intact = (await stat(file)).size;
    const frame = encodeTextFrame(`{"t":1,"w":[["p",32,"cm","x",${JSON.stringify(configMap('x', { pad: 'p'.repeat(300) }))}]]}`);
    if (tail === 'partial frame') await appendFile(file, frame.subarray(0, 100));
    if (tail === 'garbage') await appendFile(file, randomBytes(333));
    if (tail === 'zeros') await appendFile(file, Buffer.alloc(8192));
    if (tail === 'bad whole frame') {
      frame[frame.length - 3] = (frame[frame.length - 3] as number) ^ 0x01;
      await appendFile(file, frame);
    }
    // Repair has nothing to do: start-up drops it.
    const plan = await planRepair(dir);
    assert.ok(!needsRepair(plan), tail);
    assert.equal(plan.torn?.offset, intact, tail);
    const warnings: string[] = [];
    const store = await Store.open({ dataDir: dir, logger: (l) => warnings.push(l) });
    assert.equal(store.currentRV, 31, tail);
    assert.deepEqual((await store.list('cm')).items.map((e) => e.key), first(30), tail);
    await store.close();
    assert.equal(warnings.length, 1, tail);
    assert.match(warnings[0] as string, /dropped a torn last record at offset \d+ .*never acknowledged: the log still holds resource version 31/);
    assert.equal((await stat(file)).size, intact, tail);
  }
});

test('damaged bytes with whole records after them in the last segment are damage, not a torn tail', async (t) => {
  const { dir, cleanup } = await tempDir();
  t.after(cleanup);
  await write(dir, 0, 10);
  const file = join(dir, segmentName(1));
  const starts = await frameStarts(file);
  const data = await readFile(file);
  data.fill(0xee, starts[4], (starts[4] as number) + 5); // the header of the fifth record
  await writeFile(file, data);
  await assertRefused(dir, segmentName(1), starts[4], /whole records after it at offset/);
  const plan = await repair(dir);
  assert.equal(plan.keptRV, 5);
  assert.deepEqual(plan.lost, { from: 6, to: 11, readable: 5 });
});

test('a store without a checkpoint (an older version) still opens and gets one', async (t) => {
  const { dir, cleanup } = await tempDir();
  t.after(cleanup);
  await write(dir, 0, 5);
  await unlink(join(dir, 'CHECKPOINT'));
  await appendFile(join(dir, segmentName(1)), Buffer.alloc(100)); // a torn tail, told by its shape
  const warnings: string[] = [];
  const store = await Store.open({ dataDir: dir, logger: (l) => warnings.push(l) });
  assert.equal(store.currentRV, 6);
  await store.close();
  assert.equal(warnings.length, 2);
  assert.match(warnings[1] as string, /no CHECKPOINT \(a store written by an older version\)/);
  assert.ok((await readdir(dir)).includes('CHECKPOINT'));
  await truncate(join(dir, segmentName(1)), 0);
  await assertRefused(dir, segmentName(1), 0, /records 2-6 are missing/);
});
