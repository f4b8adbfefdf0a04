// Strategic merge patch (machinery/patch/strategic) applied as the API server applies it: cases
// most of them rewritten from apimachinery's strategicpatch tests (the MergeItem type and its YAML
// cases), plus cases on the built-in Pod schema. The types come in through sdk/types/patch-schema.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonObject } from '../../../../src/machinery/json-numbers.js';
import { PatchFailure, type PatchFailureKind } from '../../../../src/machinery/patch/errors.js';
import { applyStrategicMergePatch as applyPatch } from '../../../../src/machinery/patch/strategic/index.js';
import { patchSchemaOf } from '../../../../src/machinery/patch/strategic/type-schema.js';
import type { StructSchema, TypeSchema } from '../../../../src/sdk/types/schema/index.js';
import { SCALAR_SCHEMA, builtinSchema } from '../../../../src/sdk/types/schema/index.js';

function applyStrategicMergePatch(target: JsonObject, patch: JsonObject, schema: TypeSchema): JsonObject {
  return applyPatch(target, patch, patchSchemaOf(schema));
}

/** apimachinery's test type MergeItem, as a TypeSchema (it is recursive). */
function mergeItemSchema(): StructSchema {
  const item: StructSchema = { kind: 'struct', fields: {} };
  const mergingList: TypeSchema = { kind: 'list', items: item, listType: 'map', listMapKeys: ['name'], patchStrategy: 'merge', patchMergeKey: 'name' };
  const mergingIntList: TypeSchema = { kind: 'list', items: SCALAR_SCHEMA, listType: 'set', patchStrategy: 'merge' };
  item.fields = {
    name: SCALAR_SCHEMA,
    value: SCALAR_SCHEMA,
    other: SCALAR_SCHEMA,
    mergingList,
    nonMergingList: { kind: 'list', items: item, listType: 'atomic' },
    mergingIntList,
    nonMergingIntList: { kind: 'list', items: SCALAR_SCHEMA, listType: 'atomic' },
    mergeItemPtr: { kind: 'list', items: item, listType: 'map', listMapKeys: ['name'], patchStrategy: 'merge', patchMergeKey: 'name' },
    simpleMap: { kind: 'map', values: SCALAR_SCHEMA },
    replacingItem: { kind: 'struct', fields: {}, open: true, patchStrategy: 'replace' },
    retainKeysMap: {
      kind: 'struct',
      patchStrategy: 'retainKeys',
      fields: { name: SCALAR_SCHEMA, value: SCALAR_SCHEMA, other: SCALAR_SCHEMA, simpleMap: { kind: 'map', values: SCALAR_SCHEMA }, mergingIntList, mergingList, nonMergingList: { kind: 'list', items: item, listType: 'atomic' } },
    },
    retainKeysMergingList: { kind: 'list', items: item, listType: 'map', listMapKeys: ['name'], patchStrategy: 'merge,retainKeys', patchMergeKey: 'name' },
  };
  return item;
}

const MERGE_ITEM = mergeItemSchema();

interface Case {
  name: string;
  original: unknown;
  patch: unknown;
  result?: unknown;
  error?: RegExp;
  kind?: PatchFailureKind;
}

