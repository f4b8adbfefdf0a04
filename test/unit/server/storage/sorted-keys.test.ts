import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SortedKeys, keyRange } from '../../../../src/server/storage/sorted-keys.js';

test('SortedKeys keeps keys ordered through adds and removes in any order', () => {
  const keys = new SortedKeys();
  const model = new Set<string>();
  let seed = 42;
  const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < 5000; i++) {
    const key = `k${Math.floor(random() * 800)}`;
    if (model.has(key)) {
      keys.remove(key);
      model.delete(key);
    } else {
      keys.add(key);
      model.add(key);
    }
    if (i % 97 === 0) assert.deepEqual(keys.view(), [...model].sort());
    assert.equal(keys.size, model.size);
  }
  assert.deepEqual(keys.view(), [...model].sort());
});

test('keyRange selects a prefix and an exclusive start', () => {
  const keys = ['a/1', 'a/2', 'b/1', 'b/2', 'b/3', 'c/1'];
  assert.deepEqual(keyRange(keys, '', undefined), [0, 6]);
  assert.deepEqual(keyRange(keys, 'b/', undefined), [2, 5]);
  assert.deepEqual(keyRange(keys, 'b/', 'b/1'), [3, 5]);
  assert.deepEqual(keyRange(keys, 'b/', 'a/9'), [2, 5]);
  assert.deepEqual(keyRange(keys, 'b/', 'b/3'), [5, 5]);
  assert.deepEqual(keyRange(keys, 'b/', 'c/0'), [5, 5]);
  assert.deepEqual(keyRange(keys, 'x/', undefined), [6, 6]);
  assert.deepEqual(keyRange(keys, '', 'b/2'), [4, 6]);
});
