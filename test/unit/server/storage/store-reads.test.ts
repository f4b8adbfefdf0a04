import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FutureRVError, Store, TooOldError } from '../../../../src/server/storage/index.js';
import type { ListResult } from '../../../../src/server/storage/index.js';
import { configMap, manualClock } from './helpers.js';

const keysOf = (r: ListResult): string[] => r.items.map((e) => e.key);

test('get and list at a past rv reconstruct the state as of that rv', async () => {
  const store = await Store.open();
  const a1 = await store.create('cm', 'ns1/a', configMap('a', { v: '1' })); // rv 2
  await store.create('cm', 'ns1/b', configMap('b')); // 3
  await store.create('other', 'ns1/z', configMap('z')); // 4
  await store.update('cm', 'ns1/a', (c) => ({ ...c.value, data: { v: '2' } })); // 5
  await store.delete('cm', 'ns1/b'); // 6
  await store.create('cm', 'ns1/c', configMap('c')); // 7
  await store.create('cm', 'ns2/a', configMap('a')); // 8

  assert.deepEqual(await store.get('cm', 'ns1/a', { atRV: 4 }), a1);
  assert.equal((await store.get('cm', 'ns1/a', { atRV: 5 }))?.rv, 5);
  assert.equal(await store.get('cm', 'ns1/a', { atRV: 1 }), undefined);
  assert.equal((await store.get('cm', 'ns1/b', { atRV: 5 }))?.rv, 3);
  assert.equal(await store.get('cm', 'ns1/b', { atRV: 6 }), undefined);
  assert.equal(await store.get('cm', 'ns1/c', { atRV: 6 }), undefined);

  const at4 = await store.list('cm', { atRV: 4 });
  assert.equal(at4.rv, 4);
  assert.deepEqual(keysOf(at4), ['ns1/a', 'ns1/b']);
  assert.deepEqual(at4.items.map((e) => e.rv), [2, 3]);
  assert.deepEqual(keysOf(await store.list('cm', { atRV: 6 })), ['ns1/a']);
  assert.deepEqual(keysOf(await store.list('cm', { atRV: 7 })), ['ns1/a', 'ns1/c']);
  assert.deepEqual(keysOf(await store.list('cm', { atRV: 1 })), []);
  const now = await store.list('cm');
  assert.equal(now.rv, 8);
  assert.deepEqual(keysOf(now), ['ns1/a', 'ns1/c', 'ns2/a']);
  assert.deepEqual(keysOf(await store.list('cm', { atRV: 8, keyPrefix: 'ns2/' })), ['ns2/a']);
  assert.deepEqual(keysOf(await store.list('cm', { atRV: 5, keyPrefix: 'ns1/' })), ['ns1/a', 'ns1/b']);
  // Values at a past rv carry that rv's content.
  const past = await store.list('cm', { atRV: 4, keyPrefix: 'ns1/a' });
  assert.deepEqual(past.items[0]?.value['data'], { v: '1' });
  await store.close();
});

test('a rv newer than the current one is FutureRVError; older than the history is TooOldError', async () => {
  const clock = manualClock();
  const store = await Store.open({ now: clock.now, historyWindowMs: 1000 });
  await store.create('cm', 'a', {}); // 2
  await assert.rejects(store.get('cm', 'a', { atRV: 3 }), FutureRVError);
  await assert.rejects(store.list('cm', { atRV: 99 }), (err: unknown) => err instanceof FutureRVError && err.requestedRV === 99 && err.currentRV === 2);
  clock.advance(2000);
  await store.create('cm', 'b', {}); // 3: rv 2 leaves the window
  assert.equal(store.oldestRV(), 2);
  await assert.rejects(store.get('cm', 'a', { atRV: 1 }), (err: unknown) => {
    assert.ok(err instanceof TooOldError);
    assert.equal(err.message, 'too old resource version: 1 (2)');
    return true;
  });
  assert.deepEqual(keysOf(await store.list('cm', { atRV: 2 })), ['a']);
  await assert.rejects(store.list('cm', { atRV: -1 }), RangeError);
  await store.close();
});

test('the history is trimmed by the time window even without writes', async () => {
  const clock = manualClock();
  const store = await Store.open({ now: clock.now, historyWindowMs: 200 });
  for (let i = 0; i < 5; i++) await store.create('cm', `k${i}`, {});
  assert.equal(store.oldestRV(), 1);
  clock.advance(100);
  await store.create('cm', 'late', {}); // rv 7, at +100
  assert.equal(store.oldestRV(), 1);
  clock.advance(150); // the first five are now 250 ms old, the last 150 ms
  assert.equal(store.oldestRV(), 6);
  assert.equal(store.stats().historyEvents, 1);
  clock.advance(100);
  assert.equal(store.oldestRV(), 7);
  assert.equal(store.stats().historyEvents, 0);
  await assert.rejects(store.list('cm', { atRV: 6 }), TooOldError);
  // The current rv itself is always answerable.
  assert.equal((await store.list('cm', { atRV: 7 })).items.length, 6);
  await store.close();
});

test('the history is trimmed to historyMaxEvents', async () => {
  const store = await Store.open({ historyMaxEvents: 10 });
  for (let i = 0; i < 25; i++) await store.create('cm', `k${String(i).padStart(2, '0')}`, {});
  assert.equal(store.stats().historyEvents, 10);
  assert.equal(store.currentRV, 26);
  assert.equal(store.oldestRV(), 16);
  assert.equal((await store.list('cm', { atRV: 16 })).items.length, 15);
  await assert.rejects(store.list('cm', { atRV: 15 }), TooOldError);
  await store.close();
});

