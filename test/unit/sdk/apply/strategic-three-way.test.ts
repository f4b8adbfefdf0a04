/**
 * The client-side three-way strategic merge patch: the patch itself (as apimachinery builds it)
 * and, through the local server's strategic-merge implementation, the object it produces.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createThreeWayStrategicMergePatch } from '../../../../src/sdk/apply/strategic-three-way.js';
import { builtinSchema } from '../../../../src/sdk/types/schema/index.js';
import type { JsonObject } from '../../../../src/sdk/types/meta.js';
import { applyStrategicMergePatch } from '../../../../src/server/patch/index.js';

const POD = builtinSchema('', 'v1', 'Pod');
const DEPLOYMENT = builtinSchema('apps', 'v1', 'Deployment');
const CONFIG_MAP = builtinSchema('', 'v1', 'ConfigMap');

type Obj = Record<string, unknown>;

function patchAndApply(original: Obj | undefined, modified: Obj, current: Obj, schema = POD): { patch: Obj; result: Obj } {
  assert.ok(schema !== undefined);
  const patch = createThreeWayStrategicMergePatch(original, modified, current, schema);
  const result = applyStrategicMergePatch(structuredClone(current) as JsonObject, structuredClone(patch) as JsonObject, schema) as Obj;
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
  assert.throws(() => createThreeWayStrategicMergePatch({ spec: { containers: [{ name: 'a' }] } }, { spec: { containers: [{ image: 'x' }] } }, { spec: { containers: [{ name: 'a' }] } }, POD), /does not contain declared merge key: name/);
});
