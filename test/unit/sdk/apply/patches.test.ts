/**
 * The SDK's face of machinery's patch engines (sdk/apply/patches.ts): kubectl's wording and the
 * value bound by default for JSON patches, the type schemas of the built-in kinds for strategic
 * merge patches, and every engine failure as an InputError.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InputError } from '../../../../src/sdk/errors.js';
import { applyJsonPatch, applyStrategicMergePatch, createThreeWayJsonMergePatch, createThreeWayStrategicMergePatch } from '../../../../src/sdk/apply/patches.js';
import { builtinSchema } from '../../../../src/sdk/types/schema/index.js';

const POD = builtinSchema('', 'v1', 'Pod');

test('JSON patches: kubectl\'s wording and a bounded document by default, failures as InputError', () => {
  assert.throws(() => applyJsonPatch({ list: [1] }, [{ op: 'replace', path: '/list/5', value: 1 }]), (err: unknown) => err instanceof InputError && err.message === 'Unable to access invalid index: 5: invalid index referenced (/list/5)');
  const ops: unknown[] = [{ op: 'add', path: '/a', value: [1, 2, 3, 4, 5, 6, 7, 8] }];
  for (let i = 0; i < 60; i++) ops.push({ op: 'copy', from: '/a', path: '/a/-' });
  assert.throws(() => applyJsonPatch({}, ops), (err: unknown) => err instanceof InputError && /a JSON patch made the object larger than 5000000 values/.test(err.message));
  assert.throws(() => applyJsonPatch({}, [{ op: 'remove', path: '/x' }], { dialect: 'kustomize' }), /remove operation does not apply: doc is missing path: "\/x": missing value/);
});

test('strategic merge patches on the client (patch --local, --overrides, debug --custom) merge by the built-in type', () => {
  const pod = { spec: { containers: [{ name: 'app', image: 'a', env: [{ name: 'A', value: '1' }] }] } };
  const out = applyStrategicMergePatch(pod, { spec: { containers: [{ name: 'app', env: [{ name: 'B', value: '2' }] }] } }, POD);
  assert.deepEqual(out, { spec: { containers: [{ name: 'app', image: 'a', env: [{ name: 'B', value: '2' }, { name: 'A', value: '1' }] }] } });
  assert.deepEqual(pod.spec.containers[0]?.env, [{ name: 'A', value: '1' }], 'the target is not changed');
  assert.throws(() => applyStrategicMergePatch(pod, { spec: { containers: [{ image: 'x' }] } }, POD), (err: unknown) => err instanceof InputError && /does not contain declared merge key: name/.test(err.message));
});

test('the patch builders of client-side apply fail with InputErrors', () => {
  assert.throws(() => createThreeWayJsonMergePatch({ kind: 'A' }, { kind: 'B' }, { kind: 'A' }), (err: unknown) => err instanceof InputError && err.message === 'At least one of apiVersion, kind and name was changed');
  assert.throws(
    () => createThreeWayStrategicMergePatch({ spec: { containers: [{ name: 'a' }] } }, { spec: { containers: [{ image: 'x' }] } }, { spec: { containers: [{ name: 'a' }] } }, POD),
    (err: unknown) => err instanceof InputError && err.message === 'unable to compute the strategic merge patch: map: map[image:x] does not contain declared merge key: name',
  );
});
