import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QuotaExceededError, Store, TooOldError, WatchOverflowError } from '../../../../src/server/storage/index.js';
import { configMap, iterate, take, tempDir } from './helpers.js';

const MiB = 1024 * 1024;

test('repeated 1 MiB updates of one object: the history stays under its byte bound, older versions expire (410)', async () => {
  const store = await Store.open({ historyMaxBytes: 8 * MiB });
  const first = await store.create('configmaps', 'default/big', configMap('big', { payload: 'a'.repeat(MiB) }));
  for (let i = 0; i < 100; i++) {
    const char = String.fromCharCode(98 + (i % 20));
    await store.update('configmaps', 'default/big', (cur) => ({ ...cur.value, data: { payload: char.repeat(MiB) } }));
    assert.ok(store.stats().historyBytes <= 8 * MiB, `history holds ${store.stats().historyBytes} bytes after ${i + 1} updates`);
  }
  const stats = store.stats();
  assert.ok(stats.historyEvents >= 6 && stats.historyEvents <= 8, `${stats.historyEvents} versions kept`);
  // The oldest versions are gone: reading or watching from them is too old, as the window would make them.
  assert.throws(() => store.watch('configmaps', { fromRV: first.rv }), TooOldError);
  await assert.rejects(store.get('configmaps', 'default/big', { atRV: first.rv }), TooOldError);
  // Recent history still replays.
  const watch = store.watch('configmaps', { fromRV: store.currentRV - 3 });
  assert.equal((await take(iterate(watch), 3)).length, 3);
  watch.close();
  await store.close();
});

test('the byte bound holds over a restart (history rebuilt from the log)', async (t) => {
  const { dir, cleanup } = await tempDir();
  t.after(cleanup);
  const store = await Store.open({ dataDir: dir, historyMaxBytes: 4 * MiB });
  await store.create('configmaps', 'default/big', configMap('big', { payload: 'a'.repeat(MiB) }));
  for (let i = 0; i < 20; i++) await store.update('configmaps', 'default/big', (cur) => ({ ...cur.value, data: { payload: String.fromCharCode(98 + i).repeat(MiB) } }));
  await store.close();
  const reopened = await Store.open({ dataDir: dir, historyMaxBytes: 4 * MiB });
  t.after(() => reopened.close());
  assert.ok(reopened.stats().historyBytes <= 4 * MiB, `${reopened.stats().historyBytes} bytes of history after the restart`);
  assert.ok(reopened.stats().historyEvents >= 2);
});

test('a watch whose consumer lags by more than its byte bound overflows, while the writer goes on', async () => {
  const store = await Store.open({ watchMaxQueueBytes: 4 * MiB });
  await store.create('configmaps', 'default/big', configMap('big', { payload: 'a'.repeat(MiB) }));
  const watch = store.watch('configmaps');
  const it = iterate(watch);
  for (let i = 0; i < 6; i++) await store.update('configmaps', 'default/big', (cur) => ({ ...cur.value, data: { payload: String.fromCharCode(98 + i).repeat(MiB) } }));
  assert.ok(watch.closed, 'the lagging watch was ended');
  await assert.rejects(it.next(), WatchOverflowError);
  await store.close();
});

test('the space quota: creates past it fail as etcd fails them, updates past an eighth more; deletes, shrinking updates and a restart keep the count', async (t) => {
  const { dir, cleanup } = await tempDir();
  t.after(cleanup);
  const quotaBytes = 3 * MiB;
  const store = await Store.open({ dataDir: dir, quotaBytes });
  for (let i = 0; i < 2; i++) await store.create('configmaps', `default/c${i}`, configMap(`c${i}`, { payload: 'a'.repeat(MiB) }));
  const rv = store.currentRV;
  await assert.rejects(store.create('configmaps', 'default/c2', configMap('c2', { payload: 'a'.repeat(MiB) })), (e: unknown) => e instanceof QuotaExceededError && e.message === 'etcdserver: mvcc: database space exceeded');
  // Updates of existing objects have an eighth more, no further.
  await assert.rejects(store.update('configmaps', 'default/c0', (cur) => ({ ...cur.value, data: { payload: 'b'.repeat(2.5 * MiB) } })), QuotaExceededError);
  assert.equal(store.currentRV, rv, 'a refused write takes no resource version');
  // Writes queued together count together.
  const both = await Promise.allSettled([
    store.create('configmaps', 'default/s1', configMap('s1', { payload: 'x'.repeat(MiB / 2) })),
    store.create('configmaps', 'default/s2', configMap('s2', { payload: 'x'.repeat(MiB / 2) })),
  ]);
  assert.deepEqual(both.map((r) => r.status), ['fulfilled', 'rejected']);
  await store.update('configmaps', 'default/c0', (cur) => ({ ...cur.value, data: { payload: 'b'.repeat(1.7 * MiB) } }));
  assert.ok(store.stats().objectBytes > quotaBytes, 'an update grew past the quota, within its margin');
  // An object on its way out may still be written (a graceful deletion, finalizers removed).
  await store.update('configmaps', 'default/c1', (cur) => ({ ...cur.value, metadata: { ...(cur.value.metadata as object), deletionTimestamp: '2026-01-01T00:00:00Z', finalizers: ['x'.repeat(1000)] } }));
  await store.update('configmaps', 'default/c0', (cur) => ({ ...cur.value, data: { payload: 'small' } }));
  await store.create('configmaps', 'default/c2', configMap('c2', { payload: 'a'.repeat(MiB / 4) }));
  await store.delete('configmaps', 'default/c1');
  const live = store.stats().objectBytes;
  assert.ok(live > MiB / 2 && live < MiB, `${live} bytes live`);
  await store.close();
  const reopened = await Store.open({ dataDir: dir, quotaBytes });
  t.after(() => reopened.close());
  const after = reopened.stats().objectBytes;
  assert.ok(Math.abs(after - live) < 1024, `${after} bytes live after the restart, ${live} before`);
  assert.equal(reopened.stats().quotaBytes, quotaBytes);
});
