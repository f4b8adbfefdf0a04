import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  AlreadyExistsError,
  ConflictError,
  INITIAL_RV,
  NotFoundError,
  Store,
  StoreClosedError,
} from '../../../../src/server/storage/index.js';
import { configMap } from './helpers.js';

test('a new store starts at the initial rv and every write takes the next one, across buckets', async () => {
  const store = await Store.open();
  assert.equal(store.currentRV, INITIAL_RV);
  const a = await store.create('configmaps', 'default/a', configMap('a'));
  const b = await store.create('secrets', 'default/a', configMap('a'));
  const c = await store.update('configmaps', 'default/a', (cur) => ({ ...cur.value, data: { k: 'v' } }));
  const d = await store.delete('secrets', 'default/a');
  assert.deepEqual([a.rv, b.rv, c.rv, d.rv], [2, 3, 4, 5]);
  assert.equal(store.currentRV, 5);
  await store.close();
});

test('concurrent writes get distinct increasing rvs in call order', async () => {
  const store = await Store.open();
  const writes = Array.from({ length: 50 }, (_, i) => store.create(i % 2 ? 'a' : 'b', `k${i}`, configMap(`k${i}`)));
  const entries = await Promise.all(writes);
  assert.deepEqual(entries.map((e) => e.rv), entries.map((_, i) => INITIAL_RV + 1 + i));
  await store.close();
});

test('stored values are stamped with their rv and frozen, and the caller object is not changed at the top', async () => {
  const store = await Store.open();
  const input = configMap('a', { x: '1' });
  const entry = await store.create('configmaps', 'default/a', input);
  assert.deepEqual(entry.value['metadata'], { name: 'a', namespace: 'default', resourceVersion: '2' });
  assert.equal((input['metadata'] as { resourceVersion?: string }).resourceVersion, undefined);
  assert.ok(Object.isFrozen(entry) && Object.isFrozen(entry.value) && Object.isFrozen(entry.value['data']));
  assert.throws(() => {
    (entry.value['data'] as Record<string, string>)['x'] = '2';
  }, TypeError);
  const noMeta = await store.create('things', 'x', { spec: 1 });
  assert.deepEqual(noMeta.value, { spec: 1, metadata: { resourceVersion: '3' } });
  await store.close();
});

test('create of an existing key is AlreadyExists; update/delete of a missing key is NotFound', async () => {
  const store = await Store.open();
  await store.create('configmaps', 'default/a', configMap('a'));
  await assert.rejects(store.create('configmaps', 'default/a', configMap('a')), AlreadyExistsError);
  await assert.rejects(store.update('configmaps', 'default/b', (c) => c.value), NotFoundError);
  await assert.rejects(store.delete('configmaps', 'default/b'), NotFoundError);
  // The same key in another bucket is a different object.
  await store.create('secrets', 'default/a', configMap('a'));
  // A failed write consumes no rv.
  assert.equal(store.currentRV, 3);
  await store.close();
});

test('a key can be re-created after delete, even while the delete is not yet committed', async () => {
  const store = await Store.open();
  await store.create('configmaps', 'default/a', configMap('a'));
  const del = store.delete('configmaps', 'default/a');
  const again = store.create('configmaps', 'default/a', configMap('a', { v: '2' }));
  assert.equal((await del).rv, 3);
  assert.equal((await again).rv, 4);
  assert.deepEqual((await store.get('configmaps', 'default/a'))?.value['data'], { v: '2' });
  await store.close();
});

test('update runs mutate on the newest value, including writes not yet durable', async () => {
  const store = await Store.open();
  await store.create('counters', 'c', { n: 0 });
  const increments = Array.from({ length: 20 }, () =>
    store.update('counters', 'c', (cur) => ({ ...cur.value, n: (cur.value['n'] as number) + 1 })),
  );
  await Promise.all(increments);
  assert.equal((await store.get('counters', 'c'))?.value['n'], 20);
  await store.close();
});

test('preconditions: expectRV and expectUID conflicts, and a throwing mutate writes nothing', async () => {
  const store = await Store.open();
  const created = await store.create('pods', 'default/p', { metadata: { name: 'p', uid: 'u1' } });
  await assert.rejects(store.update('pods', 'default/p', (c) => c.value, { expectRV: created.rv + 1 }), ConflictError);
  await assert.rejects(store.update('pods', 'default/p', (c) => ({ ...c.value }), { expectUID: 'u2' }), (err: unknown) => {
    assert.ok(err instanceof ConflictError);
    assert.match(err.message, /UID in precondition: u2, UID in object meta: u1/);
    return true;
  });
  await assert.rejects(store.delete('pods', 'default/p', { expectRV: 999 }), ConflictError);
  await assert.rejects(store.delete('pods', 'default/p', { expectUID: 'nope' }), ConflictError);
  await assert.rejects(
    store.update('pods', 'default/p', () => {
      throw new Error('invalid');
    }),
    /invalid/,
  );
  assert.equal(store.currentRV, created.rv);
  const updated = await store.update('pods', 'default/p', (c) => ({ ...c.value, x: 1 }), { expectRV: created.rv, expectUID: 'u1' });
  const deleted = await store.delete('pods', 'default/p', { expectRV: updated.rv, expectUID: 'u1' });
  assert.equal(deleted.rv, updated.rv + 1);
  assert.equal(deleted.value['x'], 1);
  assert.equal((deleted.value['metadata'] as { resourceVersion: string }).resourceVersion, String(deleted.rv));
  await store.close();
});

test('an update returning the current value unchanged writes nothing', async () => {
  const store = await Store.open();
  const created = await store.create('configmaps', 'default/a', configMap('a'));
  const same = await store.update('configmaps', 'default/a', (c) => c.value);
  assert.equal(same, created);
  assert.equal(store.currentRV, created.rv);
  await store.close();
});

test('invalid values and keys are TypeErrors; writes after close are StoreClosedError', async () => {
  const store = await Store.open();
  await assert.rejects(store.create('b', 'k', [] as never), TypeError);
  await assert.rejects(store.create('b', 'k', { metadata: 'x' }), TypeError);
  await assert.rejects(store.create('', 'k', {}), TypeError);
  await assert.rejects(store.create('b', '', {}), TypeError);
  await store.close();
  await assert.rejects(store.create('b', 'k', {}), StoreClosedError);
  assert.throws(() => store.watch('b'), StoreClosedError);
});

test('buckets() lists buckets with entries', async () => {
  const store = await Store.open();
  await store.create('secrets', 'a', {});
  await store.create('configmaps', 'a', {});
  await store.create('pods', 'a', {});
  await store.delete('pods', 'a');
  assert.deepEqual(store.buckets(), ['configmaps', 'secrets']);
  await store.close();
});