const CASES: Case[] = [
  // customStrategicMergePatchTestCaseData
  { name: 'unique scalars when merging lists', original: { mergingIntList: [1, 2] }, patch: { mergingIntList: [2, 3] }, result: { mergingIntList: [1, 2, 3] } },
  { name: 'delete map from nested map', original: { simpleMap: { key1: 1, key2: 1 } }, patch: { simpleMap: { $patch: 'delete' } }, result: { simpleMap: {} } },
  { name: 'delete all items from merging list', original: { mergingList: [{ name: 1 }, { name: 2 }] }, patch: { mergingList: [{ $patch: 'replace' }] }, result: { mergingList: [] } },
  { name: 'merge empty merging lists', original: { mergingList: [] }, patch: { mergingList: [] }, result: { mergingList: [] } },
  { name: 'delete all keys from map', original: { name: 1, value: 1 }, patch: { $patch: 'replace' }, result: {} },
  { name: 'add key and delete all keys from map', original: { name: 1, value: 1 }, patch: { other: 'a', $patch: 'replace' }, result: { other: 'a' } },
  {
    name: 'delete all duplicate entries in a merging list',
    original: { mergingList: [{ name: 1 }, { name: 1 }, { name: 2, value: 'a' }, { name: 3 }, { name: 3 }] },
    patch: { mergingList: [{ name: 1, $patch: 'delete' }, { name: 3, $patch: 'delete' }] },
    result: { mergingList: [{ name: 2, value: 'a' }] },
  },
  { name: 'retainKeys map can add a field when no retainKeys directive present', original: { retainKeysMap: { name: 'foo' } }, patch: { retainKeysMap: { value: 'bar' } }, result: { retainKeysMap: { name: 'foo', value: 'bar' } } },
  { name: 'retainKeys map can change a field when no retainKeys directive present', original: { retainKeysMap: { name: 'foo', value: 'a' } }, patch: { retainKeysMap: { value: 'b' } }, result: { retainKeysMap: { name: 'foo', value: 'b' } } },
  { name: 'retainKeys map can delete a field when no retainKeys directive present', original: { retainKeysMap: { name: 'foo', value: 'a' } }, patch: { retainKeysMap: { value: null } }, result: { retainKeysMap: { name: 'foo' } } },
  { name: 'retainKeys map merge an empty map', original: { retainKeysMap: { name: 'foo', value: 'a' } }, patch: { retainKeysMap: {} }, result: { retainKeysMap: { name: 'foo', value: 'a' } } },
  {
    name: 'retainKeys list can add a field when no retainKeys directive present',
    original: { retainKeysMergingList: [{ name: 'bar' }, { name: 'foo' }] },
    patch: { retainKeysMergingList: [{ name: 'foo', value: 'a' }] },
    result: { retainKeysMergingList: [{ name: 'bar' }, { name: 'foo', value: 'a' }] },
  },
  {
    name: 'retainKeys list can delete a field when no retainKeys directive present',
    original: { retainKeysMergingList: [{ name: 'bar' }, { name: 'foo', value: 'a' }] },
    patch: { retainKeysMergingList: [{ name: 'foo', value: null }] },
    result: { retainKeysMergingList: [{ name: 'bar' }, { name: 'foo' }] },
  },
  {
    name: 'preserve the order from the patch in a merging list',
    original: { mergingList: [{ name: 1 }, { name: 2, value: 'b' }, { name: 3 }] },
    patch: { mergingList: [{ name: 3, value: 'c' }, { name: 1, value: 'a' }, { name: 2, other: 'x' }] },
    result: { mergingList: [{ name: 3, value: 'c' }, { name: 1, value: 'a' }, { name: 2, value: 'b', other: 'x' }] },
  },
  {
    name: 'preserve the order from the patch in a merging list 2',
    original: { mergingList: [{ name: 1 }, { name: 2, value: 'b' }, { name: 3 }] },
    patch: { mergingList: [{ name: 3, value: 'c' }, { name: 1, value: 'a' }] },
    result: { mergingList: [{ name: 2, value: 'b' }, { name: 3, value: 'c' }, { name: 1, value: 'a' }] },
  },
  { name: 'preserve the order from the patch in a merging int list', original: { mergingIntList: [1, 2, 3] }, patch: { mergingIntList: [3, 1, 2] }, result: { mergingIntList: [3, 1, 2] } },
  { name: 'preserve the order from the patch in a merging int list 2', original: { mergingIntList: [1, 2, 3] }, patch: { mergingIntList: [3, 1] }, result: { mergingIntList: [2, 3, 1] } },
  // customStrategicMergePatchRawTestCases
  {
    name: '$setElementOrder contains an item that is not in the list to be merged',
    original: { mergingList: [{ name: 1 }, { name: 3 }] },
    patch: { '$setElementOrder/mergingList': [{ name: 3 }, { name: 2 }, { name: 1 }], mergingList: [{ name: 3, value: 3 }, { name: 1, value: 1 }] },
    result: { mergingList: [{ name: 3, value: 3 }, { name: 1, value: 1 }] },
  },
  { name: '$setElementOrder of an int list with an item not in it', original: { mergingIntList: [1, 3] }, patch: { '$setElementOrder/mergingIntList': [3, 2, 1] }, result: { mergingIntList: [3, 1] } },
  {
    name: 'the order in $setElementOrder and in the patch list must match',
    original: { mergingList: [{ name: 1 }, { name: 3 }, { name: 2 }] },
    patch: { '$setElementOrder/mergingList': [{ name: 1 }, { name: 2 }, { name: 3 }], mergingList: [{ name: 3, value: 3 }, { name: 1, value: 1 }] },
    error: /doesn't match/,
  },
  { name: 'the order of an int list must match too', original: { mergingIntList: [1, 3, 2] }, patch: { '$setElementOrder/mergingIntList': [1, 2, 3], mergingIntList: [3, 1] }, error: /doesn't match/ },
  { name: 'a missing merge key is an error', original: { mergingList: [{ name: 1, value: 'a' }] }, patch: { mergingList: [{ value: 'b' }] }, error: /does not contain declared merge key: name/, kind: 'internal' },
  { name: '$deleteFromPrimitiveList of an item that is not there', original: { mergingIntList: [1, 2] }, patch: { '$deleteFromPrimitiveList/mergingIntList': [3] }, result: { mergingIntList: [1, 2] } },
  { name: '$deleteFromPrimitiveList on a null list', original: { mergingIntList: null }, patch: { '$deleteFromPrimitiveList/mergingIntList': [3] }, result: { mergingIntList: null } },
  { name: '$deleteFromPrimitiveList does not create the list', original: { foo: ['bar'] }, patch: { '$deleteFromPrimitiveList/mergingIntList': [3] }, result: { foo: ['bar'] } },
  { name: '$deleteFromPrimitiveList on a merged list', original: { mergingIntList: [1, 2, 3] }, patch: { '$deleteFromPrimitiveList/mergingIntList': [2] }, result: { mergingIntList: [1, 3] } },
  { name: '$deleteFromPrimitiveList on a replaced list', original: { nonMergingIntList: [1, 2, 3] }, patch: { '$deleteFromPrimitiveList/nonMergingIntList': [2] }, result: { nonMergingIntList: [1, 3] } },
  // createStrategicMergePatchTestCaseData (patches applied to the current object)
  { name: 'add field to map', original: { name: 1, other: 'a' }, patch: { value: 1 }, result: { name: 1, value: 1, other: 'a' } },
  { name: 'add field and delete field from map', original: { name: 1, other: 'a' }, patch: { name: null, value: 1 }, result: { value: 1, other: 'a' } },
  { name: 'delete field from nested map', original: { simpleMap: { key1: 1, key2: 1, other: 'a' } }, patch: { simpleMap: { key2: null } }, result: { simpleMap: { key1: 1, other: 'a' } } },
  { name: 'replace list of scalars', original: { nonMergingIntList: [1, 4] }, patch: { nonMergingIntList: [2, 3] }, result: { nonMergingIntList: [2, 3] } },
  {
    name: 'delete all maps from merging list',
    original: { mergingList: [{ name: 1, other: 'a' }, { name: 2, other: 'b' }] },
    patch: { mergingList: [{ name: 1, $patch: 'delete' }, { name: 2, $patch: 'delete' }] },
    result: { mergingList: [] },
  },
  { name: 'delete all maps from an empty merging list', original: { mergingList: [] }, patch: { mergingList: [{ name: 1, $patch: 'delete' }] }, result: { mergingList: [] } },
  { name: 'null values of new fields are dropped', original: { name: 'a', other: 'a' }, patch: { name: 1, value: 1, other: null }, result: { name: 1, value: 1 } },
  {
    name: 'nested patch merge with empty list',
    original: { name: 'hi' },
    patch: { mergingList: [{ name: 'hello' }, { $patch: 'delete', name: 'doesntexist' }] },
    result: { name: 'hi', mergingList: [{ name: 'hello' }] },
  },
  {
    name: 'nested patch merge with a list and $setElementOrder',
    original: { name: 'hi', mergingList: [{ name: 'hello2' }] },
    patch: { '$setElementOrder/mergingList': [{ name: 'hello' }, { name: 'doesntexist' }], mergingList: [{ name: 'hello' }, { $patch: 'delete', name: 'doesntexist' }] },
    result: { name: 'hi', mergingList: [{ name: 'hello' }, { name: 'hello2' }] },
  },
  {
    name: 'delete items in lists of scalars',
    original: { mergingIntList: [1, 2, 3, 4] },
    patch: { '$setElementOrder/mergingIntList': [1, 2], '$deleteFromPrimitiveList/mergingIntList': [3] },
    result: { mergingIntList: [1, 2, 4] },
  },
  {
    name: 'delete all duplicate items in lists of scalars',
    original: { mergingIntList: [1, 2, 3, 3, 4] },
    patch: { '$setElementOrder/mergingIntList': [1, 2], '$deleteFromPrimitiveList/mergingIntList': [3] },
    result: { mergingIntList: [1, 2, 4] },
  },
  {
    name: 'add and delete items in lists of scalars',
    original: { mergingIntList: [1, 2, 3, 4] },
    patch: { '$setElementOrder/mergingIntList': [1, 2, 4], '$deleteFromPrimitiveList/mergingIntList': [3], mergingIntList: [4] },
    result: { mergingIntList: [1, 2, 4] },
  },
  {
    name: 'merge lists of maps',
    original: { mergingList: [{ name: 1, other: 'a' }, { name: 2, value: 2, other: 'b' }] },
    patch: { '$setElementOrder/mergingList': [{ name: 4 }, { name: 1 }, { name: 2 }, { name: 3 }], mergingList: [{ name: 4, value: 4 }, { name: 3, value: 3 }] },
    result: { mergingList: [{ name: 4, value: 4 }, { name: 1, other: 'a' }, { name: 2, value: 2, other: 'b' }, { name: 3, value: 3 }] },
  },
  // Behaviour of the apply half not covered above.
  { name: 'items new to a merged list come first without $setElementOrder', original: { mergingList: [{ name: 'a' }, { name: 'b' }] }, patch: { mergingList: [{ name: 'c' }] }, result: { mergingList: [{ name: 'c' }, { name: 'a' }, { name: 'b' }] } },
  {
    name: '$retainKeys clears the keys it does not list',
    original: { retainKeysMap: { name: 'foo', value: 'a', other: 'b' } },
    patch: { retainKeysMap: { $retainKeys: ['name', 'value'], value: 'c' } },
    result: { retainKeysMap: { name: 'foo', value: 'c' } },
  },
  { name: '$retainKeys must list every key the patch sets', original: { retainKeysMap: { name: 'foo' } }, patch: { retainKeysMap: { $retainKeys: ['name'], value: 'c' } }, error: /invalid patch format of retainKeys/, kind: 'malformed' },
  { name: '$retainKeys must be a list', original: { retainKeysMap: { name: 'foo' } }, patch: { retainKeysMap: { $retainKeys: 'name' } }, error: /invalid patch format of retainKeys/, kind: 'malformed' },
  {
    name: '$retainKeys inside items of a merge,retainKeys list',
    original: { retainKeysMergingList: [{ name: 'a', value: '1', other: '2' }] },
    patch: { retainKeysMergingList: [{ name: 'a', $retainKeys: ['name', 'other'], other: '3' }] },
    result: { retainKeysMergingList: [{ name: 'a', other: '3' }] },
  },
  { name: 'patchStrategy replace replaces a map', original: { replacingItem: { a: 1, b: 2 } }, patch: { replacingItem: { c: 3 } }, result: { replacingItem: { c: 3 } } },
  { name: '$patch: merge in a list is not supported', original: { mergingList: [{ name: 1 }] }, patch: { mergingList: [{ name: 1, $patch: 'merge' }] }, error: /merging lists cannot yet be specified in the patch/ },
  { name: 'an unknown $patch value is a bad request', original: { simpleMap: { a: '1' } }, patch: { simpleMap: { $patch: 'explode' } }, error: /unknown patch type: explode in map/, kind: 'malformed' },
  { name: 'lists of lists are refused', original: { mergingIntList: [[1]] }, patch: { mergingIntList: [[2]] }, error: /lists of lists are not supported/, kind: 'not-applicable' },
  { name: 'a bad $deleteFromPrimitiveList key is a bad request', original: {}, patch: { $deleteFromPrimitiveList: [1] }, error: /invalid patch format of primitive list/, kind: 'malformed' },
  { name: 'a value of another type replaces', original: { name: { a: 1 } }, patch: { name: 'x' }, result: { name: 'x' } },
  { name: 'nulls inside a new map are dropped', original: {}, patch: { simpleMap: { a: null, b: '1' } }, result: { simpleMap: { b: '1' } } },
  { name: 'a new list keeps its items but not the deletions', original: {}, patch: { mergingList: [{ name: 'x', $patch: 'delete' }, { name: 'y' }] }, result: { mergingList: [{ name: 'y' }] } },
  { name: 'merged nested lists', original: { mergingList: [{ name: 1, mergingList: [{ name: 'a' }] }] }, patch: { mergingList: [{ name: 1, mergingList: [{ name: 'b' }] }] }, result: { mergingList: [{ name: 1, mergingList: [{ name: 'b' }, { name: 'a' }] }] } },
  { name: 'nested lists in a replaced list are not merged', original: { nonMergingList: [{ name: 1, mergingList: [{ name: 'a' }] }] }, patch: { nonMergingList: [{ name: 1, mergingList: [{ name: 'b' }] }] }, result: { nonMergingList: [{ name: 1, mergingList: [{ name: 'b' }] }] } },
];

for (const c of CASES) {
  test(`strategic merge patch: ${c.name}`, () => {
    const original = structuredClone(c.original) as JsonObject;
    const patch = structuredClone(c.patch) as JsonObject;
    if (c.error !== undefined) {
      assert.throws(() => applyStrategicMergePatch(original, patch, MERGE_ITEM), (error: unknown) => {
        assert.ok(error instanceof PatchFailure, String(error));
        assert.match(error.message, c.error as RegExp);
        if (c.kind !== undefined) assert.equal(error.kind, c.kind);
        return true;
      });
      return;
    }
    assert.deepEqual(applyStrategicMergePatch(original, patch, MERGE_ITEM), c.result);
    assert.deepEqual(original, c.original, 'the original is not modified');
    assert.deepEqual(patch, c.patch, 'the patch is not modified');
  });
}

const POD = builtinSchema('', 'v1', 'Pod')!;
const pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p', labels: { app: 'x' }, finalizers: ['a'] },
  spec: {
    containers: [
      { name: 'app', image: 'app:1', env: [{ name: 'A', value: '1' }], ports: [{ containerPort: 80 }, { containerPort: 81, protocol: 'UDP' }] },
      { name: 'side', image: 'side:1', args: ['x', 'y'] },
    ],
    tolerations: [{ key: 'k', operator: 'Exists' }],
    volumes: [{ name: 'v', configMap: { name: 'cm' } }],
  },
};

