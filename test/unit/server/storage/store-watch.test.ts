import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FutureRVError, Store, TooOldError, WatchOverflowError } from '../../../../src/server/storage/index.js';
import { configMap, iterate, manualClock, staysQuiet, summarize, take } from './helpers.js';

test('a watch from a past rv replays the history after it, then goes live', async () => {
  const store = await Store.open();
  await store.create('cm', 'ns/a', configMap('a')); // 2
  await store.create('other', 'ns/a', configMap('a')); // 3
  await store.update('cm', 'ns/a', (c) => ({ ...c.value, data: { v: '2' } })); // 4
  await store.delete('cm', 'ns/a'); // 5
  const it = iterate(store.watch('cm', { fromRV: 2 }));
  assert.deepEqual(summarize(await take(it, 2)), ['MODIFIED:ns/a@4', 'DELETED:ns/a@5']);
  await store.create('cm', 'ns/b', configMap('b')); // 6
  const [live] = await take(it, 1);
  assert.deepEqual(summarize([live!]), ['ADDED:ns/b@6']);
  await it.return?.();
  await store.close();
});

test('events carry values and previous values; DELETED carries the last value with the deletion rv', async () => {
  const store = await Store.open();
  const it = iterate(store.watch('cm'));
  await store.create('cm', 'k', { data: 1 });
  await store.update('cm', 'k', (c) => ({ ...c.value, data: 2 }));
  await store.delete('cm', 'k');
  const [added, modified, deleted] = await take(it, 3);
  assert.equal(added?.type, 'ADDED');
  assert.equal(added?.prev, undefined);
  assert.deepEqual(added?.value, { data: 1, metadata: { resourceVersion: '2' } });
  assert.equal(modified?.type, 'MODIFIED');
  assert.deepEqual(modified?.prev, { data: 1, metadata: { resourceVersion: '2' } });
  assert.deepEqual(modified?.value, { data: 2, metadata: { resourceVersion: '3' } });
  assert.equal(deleted?.type, 'DELETED');
  assert.deepEqual(deleted?.value, { data: 2, metadata: { resourceVersion: '4' } });
  assert.deepEqual(deleted?.prev, { data: 2, metadata: { resourceVersion: '3' } });
  assert.ok(Object.isFrozen(deleted));
  await store.close();
});

test('a watch without fromRV sees only later changes; fromRV = current rv likewise', async () => {
  const store = await Store.open();
  await store.create('cm', 'old', {});
  const fromNow = iterate(store.watch('cm'));
  const fromCurrent = iterate(store.watch('cm', { fromRV: store.currentRV }));
  await store.create('cm', 'new', {});
  assert.deepEqual(summarize(await take(fromNow, 1)), ['ADDED:new@3']);
  assert.deepEqual(summarize(await take(fromCurrent, 1)), ['ADDED:new@3']);
  await store.close();
});

test('key prefix and filter select events, in replay and live', async () => {
  const store = await Store.open();
  await store.create('cm', 'ns1/a', { metadata: { labels: { app: 'x' } } }); // 2
  await store.create('cm', 'ns2/a', { metadata: { labels: { app: 'x' } } }); // 3
  await store.create('cm', 'ns1/b', { metadata: { labels: { app: 'y' } } }); // 4
  const isX = (e: { value: Record<string, unknown> }): boolean =>
    (e.value['metadata'] as { labels?: Record<string, string> }).labels?.['app'] === 'x';
  const it = iterate(store.watch('cm', { fromRV: 1, keyPrefix: 'ns1/', filter: isX }));
  assert.deepEqual(summarize(await take(it, 1)), ['ADDED:ns1/a@2']);
  await store.create('cm', 'ns2/c', { metadata: { labels: { app: 'x' } } }); // 5: other namespace
  await store.create('cm', 'ns1/d', { metadata: { labels: { app: 'y' } } }); // 6: filtered out
  await store.create('cm', 'ns1/e', { metadata: { labels: { app: 'x' } } }); // 7
  assert.deepEqual(summarize(await take(it, 1)), ['ADDED:ns1/e@7']);
  const quiet = await staysQuiet(it);
  assert.ok(quiet.quiet);
  await store.close();
  assert.deepEqual(await quiet.next, { value: undefined, done: true });
});

