/**
 * The one JSON patch engine (machinery/patch/json-patch.ts): evanphx/json-patch's semantics, each
 * caller's wording (the API server's, kubectl's, kustomize's), the bounds callers set, and the
 * failure kinds the server turns into statuses. Every key is a plain key.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PatchFailure, type PatchFailureKind } from '../../../../src/machinery/patch/errors.js';
import { MAX_COPY_BYTES, MAX_JSON_PATCH_OPERATIONS, applyJsonPatch, type JsonPatchDialect } from '../../../../src/machinery/patch/json-patch.js';

const doc = { metadata: { name: 'x', labels: { a: '1' } }, spec: { replicas: 2, list: [1, 2, 3] } };
const SERVER = { dialect: 'apiserver', maxOperations: MAX_JSON_PATCH_OPERATIONS, maxCopyBytes: MAX_COPY_BYTES } as const;

function fails(patch: () => unknown, kind: PatchFailureKind, message?: RegExp | string): void {
  assert.throws(patch, (error: unknown) => {
    assert.ok(error instanceof PatchFailure, String(error));
    assert.equal(error.kind, kind);
    if (typeof message === 'string') assert.equal(error.message, message);
    else if (message !== undefined) assert.match(error.message, message);
    return true;
  });
}

const as = (dialect: JsonPatchDialect, operations: unknown, target: unknown = doc): (() => unknown) => () => applyJsonPatch(target, operations, { dialect });

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
  ], SERVER);
  assert.deepEqual(out, { metadata: { name: 'x', labels: { b: '2' }, generateName: 'x' }, spec: { replicas: 3, items: [0, 1, 2, 3, 4] } });
  assert.equal(doc.spec.replicas, 2, 'the target is not modified');
});

test('test compares whole values; a missing member passes only for null', () => {
  const out = applyJsonPatch(doc, [{ op: 'test', path: '/metadata/labels', value: { a: '1' } }, { op: 'replace', path: '/metadata/labels', value: {} }], SERVER) as typeof doc;
  assert.deepEqual(out.metadata.labels, {});
  fails(as('apiserver', [{ op: 'test', path: '/metadata/labels', value: { a: '2' } }]), 'not-applicable', 'testing value /metadata/labels failed: test failed');
  assert.deepEqual(applyJsonPatch(doc, [{ op: 'test', path: '/metadata/missing', value: null }], SERVER), doc);
  fails(as('kubectl', [{ op: 'test', path: '/metadata/missing', value: 'x' }]), 'not-applicable', 'testing value /metadata/missing failed: test failed');
});

test('array indices are read as strconv.Atoi reads them', () => {
  assert.deepEqual(applyJsonPatch({ l: [1, 2] }, [{ op: 'replace', path: '/l/01', value: 9 }], { dialect: 'kubectl' }), { l: [1, 9] });
  fails(as('apiserver', [{ op: 'remove', path: '/spec/list/-1' }]), 'not-applicable', 'remove operation does not apply: doc is missing path: "/spec/list/-1": invalid index');
});

test('a body that is not a list of operations is malformed; too many operations too large', () => {
  fails(as('apiserver', { op: 'add', path: '/a', value: 1 }), 'malformed', 'json: cannot unmarshal object into Go value of type jsonpatch.Patch');
  fails(as('apiserver', ['add']), 'malformed', 'json: cannot unmarshal string into Go value of type jsonpatch.Operation');
  const ops = Array.from({ length: MAX_JSON_PATCH_OPERATIONS + 1 }, () => ({ op: 'test', path: '/spec/replicas', value: 2 }));
  fails(() => applyJsonPatch(doc, ops, SERVER), 'too-large', 'The allowed maximum operations in a JSON patch is 10000, got 10001');
  assert.deepEqual(applyJsonPatch(doc, ops, { dialect: 'kubectl' }), doc, 'unbounded without maxOperations');
});

test('the API server\'s wording', () => {
  fails(as('apiserver', [{ op: 'remove', path: '/metadata/missing' }]), 'not-applicable', 'remove operation does not apply: doc is missing path: "/metadata/missing": missing value');
  fails(as('apiserver', [{ op: 'replace', path: '/spec/missing', value: 1 }]), 'not-applicable', 'replace operation does not apply: doc is missing key: /spec/missing: missing value');
  fails(as('apiserver', [{ op: 'replace', path: '/spec/list/9', value: 1 }]), 'not-applicable', 'replace operation does not apply: doc is missing key: /spec/list/9: missing value');
  fails(as('apiserver', [{ op: 'add', path: '/nope/deeper', value: 1 }]), 'not-applicable', 'add operation does not apply: doc is missing path: "/nope/deeper": missing value');
  fails(as('apiserver', [{ op: 'add', path: '/spec/list/9', value: 1 }]), 'not-applicable', 'add operation does not apply: doc is missing path: "/spec/list/9": invalid index');
  fails(as('apiserver', [{ op: 'move', from: '/nope', path: '/x' }]), 'not-applicable', 'move operation does not apply: doc is missing from path: "/nope": missing value');
  fails(as('apiserver', [{ op: 'frobnicate', path: '/x' }]), 'not-applicable', 'Unexpected kind: frobnicate');
  fails(as('apiserver', [{ op: 'add', path: '/x' }]), 'not-applicable', 'add operation does not apply: missing value');
});

test('kubectl\'s wording (patch --local, run --overrides): the path is looked for before the kind', () => {
  fails(as('kubectl', [{ op: 'replace', path: '/l/5', value: 1 }], { l: [1] }), 'not-applicable', 'Unable to access invalid index: 5: invalid index referenced (/l/5)');
  fails(as('kubectl', [{ op: 'add', path: '/x' }], {}), 'not-applicable', 'add operation 0: missing value');
  fails(as('kubectl', [{ op: 'bogus' }], {}), 'not-applicable', 'operation 0: missing path');
  fails(as('kubectl', [{ op: 'remove', path: '/metadata/nope' }]), 'not-applicable', 'Unable to remove nonexistent key: nope: missing value');
  fails(as('kubectl', [1]), 'not-applicable', 'operation 0: not a JSON object');
});

test('kustomize\'s wording (evanphx v4)', () => {
  const target = { metadata: { name: 'x' }, list: [1] };
  fails(as('kustomize', [{ op: 'remove', path: '/metadata/nope' }], target), 'not-applicable', 'remove operation does not apply: doc is missing path: "/metadata/nope": missing value');
  fails(as('kustomize', [{ op: 'replace', path: '/list/5', value: 1 }], target), 'not-applicable', 'replace operation does not apply: doc is missing path: "/list/5": invalid index');
  fails(as('kustomize', [{ op: 'replace', path: '/nope/x', value: 1 }], target), 'not-applicable', 'replace operation does not apply: doc is missing path: "/nope/x": missing value');
  fails(as('kustomize', [{ op: 'copy', path: '/x' }], target), 'not-applicable', 'copy operation does not apply: missing from');
  fails(as('kustomize', [{ op: 'bogus' }], target), 'not-applicable', 'Unexpected kind: bogus');
});

test('copy doubling a subtree stops at the value budget, quickly and before memory runs out', () => {
  const ops: unknown[] = [{ op: 'add', path: '/a', value: [1, 2, 3, 4, 5, 6, 7, 8] }];
  for (let i = 0; i < 60; i++) ops.push({ op: 'copy', from: '/a', path: '/a/-' });
  const started = Date.now();
  fails(() => applyJsonPatch({}, ops, { dialect: 'kubectl', maxValues: 5_000_000 }), 'not-applicable', /a JSON patch made the object larger than 5000000 values/);
  assert.ok(Date.now() - started < 10_000, 'bounded work');
  fails(() => applyJsonPatch({}, [{ op: 'add', path: '/a', value: [1, 2, 3] }], { dialect: 'kubectl', maxValues: 3 }), 'not-applicable', /larger than 3 values/);
  assert.deepEqual(applyJsonPatch({}, [{ op: 'add', path: '/a', value: [1, 2] }], { dialect: 'kubectl', maxValues: 4 }), { a: [1, 2] });
});

test('copies are bounded in bytes as on the API server; the body is not changed by applying it', () => {
  const big = { data: { x: 'y'.repeat(1024 * 1024) } };
  const ops = Array.from({ length: 4 }, (_, i) => ({ op: 'copy', from: '/data/x', path: `/data/c${i}` }));
  fails(() => applyJsonPatch(big, ops, SERVER), 'not-applicable', new RegExp(`accumulated size increase of copy is \\d+, exceeding the limit ${MAX_COPY_BYTES}`));
  const body = [{ op: 'add', path: '/o', value: {} }, { op: 'add', path: '/o/k', value: 1 }];
  const first = applyJsonPatch({}, body, SERVER);
  assert.deepEqual(first, { o: { k: 1 } });
  assert.deepEqual(applyJsonPatch({}, body, SERVER), first);
  assert.deepEqual(body[0]?.value, {}, 'the operation value was copied, not changed');
});

test('paths walk own members only; prototype keys are added, replaced, tested and removed', () => {
  const KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];
  const start = JSON.parse('{"data":{"a":"1"}}') as unknown;
  const added = applyJsonPatch(start, KEYS.map((k) => ({ op: 'add', path: `/data/${k}`, value: 'v' })), SERVER) as { data: Record<string, unknown> };
  assert.deepEqual(added.data, { a: '1', ...Object.fromEntries(KEYS.map((k) => [k, 'v'])) });
  assert.equal(Object.getPrototypeOf(added.data), Object.prototype);
  for (const path of ['/data/constructor/name', '/__proto__/polluted', '/data/toString/x', '/constructor/prototype/polluted']) {
    fails(as('apiserver', [{ op: 'add', path, value: 1 }], start), 'not-applicable');
  }
  fails(as('kubectl', [{ op: 'replace', path: '/data/constructor', value: 1 }], start), 'not-applicable', /doc is missing key: \/data\/constructor/);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});