test('built-in Pod: containers merge by name, env by name, ports by containerPort', () => {
  const out = applyStrategicMergePatch(pod, {
    spec: { containers: [{ name: 'app', image: 'app:2', env: [{ name: 'B', value: '2' }], ports: [{ containerPort: 81, name: 'dns' }] }] },
  }, POD) as typeof pod;
  assert.deepEqual(out.spec.containers[0], {
    name: 'app',
    image: 'app:2',
    env: [{ name: 'B', value: '2' }, { name: 'A', value: '1' }],
    // An existing item keeps its place; a new one (env B) goes first.
    ports: [{ containerPort: 80 }, { containerPort: 81, protocol: 'UDP', name: 'dns' }],
  });
  assert.deepEqual(out.spec.containers[1], pod.spec.containers[1]);
});

test('built-in Pod: $patch delete of a container, args and tolerations replaced', () => {
  const out = applyStrategicMergePatch(pod, {
    spec: { containers: [{ name: 'side', $patch: 'delete' }, { name: 'app', args: ['z'] }], tolerations: [{ key: 'other', operator: 'Exists' }] },
  }, POD) as typeof pod;
  assert.deepEqual(out.spec.containers.map((c) => c.name), ['app']);
  assert.deepEqual((out.spec.containers[0] as { args?: string[] }).args, ['z']);
  assert.deepEqual(out.spec.tolerations, [{ key: 'other', operator: 'Exists' }]);
});

