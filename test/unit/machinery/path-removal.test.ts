import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FieldPathError, parseFieldPath, withoutPaths } from '../../../src/machinery/json/path-removal.js';

const POD = {
  metadata: { name: 'web', annotations: { 'sidecar.example.io/status': 'injected', keep: 'me' } },
  spec: { containers: [{ name: 'app', image: 'a' }, { name: 'proxy', image: 'p' }, { name: 'log', image: 'l' }] },
  status: { phase: 'Running' },
};

function drop(...paths: string[]): unknown {
  return withoutPaths(POD, paths.map(parseFieldPath));
}

test('keys, quoted keys with dots, indices, wildcards and filters are removed; the input is not changed', () => {
  assert.deepEqual(drop('.status'), { metadata: POD.metadata, spec: POD.spec });
  assert.deepEqual(drop('status'), { metadata: POD.metadata, spec: POD.spec }, 'the leading dot may be left out');
  assert.deepEqual(drop("{.metadata.annotations['sidecar.example.io/status']}"), { ...POD, metadata: { name: 'web', annotations: { keep: 'me' } } });
  assert.deepEqual((drop('.spec.containers[?(@.name=="proxy")]') as typeof POD).spec.containers.map((c) => c.name), ['app', 'log']);
  assert.deepEqual((drop('.spec.containers[-1]', '.spec.containers[0]') as typeof POD).spec.containers.map((c) => c.name), ['proxy']);
  assert.deepEqual((drop('$.spec.containers[*].image') as typeof POD).spec.containers, [{ name: 'app' }, { name: 'proxy' }, { name: 'log' }]);
  assert.deepEqual((drop(".spec.containers[?(@.name!='app')]") as typeof POD).spec.containers.map((c) => c.name), ['app']);
  assert.deepEqual(drop('.nothing.here'), POD, 'a path that selects nothing changes nothing');
  assert.equal(POD.spec.containers.length, 3);
});

test('paths it cannot read are refused with the position', () => {
  assert.throws(() => parseFieldPath('.spec..containers'), (e: unknown) => e instanceof FieldPathError && e.message === 'invalid path ".spec..containers" at character 6: recursive descent (..) is not supported');
  assert.throws(() => parseFieldPath('.spec[?(@.name ~= "x")]'), FieldPathError);
  assert.throws(() => parseFieldPath("['open"), /unterminated string/);
  assert.throws(() => parseFieldPath('$'), /the whole object/);
  assert.throws(() => parseFieldPath('x'.repeat(5000)), /longer than 4096/);
});
