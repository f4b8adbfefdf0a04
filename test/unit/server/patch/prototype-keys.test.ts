import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonObject, JsonValue } from '../../../../src/sdk/types/meta.js';
import { builtinSchema } from '../../../../src/sdk/types/schema/index.js';
import { MAX_COPY_BYTES, PatchError, applyJsonPatch, applyMergePatch, applyStrategicMergePatch } from '../../../../src/server/patch/index.js';

const KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];

/** `{"<key>": value, ...}` for every key, parsed (JSON.parse makes own "__proto__" members). */
function withKeys(value: string): JsonObject {
  return JSON.parse(`{${KEYS.map((k) => `"${k}":${JSON.stringify(value)}`).join(',')}}`) as JsonObject;
}

function assertClean(): void {
  assert.deepEqual(Object.keys(Object.prototype), []);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.equal(Object.isFrozen(Object.prototype), false);
}

test('merge patch: prototype keys are merged, replaced and deleted as plain keys', () => {
  const target = JSON.parse('{"data":{"a":"1"}}') as JsonValue;
  const polluting = applyMergePatch(target, JSON.parse('{"__proto__":{"polluted":"yes"}}') as JsonValue) as JsonObject;
  assert.deepEqual(Object.keys(polluting), ['data', '__proto__']);
  assert.equal(Object.getPrototypeOf(polluting), Object.prototype);
  assertClean();
  const merged = applyMergePatch(polluting, { data: withKeys('m') }) as JsonObject;
  assert.deepEqual(merged.data, { a: '1', ...Object.fromEntries(KEYS.map((k) => [k, 'm'])) });
  // A nested merge into an existing "__proto__" member merges into that member, not into Object.prototype.
  const nested = applyMergePatch(merged, JSON.parse('{"__proto__":{"more":"x"}}') as JsonValue) as JsonObject;
  assert.deepEqual(Object.getOwnPropertyDescriptor(nested, '__proto__')?.value, { polluted: 'yes', more: 'x' });
  const removed = applyMergePatch(nested, JSON.parse('{"__proto__":null,"data":{"constructor":null}}') as JsonValue) as JsonObject;
  assert.equal(Object.hasOwn(removed, '__proto__'), false);
  assert.equal(Object.hasOwn(removed.data as JsonObject, 'constructor'), false);
  assertClean();
});

test('strategic merge patch: prototype keys in maps and as list merge keys', () => {
  const deployment = {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', labels: { constructor: 'a' } },
    spec: { template: { spec: { containers: [{ name: 'constructor', image: 'a', env: [{ name: '__proto__', value: '1' }] }, { name: 'prototype', image: 'b' }] } } },
  };
  const schema = builtinSchema('apps', 'v1', 'Deployment');
  assert.ok(schema !== undefined);
  const patch = JSON.parse('{"metadata":{"labels":{"toString":"t","constructor":null},"annotations":{"__proto__":"p"}},"spec":{"template":{"spec":{"containers":[{"name":"constructor","env":[{"name":"__proto__","value":"2"},{"name":"valueOf","value":"3"}]}]}}}}') as JsonObject;
  const out = applyStrategicMergePatch(deployment as unknown as JsonObject, patch, schema) as unknown as typeof deployment & { metadata: { annotations: JsonObject } };
  assert.deepEqual(out.metadata.labels, { toString: 't' });
  assert.deepEqual(Object.keys(out.metadata.annotations), ['__proto__']);
  const containers = out.spec.template.spec.containers;
  assert.deepEqual(containers.map((c) => c.name), ['constructor', 'prototype']);
  assert.deepEqual(containers[0]?.env, [{ name: '__proto__', value: '2' }, { name: 'valueOf', value: '3' }]);
  assertClean();
});

test('JSON patch: paths walk own members only; prototype keys are added, replaced, tested and removed', () => {
  const doc = JSON.parse('{"data":{"a":"1"}}') as JsonValue;
  const added = applyJsonPatch(doc, KEYS.map((k) => ({ op: 'add', path: `/data/${k}`, value: 'v' }))) as JsonObject;
  assert.deepEqual(added.data, { a: '1', ...Object.fromEntries(KEYS.map((k) => [k, 'v'])) });
  assert.equal(Object.getPrototypeOf(added.data), Object.prototype);
  const replaced = applyJsonPatch(added, [
    { op: 'test', path: '/data/__proto__', value: 'v' },
    { op: 'replace', path: '/data/__proto__', value: { nested: true } },
    { op: 'add', path: '/data/__proto__/polluted', value: 'no' },
    { op: 'move', from: '/data/constructor', path: '/data/prototype' },
    { op: 'remove', path: '/data/toString' },
  ]) as JsonObject;
  assert.deepEqual(Object.getOwnPropertyDescriptor(replaced.data, '__proto__')?.value, { nested: true, polluted: 'no' });
  assert.equal(Object.hasOwn(replaced.data as JsonObject, 'constructor'), false);
  assert.equal((replaced.data as JsonObject).prototype, 'v');
  // Keys the document lacks are missing, whatever Object.prototype has under that name.
  for (const path of ['/data/constructor/name', '/__proto__/polluted', '/data/toString/x', '/constructor/prototype/polluted']) {
    assert.throws(() => applyJsonPatch(doc, [{ op: 'add', path, value: 1 }]), (e: unknown) => e instanceof PatchError && e.statusCode === 422, path);
  }
  assert.throws(() => applyJsonPatch(doc, [{ op: 'replace', path: '/data/constructor', value: 1 }]), (e: unknown) => e instanceof PatchError && /doc is missing key/.test(e.detail ?? ''));
  assert.throws(() => applyJsonPatch(doc, [{ op: 'remove', path: '/data/valueOf' }]), PatchError);
  // test of a missing member passes only for null, as evanphx/json-patch does.
  assert.deepEqual(applyJsonPatch(doc, [{ op: 'test', path: '/data/constructor', value: null }]), doc);
  assertClean();
});

test('JSON patch: copies are bounded as on the API server; the body is not changed by applying it', () => {
  const big = { data: { x: 'y'.repeat(1024 * 1024) } };
  const ops = Array.from({ length: 4 }, (_, i) => ({ op: 'copy', from: '/data/x', path: `/data/c${i}` }));
  assert.throws(() => applyJsonPatch(big, ops), (e: unknown) => {
    assert.ok(e instanceof PatchError);
    assert.equal(e.statusCode, 422);
    assert.match(e.detail ?? '', new RegExp(`accumulated size increase of copy is \\d+, exceeding the limit ${MAX_COPY_BYTES}`));
    return true;
  });
  const body = [{ op: 'add', path: '/o', value: {} }, { op: 'add', path: '/o/k', value: 1 }];
  const first = applyJsonPatch({}, body);
  const second = applyJsonPatch({}, body);
  assert.deepEqual(first, { o: { k: 1 } });
  assert.deepEqual(second, first);
  assert.deepEqual(body[0]?.value, {}, 'the operation value was copied, not changed');
});