test('list paging: limit, startAfter, more, lastKey and remaining', async () => {
  const store = await Store.open();
  for (const ns of ['a', 'b', 'c']) for (let i = 0; i < 5; i++) await store.create('cm', `${ns}/item-${i}`, configMap(`item-${i}`, {}, ns));
  const first = await store.list('cm', { limit: 4 });
  assert.deepEqual(keysOf(first), ['a/item-0', 'a/item-1', 'a/item-2', 'a/item-3']);
  assert.equal(first.more, true);
  assert.equal(first.lastKey, 'a/item-3');
  assert.equal(first.remaining, 11);
  const collected = [...first.items];
  let page = first;
  while (page.more) {
    page = await store.list('cm', { limit: 4, startAfter: page.lastKey as string, atRV: first.rv });
    collected.push(...page.items);
  }
  assert.equal(collected.length, 15);
  assert.equal(page.lastKey, undefined);
  assert.equal(page.remaining, undefined);
  // A namespace.
  const b = await store.list('cm', { keyPrefix: 'b/', limit: 3 });
  assert.deepEqual(keysOf(b), ['b/item-0', 'b/item-1', 'b/item-2']);
  assert.equal(b.remaining, 2);
  const b2 = await store.list('cm', { keyPrefix: 'b/', limit: 3, startAfter: b.lastKey as string });
  assert.deepEqual(keysOf(b2), ['b/item-3', 'b/item-4']);
  assert.equal(b2.more, false);
  // An exact fit is not "more".
  const exact = await store.list('cm', { keyPrefix: 'c/', limit: 5 });
  assert.equal(exact.more, false);
  // startAfter before the prefix starts at the prefix; after it is empty.
  assert.deepEqual(keysOf(await store.list('cm', { keyPrefix: 'c/', startAfter: 'a/zzz', limit: 1 })), ['c/item-0']);
  assert.deepEqual(keysOf(await store.list('cm', { keyPrefix: 'a/', startAfter: 'b/' })), []);
  assert.deepEqual(keysOf(await store.list('missing')), []);
  await store.close();
});

test('list with a filter: limit counts matches, remaining is not given', async () => {
  const store = await Store.open();
  for (let i = 0; i < 10; i++) await store.create('cm', `ns/k${i}`, { metadata: { labels: { even: String(i % 2 === 0) } } });
  const isEven = (v: Record<string, unknown>): boolean =>
    (v['metadata'] as { labels: Record<string, string> }).labels['even'] === 'true';
  const page = await store.list('cm', { limit: 2, filter: isEven });
  assert.deepEqual(keysOf(page), ['ns/k0', 'ns/k2']);
  assert.equal(page.more, true);
  assert.equal(page.remaining, undefined);
  const rest = await store.list('cm', { startAfter: page.lastKey as string, filter: isEven });
  assert.deepEqual(keysOf(rest), ['ns/k4', 'ns/k6', 'ns/k8']);
  // The same at a past rv.
  await store.delete('cm', 'ns/k4');
  const past = await store.list('cm', { atRV: page.rv, limit: 3, filter: isEven });
  assert.deepEqual(keysOf(past), ['ns/k0', 'ns/k2', 'ns/k4']);
  assert.equal(past.remaining, undefined);
  await store.close();
});

test('paging at a past rv while keys are added and removed in between', async () => {
  const store = await Store.open();
  for (let i = 0; i < 6; i++) await store.create('cm', `k${i}`, { i });
  const first = await store.list('cm', { limit: 2 });
  // Changes after the pinned rv must not show in the following pages.
  await store.delete('cm', 'k3');
  await store.create('cm', 'k2a', {});
  await store.update('cm', 'k4', (c) => ({ ...c.value, i: 40 }));
  await store.create('cm', 'k9', {});
  const second = await store.list('cm', { limit: 2, startAfter: first.lastKey as string, atRV: first.rv });
  assert.deepEqual(keysOf(second), ['k2', 'k3']);
  assert.equal(second.remaining, 2);
  const third = await store.list('cm', { limit: 2, startAfter: second.lastKey as string, atRV: first.rv });
  assert.deepEqual(keysOf(third), ['k4', 'k5']);
  assert.equal(third.items[0]?.value['i'], 4);
  assert.equal(third.more, false);
  assert.deepEqual(keysOf(await store.list('cm')), ['k0', 'k1', 'k2', 'k2a', 'k4', 'k5', 'k9']);
  await store.close();
});

test('keys in random order are listed sorted', async () => {
  const store = await Store.open();
  const names = Array.from({ length: 300 }, (_, i) => `k${(i * 7919) % 1000}`);
  for (const n of names) await store.create('cm', n, {});
  for (const n of names.slice(0, 100)) await store.delete('cm', n);
  const listed = keysOf(await store.list('cm'));
  assert.deepEqual(listed, [...names.slice(100)].sort());
  await store.close();
});

test('waitForRV resolves when the rv commits, times out with FutureRVError, and honours abort', async () => {
  const store = await Store.open();
  await store.waitForRV(1, 10);
  const waiting = store.waitForRV(3, 2000);
  await store.create('cm', 'a', {});
  await store.create('cm', 'b', {});
  await waiting;
  await assert.rejects(store.waitForRV(10, 20), FutureRVError);
  const controller = new AbortController();
  const aborted = store.waitForRV(10, 5000, controller.signal);
  controller.abort(new Error('client went away'));
  await assert.rejects(aborted, /client went away/);
  const pending = store.waitForRV(10, 5000);
  await store.close();
  await assert.rejects(pending, /closed/);
});