test('built-in Pod: finalizers are a merged list; $deleteFromPrimitiveList removes one', () => {
  const added = applyStrategicMergePatch(pod, { metadata: { finalizers: ['b'] } }, POD) as typeof pod;
  assert.deepEqual(added.metadata.finalizers, ['b', 'a']);
  const removed = applyStrategicMergePatch(added, { metadata: { '$deleteFromPrimitiveList/finalizers': ['a'] } }, POD) as typeof pod;
  assert.deepEqual(removed.metadata.finalizers, ['b']);
});

test('built-in Pod: volumes use merge,retainKeys and a volume source can be switched', () => {
  const out = applyStrategicMergePatch(pod, { spec: { volumes: [{ name: 'v', $retainKeys: ['name', 'secret'], secret: { secretName: 's' } }] } }, POD) as typeof pod;
  assert.deepEqual(out.spec.volumes, [{ name: 'v', secret: { secretName: 's' } }]);
});

test('built-in Deployment: strategy has patchStrategy retainKeys', () => {
  const deployment = { spec: { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } } } };
  const out = applyStrategicMergePatch(deployment, { spec: { strategy: { $retainKeys: ['type'], type: 'Recreate' } } }, builtinSchema('apps', 'v1', 'Deployment')!);
  assert.deepEqual(out, { spec: { strategy: { type: 'Recreate' } } });
});

test('a list of 10,000 merged items patches in linear time', () => {
  const items = Array.from({ length: 10_000 }, (_, i) => ({ name: `n${i}`, value: String(i) }));
  const patchItems = Array.from({ length: 10_000 }, (_, i) => ({ name: `n${i}`, other: 'x' }));
  const started = performance.now();
  const out = applyStrategicMergePatch({ mergingList: items }, { mergingList: patchItems }, MERGE_ITEM) as { mergingList: { other?: string }[] };
  const elapsed = performance.now() - started;
  assert.equal(out.mergingList.length, 10_000);
  assert.equal(out.mergingList[9999]?.other, 'x');
  assert.ok(elapsed < 1500, `took ${elapsed} ms`);
});
