/**
 * kustomize's JSON 6902 patches go through machinery's JSON patch engine in evanphx v4's wording,
 * with `__proto__` and `constructor` as plain keys, and fail with a KustomizeError.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyJsonPatch as applyKustomizePatch } from '../../../../src/sdk/kustomize/transform/json-patch.js';
import { KustomizeError } from '../../../../src/sdk/kustomize/errors.js';

test('kustomize patches: evanphx v4 wording, KustomizeError, prototype keys as keys', () => {
  const target = { metadata: { name: 'x', labels: { a: '1' } }, list: [1] };
  const ops = JSON.parse('[{"op": "add", "path": "/metadata/labels/__proto__", "value": "p"}, {"op": "add", "path": "/metadata/constructor", "value": "c"}]') as never[];
  const out = applyKustomizePatch(target, ops);
  assert.equal(JSON.stringify(out), '{"metadata":{"name":"x","labels":{"a":"1","__proto__":"p"},"constructor":"c"},"list":[1]}');
  assert.equal(Object.getPrototypeOf(out.metadata), Object.prototype);
  const fails = (patch: unknown[], message: string): void => {
    assert.throws(() => applyKustomizePatch(target, patch as never[]), (err: unknown) => err instanceof KustomizeError && err.message === message, message);
  };
  fails([{ op: 'remove', path: '/metadata/nope' }], 'remove operation does not apply: doc is missing path: "/metadata/nope": missing value');
  fails([{ op: 'replace', path: '/list/5', value: 1 }], 'replace operation does not apply: doc is missing path: "/list/5": invalid index');
  fails([{ op: 'add', path: '/x' }], 'add operation does not apply: missing value');
  fails([{ op: 'copy', path: '/x' }], 'copy operation does not apply: missing from');
  fails([{ op: 'bogus', path: '/x' }], 'Unexpected kind: bogus');
  fails([{ op: 'test', path: '/metadata/name', value: 'y' }], 'testing value /metadata/name failed: test failed');
  fails([{ op: 'replace', path: '/metadata/missing', value: 1 }], 'replace operation does not apply: doc is missing key: /metadata/missing: missing value');
});