test('watch from a too old or future rv throws', async () => {
  const store = await Store.open({ historyMaxEvents: 2 });
  for (let i = 0; i < 5; i++) await store.create('cm', `k${i}`, {});
  assert.equal(store.oldestRV(), 4);
  assert.throws(() => store.watch('cm', { fromRV: 3 }), TooOldError);
  assert.throws(() => store.watch('cm', { fromRV: 7 }), FutureRVError);
  assert.deepEqual(summarize(await take(iterate(store.watch('cm', { fromRV: 4 })), 2)), ['ADDED:k3@5', 'ADDED:k4@6']);
  await store.close();
});

test('after the history window passes, an old rv is too old for a watch', async () => {
  const clock = manualClock();
  const store = await Store.open({ now: clock.now, historyWindowMs: 200 });
  await store.create('cm', 'a', {});
  const rv = store.currentRV;
  await store.create('cm', 'b', {});
  clock.advance(300);
  assert.throws(() => store.watch('cm', { fromRV: rv }), (err: unknown) => err instanceof TooOldError && err.requestedRV === rv);
  await store.close();
});

test('a slow consumer overflows and ends with WatchOverflowError while writers and other watchers continue', async () => {
  const store = await Store.open();
  const slow = iterate(store.watch('cm', { maxQueue: 50 }));
  const fast = iterate(store.watch('cm'));
  const fastSeen: number[] = [];
  const fastDone = (async () => {
    for (;;) {
      const r = await fast.next();
      if (r.done) return;
      fastSeen.push(r.value.rv);
      if (fastSeen.length === 200) return;
    }
  })();
  for (let i = 0; i < 200; i++) await store.create('cm', `k${i}`, {});
  await fastDone;
  assert.equal(fastSeen.length, 200);
  assert.deepEqual(fastSeen, Array.from({ length: 200 }, (_, i) => i + 2));
  await assert.rejects(slow.next(), WatchOverflowError);
  assert.deepEqual(await slow.next(), { value: undefined, done: true });
  assert.equal(store.stats().watches, 1);
  await store.close();
});

test('replayed history does not count against the queue bound', async () => {
  const store = await Store.open();
  for (let i = 0; i < 30; i++) await store.create('cm', `k${i}`, {});
  const it = iterate(store.watch('cm', { fromRV: 1, maxQueue: 5 }));
  for (let i = 0; i < 4; i++) await store.create('cm', `live${i}`, {});
  const events = await take(it, 34);
  assert.equal(events[33]?.key, 'live3');
  await store.close();
});

test('a throwing filter ends that watch with its error only', async () => {
  const store = await Store.open();
  const bad = iterate(store.watch('cm', { filter: () => { throw new Error('bad filter'); } }));
  const good = iterate(store.watch('cm'));
  await store.create('cm', 'a', {});
  await assert.rejects(bad.next(), /bad filter/);
  assert.deepEqual(summarize(await take(good, 1)), ['ADDED:a@2']);
  await store.close();
});

test('close() ends a watch: a pending next resolves done; iterating twice is an error', async () => {
  const store = await Store.open();
  const watch = store.watch('cm');
  const it = iterate(watch);
  const pending = it.next();
  watch.close();
  assert.equal(watch.closed, true);
  assert.deepEqual(await pending, { value: undefined, done: true });
  assert.throws(() => iterate(watch), /only once/);
  assert.equal(store.stats().watches, 0);
  await store.close();
});

test('for await over a watch, breaking out closes it', async () => {
  const store = await Store.open();
  const watch = store.watch('cm');
  const writes = (async () => {
    for (let i = 0; i < 5; i++) await store.create('cm', `k${i}`, {});
  })();
  const seen: string[] = [];
  for await (const event of watch) {
    seen.push(event.key);
    if (seen.length === 3) break;
  }
  await writes;
  assert.deepEqual(seen, ['k0', 'k1', 'k2']);
  assert.equal(watch.closed, true);
  await store.close();
});

test('progressRV: the rv a bookmark may carry', async () => {
  const store = await Store.open();
  await store.create('cm', 'a', {}); // 2
  await store.create('cm', 'b', {}); // 3
  const watch = store.watch('cm', { fromRV: 1, keyPrefix: 'b' });
  assert.equal(watch.progressRV(), 2, 'the replayed event at rv 3 is still queued');
  const it = iterate(watch);
  await take(it, 1);
  assert.equal(watch.progressRV(), 3);
  await store.create('other', 'x', {}); // 4: another bucket
  await store.create('cm', 'a2', {}); // 5: filtered out by the prefix
  assert.equal(watch.progressRV(), 5);
  await store.create('cm', 'b2', {}); // 6: queued
  assert.equal(watch.progressRV(), 5);
  await take(it, 1);
  assert.equal(watch.progressRV(), 6);
  await store.close();
});
