import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { InvalidValueError, Store } from '../../../../src/server/storage/index.js';
import { configMap, tempDir } from './helpers.js';

const fullDiskWriter = fileURLToPath(new URL('../../../fixtures/storage/full-disk-writer.js', import.meta.url));

/** An array nested `depth` levels deep (built without recursion). */
function nested(depth: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

test('a value that cannot be serialized takes no resource version; the store and its log go on', async (t) => {
  const { dir, cleanup } = await tempDir();
  t.after(cleanup);
  const store = await Store.open({ dataDir: dir, maxValueDepth: 1_000_000 });
  const a = await store.create('configmaps', 'default/a', configMap('a'));
  // Deep enough to overflow JSON.stringify's stack: the write is refused before it takes a version.
  const deep = { ...configMap('deep'), extra: nested(200_000) } as Parameters<Store['create']>[2];
  await assert.rejects(store.create('configmaps', 'default/deep', deep), InvalidValueError);
  await assert.rejects(store.update('configmaps', 'default/a', (cur) => ({ ...cur.value, extra: nested(200_000) } as typeof cur.value)), InvalidValueError);
  assert.equal(store.currentRV, a.rv);
  const b = await store.create('configmaps', 'default/b', configMap('b'));
  assert.equal(b.rv, a.rv + 1, 'no gap in resource versions');
  assert.equal(await store.get('configmaps', 'default/deep'), undefined);
  await store.close();
  const reopened = await Store.open({ dataDir: dir });
  assert.equal(reopened.currentRV, b.rv);
  assert.deepEqual((await reopened.list('configmaps')).items.map((e) => e.key), ['default/a', 'default/b']);
  await reopened.close();
});

test('a value larger than maxValueBytes is refused with its size and the limit', async () => {
  const store = await Store.open({ maxValueBytes: 10_000 });
  const err = await store.create('configmaps', 'default/big', configMap('big', { x: 'y'.repeat(20_000) })).then(() => undefined, (e: unknown) => e);
  assert.ok(err instanceof InvalidValueError);
  assert.equal(err.reason, 'size');
  assert.equal(err.limit, 10_000);
  const ok = await store.create('configmaps', 'default/small', configMap('small'));
  assert.equal(ok.rv, 2);
  await store.close();
});

test('a value nested deeper than maxValueDepth is refused before it takes a version', async () => {
  const store = await Store.open();
  const value = { ...configMap('d'), extra: nested(600) } as Parameters<Store['create']>[2];
  const err = await store.create('configmaps', 'default/d', value).then(() => undefined, (e: unknown) => e);
  assert.ok(err instanceof InvalidValueError);
  assert.equal(err.reason, 'depth');
  assert.equal(err.limit, 512);
  assert.equal((await store.create('configmaps', 'default/e', configMap('e'))).rv, 2);
  await store.close();
});

test('values are frozen without recursion, however deep', async () => {
  const store = await Store.open({ maxValueDepth: 10_000 });
  // Deeper than a recursive freeze survives, shallow enough for JSON.stringify.
  const value = { ...configMap('d'), extra: nested(2_500) } as Parameters<Store['create']>[2];
  const entry = await store.create('configmaps', 'default/d', value);
  let cur: unknown = entry.value['extra'];
  let depth = 0;
  while (Array.isArray(cur)) {
    assert.ok(Object.isFrozen(cur));
    cur = cur[0];
    depth++;
  }
  assert.equal(depth, 2_500);
  await store.close();
});

test('a log append that fails (file size limit) is rolled back: its writes fail, later writes go on, the log reopens', { skip: process.platform !== 'linux' ? 'needs ulimit -f (Linux)' : false }, async (t) => {
  const { dir, cleanup } = await tempDir();
  t.after(cleanup);
  // 256 KiB for every file the child writes: the log takes the small writes, not the 300 KiB one.
  const run = spawnSync('/bin/sh', ['-c', 'ulimit -f 256 && exec "$0" "$1" "$2"', process.execPath, fullDiskWriter, dir], { encoding: 'utf8', timeout: 30_000 });
  assert.equal(run.status, 0, run.stderr);
  const lines = run.stdout.trim().split('\n');
  assert.equal(lines.pop(), 'done');
  const results = lines.map((l) => JSON.parse(l) as { key: string; rv?: number; error?: string });
  const acked = results.filter((r) => r.rv !== undefined);
  const refused = results.filter((r) => r.error !== undefined).map((r) => r.key).sort();
  assert.deepEqual(refused, ['huge-a', 'huge-b'], JSON.stringify(results));
  assert.match(results.find((r) => r.key === 'huge-a')?.error ?? '', /WriteAbortedError: the write was not stored: the store's log could not be written/);
  // Versions stay contiguous: the refused writes gave theirs back.
  assert.deepEqual(acked.map((r) => r.rv), acked.map((_, i) => 2 + i));
  const store = await Store.open({ dataDir: dir });
  t.after(() => store.close());
  assert.equal(store.currentRV, 1 + acked.length);
  const keys = (await store.list('items')).items.map((e) => e.key).sort();
  assert.deepEqual(keys, acked.map((r) => r.key).sort());
});
