/**
 * The client's JSON patch engine (sdk/apply/json-patch.ts): a patch cannot grow a document without
 * bound, and kustomize's JSON 6902 patches go through the same engine in evanphx v4's wording,
 * with `__proto__` and `constructor` as plain keys.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyJsonPatch } from '../../../../src/sdk/apply/json-patch.js';
import { InputError } from '../../../../src/sdk/errors.js';
import { applyJsonPatch as applyKustomizePatch } from '../../../../src/sdk/kustomize/transform/json-patch.js';
import { KustomizeError } from '../../../../src/sdk/kustomize/errors.js';

test('copy doubling a subtree stops at the value budget, quickly and before memory runs out', () => {
  const ops: unknown[] = [{ op: 'add', path: '/a', value: [1, 2, 3, 4, 5, 6, 7, 8] }];
  for (let i = 0; i < 60; i++) ops.push({ op: 'copy', from: '/a', path: '/a/-' });
  const started = Date.now();
  assert.throws(() => applyJsonPatch({}, ops), (err: unknown) => err instanceof InputError && /a JSON patch made the object larger than 5000000 values/.test(err.message));
  assert.ok(Date.now() - started < 10_000, 'bounded work');
  assert.throws(() => applyJsonPatch({}, [{ op: 'add', path: '/a', value: [1, 2, 3] }], { maxValues: 3 }), /larger than 3 values/);
  assert.deepEqual(applyJsonPatch({}, [{ op: 'add', path: '/a', value: [1, 2] }], { maxValues: 4 }), { a: [1, 2] });
});

test('kustomize patches: evanphx v4 wording, KustomizeError, prototype keys as keys', () => {
  const doc = { metadata: { name: 'x', labels: { a: '1' } }, list: [1] };
  const ops = JSON.parse('[{"op": "add", "path": "/metadata/labels/__proto__", "value": "p"}, {"op": "add", "path": "/metadata/constructor", "value": "c"}]') as never[];
  const out = applyKustomizePatch(doc, ops);
  assert.equal(JSON.stringify(out), '{"metadata":{"name":"x","labels":{"a":"1","__proto__":"p"},"constructor":"c"},"list":[1]}');
  assert.equal(Object.getPrototypeOf(out.metadata), Object.prototype);
  const fails = (patch: unknown[], message: string): void => {
    assert.throws(() => applyKustomizePatch(doc, patch as never[]), (err: unknown) => err instanceof KustomizeError && err.message === message, message);
  };
  fails([{ op: 'remove', path: '/metadata/nope' }], 'remove operation does not apply: doc is missing path: "/metadata/nope": missing value');
  fails([{ op: 'replace', path: '/list/5', value: 1 }], 'replace operation does not apply: doc is missing path: "/list/5": invalid index');
  fails([{ op: 'add', path: '/x' }], 'add operation does not apply: missing value');
  fails([{ op: 'copy', path: '/x' }], 'copy operation does not apply: missing from');
  fails([{ op: 'bogus', path: '/x' }], 'Unexpected kind: bogus');
  fails([{ op: 'test', path: '/metadata/name', value: 'y' }], 'testing value /metadata/name failed: test failed');
  fails([{ op: 'replace', path: '/metadata/missing', value: 1 }], 'replace operation does not apply: doc is missing key: /metadata/missing: missing value');
});

test('patch --local keeps kubectl\'s wording', () => {
  assert.throws(() => applyJsonPatch({ list: [1] }, [{ op: 'replace', path: '/list/5', value: 1 }]), /Unable to access invalid index: 5: invalid index referenced \(\/list\/5\)/);
  assert.throws(() => applyJsonPatch({}, [{ op: 'add', path: '/x' }]), /add operation 0: missing value/);
  assert.throws(() => applyJsonPatch({}, [{ op: 'bogus' }]), /operation 0: missing path/);
});
