/**
 * The three-way strategic merge patch of client-side apply (machinery/patch/strategic/diff.ts): the
 * patch itself (as apimachinery builds it) and, through the same engine's apply, the object it
 * produces on the server.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { JsonObject } from '../../../../src/machinery/json-numbers.js';
import { PatchFailure } from '../../../../src/machinery/patch/errors.js';
import { applyStrategicMergePatch, createThreeWayMergePatch, mergingMapsHaveConflicts, strategicChanges } from '../../../../src/machinery/patch/strategic/index.js';
import { patchSchemaOf } from '../../../../src/machinery/patch/strategic/type-schema.js';
import { builtinSchema } from '../../../../src/sdk/types/schema/index.js';
import type { TypeSchema } from '../../../../src/sdk/types/schema/index.js';

function createThreeWayStrategicMergePatch(original: Obj | undefined, modified: Obj, current: Obj, schema: TypeSchema | undefined): Obj {
  return createThreeWayMergePatch(original as JsonObject | undefined, modified as JsonObject, current as JsonObject, patchSchemaOf(schema));
}

const POD = builtinSchema('', 'v1', 'Pod');
const DEPLOYMENT = builtinSchema('apps', 'v1', 'Deployment');
const CONFIG_MAP = builtinSchema('', 'v1', 'ConfigMap');

type Obj = Record<string, unknown>;

function patchAndApply(original: Obj | undefined, modified: Obj, current: Obj, schema = POD): { patch: Obj; result: Obj } {
  assert.ok(schema !== undefined);
  const patch = createThreeWayStrategicMergePatch(original, modified, current, schema);
  const result = applyStrategicMergePatch(current as JsonObject, patch as JsonObject, patchSchemaOf(schema)) as Obj;
  return { patch, result };
}

test('maps: additions and changes against live, deletions against last-applied, others\' fields kept', () => {
  const original = { data: { a: '1', b: '2' } };
  const modified = { data: { a: '1', c: '3' } };
  const current = { data: { a: '1', b: '2', d: 'added by someone' } };
  const { patch, result } = patchAndApply(original, modified, current, CONFIG_MAP);
  assert.deepEqual(patch, { data: { b: null, c: '3' } });
  assert.deepEqual(result, { data: { a: '1', c: '3', d: 'added by someone' } });
});

test('no change gives an empty patch, even when live has defaulted fields', () => {
  const config = { spec: { containers: [{ name: 'app', image: 'x:1' }] } };
  const live = { spec: { containers: [{ name: 'app', image: 'x:1', imagePullPolicy: 'IfNotPresent' }], restartPolicy: 'Always' }, status: { phase: 'Running' } };
  assert.deepEqual(createThreeWayStrategicMergePatch(config, config, live, POD), {});
});

test('lists merged by key: changed, added and removed items, $setElementOrder, live-only items kept', () => {
  const original = { spec: { containers: [{ name: 'a', image: 'a:1' }, { name: 'b', image: 'b:1' }] } };
  const modified = { spec: { containers: [{ name: 'a', image: 'a:2' }, { name: 'n', image: 'n:1' }] } };
  const current = { spec: { containers: [{ name: 'a', image: 'a:1', imagePullPolicy: 'Always' }, { name: 'b', image: 'b:1' }, { name: 'injected', image: 'i:1' }] } };
  const { patch, result } = patchAndApply(original, modified, current);
  assert.deepEqual(patch, {
    spec: {
      '$setElementOrder/containers': [{ name: 'a' }, { name: 'n' }],
      containers: [{ image: 'a:2', name: 'a' }, { image: 'n:1', name: 'n' }, { name: 'b', $patch: 'delete' }],
    },
  });
  assert.deepEqual(result, {
    spec: { containers: [{ name: 'a', image: 'a:2', imagePullPolicy: 'Always' }, { name: 'n', image: 'n:1' }, { name: 'injected', image: 'i:1' }] },
  });
});

test('merged lists of scalars (finalizers): additions, $deleteFromPrimitiveList and order', () => {
  const original = { metadata: { finalizers: ['x', 'y'] } };
  const modified = { metadata: { finalizers: ['x', 'z'] } };
  const current = { metadata: { finalizers: ['x', 'y', 'w'] } };
  const { patch, result } = patchAndApply(original, modified, current, CONFIG_MAP);
  assert.deepEqual(patch, { metadata: { finalizers: ['z'], '$deleteFromPrimitiveList/finalizers': ['y'], '$setElementOrder/finalizers': ['x', 'z'] } });
  assert.deepEqual(result, { metadata: { finalizers: ['x', 'z', 'w'] } });
});

test('retainKeys (Deployment strategy): switching type clears the other keys', () => {
  const original = { spec: { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } } } };
  const modified = { spec: { strategy: { type: 'Recreate' } } };
  const current = { spec: { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: '25%' } }, replicas: 1 } };
  const { patch, result } = patchAndApply(original, modified, current, DEPLOYMENT);
  assert.deepEqual(patch, { spec: { strategy: { $retainKeys: ['type'], rollingUpdate: null, type: 'Recreate' } } });
  assert.deepEqual(result, { spec: { strategy: { type: 'Recreate' }, replicas: 1 } });
});

test('atomic lists (args) are replaced whole; a field dropped from the manifest is removed', () => {
  const original = { spec: { containers: [{ name: 'a', image: 'a:1', args: ['--x', '--y'] }], hostname: 'h' } };
  const modified = { spec: { containers: [{ name: 'a', image: 'a:1', args: ['--y'] }] } };
  const current = { spec: { containers: [{ name: 'a', image: 'a:1', args: ['--x', '--y'] }], hostname: 'h', dnsPolicy: 'ClusterFirst' } };
  const { patch, result } = patchAndApply(original, modified, current);
  assert.deepEqual(patch, { spec: { '$setElementOrder/containers': [{ name: 'a' }], containers: [{ args: ['--y'], name: 'a' }], hostname: null } });
  assert.deepEqual(result, { spec: { containers: [{ name: 'a', image: 'a:1', args: ['--y'] }], dnsPolicy: 'ClusterFirst' } });
});

test('without a last-applied configuration nothing is deleted', () => {
  const modified = { data: { a: '1' } };
  const current = { data: { a: '0', b: '2' } };
  const { patch, result } = patchAndApply(undefined, modified, current, CONFIG_MAP);
  assert.deepEqual(patch, { data: { a: '1' } });
  assert.deepEqual(result, { data: { a: '1', b: '2' } });
});

test('reordering a merged list sends only the order', () => {
  const original = { spec: { containers: [{ name: 'a', image: 'a' }, { name: 'b', image: 'b' }] } };
  const modified = { spec: { containers: [{ name: 'b', image: 'b' }, { name: 'a', image: 'a' }] } };
  const { patch, result } = patchAndApply(original, modified, original);
  assert.deepEqual(patch, { spec: { '$setElementOrder/containers': [{ name: 'b' }, { name: 'a' }] } });
  assert.deepEqual(result, modified);
});

test('a merged list item without its merge key is an error', () => {
  assert.throws(
    () => createThreeWayStrategicMergePatch({ spec: { containers: [{ name: 'a' }] } }, { spec: { containers: [{ image: 'x' }] } }, { spec: { containers: [{ name: 'a' }] } }, POD),
    (e: unknown) => e instanceof PatchFailure && e.message === 'map: map[image:x] does not contain declared merge key: name',
  );
});

test('duplicate merge keys in the manifest still make a patch (the halves are not checked against $setElementOrder)', () => {
  // apimachinery's merge of the two halves refuses this patch list's order ([X X Z] against [X Z X]).
  const modified = { spec: { containers: [{ name: 'a', env: [{ name: 'X', value: '1' }, { name: 'Z', value: '1' }, { name: 'X', value: '2' }] }] } };
  const current = { spec: { containers: [{ name: 'a', env: [{ name: 'Y', value: '0' }] }] } };
  const patch = createThreeWayStrategicMergePatch(current, modified, current, POD);
  const container = ((patch.spec as Obj).containers as Obj[])[0] as Obj;
  assert.deepEqual(container['$setElementOrder/env'], [{ name: 'X' }, { name: 'Z' }, { name: 'X' }]);
});

test('--overwrite=false: the patch conflicts with what others changed since the last apply', () => {
  const original = { data: { a: '1' } };
  const current = { data: { a: 'changed by someone' } };
  const changed = strategicChanges(original, current, patchSchemaOf(CONFIG_MAP));
  assert.deepEqual(changed, { data: { a: 'changed by someone' } });
  const ours = createThreeWayStrategicMergePatch(original, { data: { a: '2' } }, current, CONFIG_MAP);
  assert.equal(mergingMapsHaveConflicts(ours as JsonObject, changed, patchSchemaOf(CONFIG_MAP)), true);
  const same = createThreeWayStrategicMergePatch(original, { data: { a: 'changed by someone' } }, current, CONFIG_MAP);
  assert.equal(mergingMapsHaveConflicts(same as JsonObject, changed, patchSchemaOf(CONFIG_MAP)), false);
});
