import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_JSON_PATCH_OPERATIONS, PatchError, applyJsonPatch } from '../../../../src/server/patch/index.js';

const doc = { metadata: { name: 'x', labels: { a: '1' } }, spec: { replicas: 2, list: [1, 2, 3] } };

function fails(operations: unknown, status: number, detail?: RegExp): void {
  assert.throws(() => applyJsonPatch(doc, operations), (error: unknown) => {
    assert.ok(error instanceof PatchError);
    assert.equal(error.statusCode, status);
    if (detail !== undefined) assert.match(error.detail ?? error.message, detail);
    return true;
  });
}

test('add, remove, replace, move, copy and a passing test', () => {
  const out = applyJsonPatch(doc, [
    { op: 'test', path: '/spec/replicas', value: 2 },
    { op: 'replace', path: '/spec/replicas', value: 3 },
    { op: 'add', path: '/metadata/labels/b', value: '2' },
    { op: 'remove', path: '/metadata/labels/a' },
    { op: 'add', path: '/spec/list/-', value: 4 },
    { op: 'add', path: '/spec/list/0', value: 0 },
    { op: 'copy', from: '/metadata/name', path: '/metadata/generateName' },
    { op: 'move', from: '/spec/list', path: '/spec/items' },
  ]);
  assert.deepEqual(out, { metadata: { name: 'x', labels: { b: '2' }, generateName: 'x' }, spec: { replicas: 3, items: [0, 1, 2, 3, 4] } });
  assert.equal(doc.spec.replicas, 2, 'the target is not modified');
});

test('a failing test operation is a 422 with the generic message', () => {
  assert.throws(() => applyJsonPatch(doc, [{ op: 'test', path: '/spec/replicas', value: 5 }]), (error: unknown) => {
    assert.ok(error instanceof PatchError);
    assert.equal(error.statusCode, 422);
    assert.equal(error.reason, 'Invalid');
    assert.equal(error.message, 'the server rejected our request due to an error in our request');
    assert.equal(error.detail, 'testing value /spec/replicas failed: test failed');
    return true;
  });
});

test('test compares whole values, objects included', () => {
  const out = applyJsonPatch(doc, [{ op: 'test', path: '/metadata/labels', value: { a: '1' } }, { op: 'replace', path: '/metadata/labels', value: {} }]);
  assert.deepEqual((out as typeof doc).metadata.labels, {});
  fails([{ op: 'test', path: '/metadata/labels', value: { a: '2' } }], 422, /test failed/);
});

test('operations on missing paths are 422', () => {
  fails([{ op: 'remove', path: '/metadata/missing' }], 422, /remove operation does not apply/);
  fails([{ op: 'replace', path: '/spec/missing', value: 1 }], 422, /replace operation does not apply: doc is missing key: \/spec\/missing/);
  fails([{ op: 'add', path: '/nope/deeper', value: 1 }], 422, /add operation does not apply/);
  fails([{ op: 'add', path: '/spec/list/9', value: 1 }], 422);
  fails([{ op: 'move', from: '/nope', path: '/x' }], 422);
  fails([{ op: 'frobnicate', path: '/x' }], 422, /Unexpected kind: frobnicate/);
});

test('a body that is not a list of operations is a 400', () => {
  fails({ op: 'add', path: '/a', value: 1 }, 400, /cannot unmarshal object into Go value of type jsonpatch.Patch/);
  fails(['add'], 400, /cannot unmarshal string/);
});

test('too many operations is a 413', () => {
  const ops = Array.from({ length: MAX_JSON_PATCH_OPERATIONS + 1 }, () => ({ op: 'test', path: '/spec/replicas', value: 2 }));
  fails(ops, 413, /The allowed maximum operations in a JSON patch is 10000, got 10001/);
});

test('replacing managedFields with [{}] (the clearing request) is a plain replace', () => {
  const out = applyJsonPatch({ metadata: { managedFields: [{ manager: 'm' }] } }, [{ op: 'replace', path: '/metadata/managedFields', value: [{}] }]);
  assert.deepEqual(out, { metadata: { managedFields: [{}] } });
});

test('prototype pollution is refused', () => {
  fails([{ op: 'add', path: '/__proto__/polluted', value: 1 }], 422);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});
