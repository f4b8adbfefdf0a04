/**
 * The three-way JSON merge patch of client-side apply for kinds without a strategic schema.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyMergePatch, createMergePatch, createThreeWayJsonMergePatch } from '../../../../src/sdk/apply/json-merge-three-way.js';

test('RFC 7386 diff and apply', () => {
  assert.deepEqual(createMergePatch({ a: 1, b: { c: 1, d: 2 }, l: [1] }, { a: 1, b: { c: 2 }, l: [1, 2], n: null }), { b: { c: 2, d: null }, l: [1, 2], n: null });
  assert.deepEqual(applyMergePatch({ a: 1, b: { c: 1 } }, { a: null, b: { d: 2 } }), { b: { c: 1, d: 2 } });
});

test('additions and changes from live, deletions from last-applied; lists replaced whole', () => {
  const original = { spec: { size: 1, color: 'red', tags: ['a'] } };
  const modified = { spec: { size: 2, tags: ['a', 'b'] } };
  const current = { spec: { size: 1, color: 'red', tags: ['a'], owner: 'controller' }, status: { ready: true } };
  const patch = createThreeWayJsonMergePatch(original, modified, current);
  assert.deepEqual(patch, { spec: { size: 2, color: null, tags: ['a', 'b'] } });
  assert.deepEqual(applyMergePatch(current, patch), { spec: { size: 2, tags: ['a', 'b'], owner: 'controller' }, status: { ready: true } });
});

test('an explicitly empty object is a value; unchanged gives {}', () => {
  assert.deepEqual(createThreeWayJsonMergePatch({ a: { b: 1 } }, { a: {} }, { a: { b: 1 } }), { a: { b: null } });
  assert.deepEqual(createThreeWayJsonMergePatch(undefined, { x: {} }, {}), { x: {} });
  assert.deepEqual(createThreeWayJsonMergePatch({ a: 1 }, { a: 1 }, { a: 1, b: 2 }), {});
});

test('apiVersion, kind and name may not change', () => {
  assert.throws(() => createThreeWayJsonMergePatch({ kind: 'A' }, { kind: 'B' }, { kind: 'A' }), /At least one of apiVersion, kind and name was changed/);
  assert.throws(() => createThreeWayJsonMergePatch(undefined, { metadata: { name: 'b' } }, { metadata: { name: 'a' } }), /was changed/);
});
