/**
 * `__proto__`, `constructor` and `prototype` are ordinary keys in every client-side merge, patch,
 * diff and config merge: they come out as own keys with their values (and serialize), they never
 * change a prototype, and an inherited property never stands in for a missing key.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maskSecrets } from '../../../../src/sdk/apply/diff-manifests.js';
import { readLastApplied, withLastApplied } from '../../../../src/sdk/apply/last-applied.js';
import { applyJsonPatch, applyMergePatch, createMergePatch, createThreeWayJsonMergePatch, createThreeWayStrategicMergePatch } from '../../../../src/sdk/apply/patches.js';
import { createTwoWayPatch } from '../../../../src/sdk/apply/two-way-patch.js';
import { parseManifestText } from '../../../../src/sdk/apply/manifests.js';
import { configAccess, editConfig, loadConfig } from '../../../../src/sdk/config/index.js';
import { redactBody } from '../../../../src/sdk/transport/redact.js';
import { builtinSchema } from '../../../../src/sdk/types/schema/builtin/index.js';
import type { KubeObject } from '../../../../src/sdk/types/meta.js';
import { compileJsonPath } from '../../../../src/printers/jsonpath/template.js';
import { tempDir } from '../config/helpers.js';

/** An object with the three keys as own properties (as JSON.parse and js-yaml produce them). */
const hostile = (value: string): Record<string, unknown> => JSON.parse(`{"__proto__": {"polluted": "${value}"}, "constructor": "${value}-c", "prototype": {"x": "${value}-p"}}`) as Record<string, unknown>;

function assertClean(): void {
  assert.equal(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype is untouched');
}

/** JSON text round trip: what would be sent. */
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

const cm = (data: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data, ...extra });

test('client-side apply patches (strategic and JSON merge) carry the keys as keys', () => {
  const schema = builtinSchema('', 'v1', 'ConfigMap');
  const modified = cm({ a: '1' }, { extra: hostile('new') });
  const current = cm({ a: '1' }, { extra: hostile('old') });
  const original = cm({ a: '1' }, { gone: hostile('old') });
  for (const patch of [
    createThreeWayStrategicMergePatch(original, modified, { ...current, gone: hostile('old') }, schema),
    createThreeWayJsonMergePatch(original, modified, { ...current, gone: hostile('old') }),
  ]) {
    assert.deepEqual(wire(patch), { extra: hostile('new'), gone: null });
    assert.equal(Object.getPrototypeOf(patch.extra), Object.prototype);
  }
  // Adding the keys where the live object has none: they are not mistaken for inherited ones.
  const added = createThreeWayStrategicMergePatch(undefined, cm(JSON.parse('{"constructor": "c", "__proto__": "p"}') as Record<string, unknown>), cm({}), schema);
  assert.deepEqual(wire(added), { data: { constructor: 'c', ['__proto__']: 'p' } });
  assertClean();
});

test('merge patches: create and apply', () => {
  const from = { a: 1 };
  const to = { a: 1, ...hostile('v') };
  const patch = createMergePatch(from, to);
  assert.deepEqual(Object.keys(patch).sort(), ['__proto__', 'constructor', 'prototype']);
  const applied = applyMergePatch({ a: 1 }, JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"x": 1}, "prototype": null}'));
  assert.deepEqual(wire(applied), JSON.parse('{"a": 1, "__proto__": {"polluted": "yes"}, "constructor": {"x": 1}}'));
  assert.equal(Object.getPrototypeOf(applied), Object.prototype);
  // A patch deleting keys that only exist as inherited properties deletes nothing.
  assert.deepEqual(wire(applyMergePatch({ a: 1 }, { toString: null, constructor: null })), { a: 1 });
  assertClean();
});

test('edit patches, last-applied round trips and secret masking keep the keys', async () => {
  const [object] = await parseManifestText('apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\n  labels: {constructor: a}\nstringData:\n  __proto__: p\n  constructor: c\n  prototype: x\n', 's.yaml');
  assert.ok(object !== undefined);
  const live = object.object;
  const edited = structuredClone(live) as KubeObject & { stringData: Record<string, string> };
  Object.defineProperty(edited.stringData, '__proto__', { value: 'p2', enumerable: true, writable: true, configurable: true });
  const { patch } = createTwoWayPatch(live, edited);
  assert.deepEqual(wire(patch), { stringData: { ['__proto__']: 'p2' } });
  const recorded = readLastApplied(withLastApplied(live));
  assert.deepEqual(recorded?.stringData, { ['__proto__']: 'p', constructor: 'c', prototype: 'x' });
  const [before, after] = maskSecrets(live, edited);
  assert.deepEqual(wire(before?.stringData), { ['__proto__']: '*** (before)', constructor: '***', prototype: '***' });
  assert.deepEqual(wire(after?.stringData), { ['__proto__']: '*** (after)', constructor: '***', prototype: '***' });
  assertClean();
});

test('logged bodies keep the keys (redaction does not drop them)', () => {
  const body = '{"kind":"ConfigMap","data":{"__proto__":"p","constructor":"c"}}';
  assert.equal(redactBody(body, 'application/json'), body);
  assertClean();
});

test('config files: entries, extensions and exec env named __proto__ or constructor are ordinary', async () => {
  const tmp = await tempDir();
  try {
    const file = await tmp.write('config', [
      'apiVersion: v1', 'kind: Config',
      'clusters:', '- name: __proto__', '  cluster:', '    server: https://p', '- name: constructor', '  cluster:', '    server: https://c',
      'users:', '- name: prototype', '  user:', '    exec:', '      apiVersion: client.authentication.platform.io/v1', '      command: x',
      '      env:', '      - {name: __proto__, value: v}',
      'contexts:', '- name: constructor', '  context: {cluster: __proto__, user: prototype}',
      'current-context: constructor',
      'preferences: {__proto__: {polluted: yes}}',
      '',
    ].join('\n'));
    const env = { PLATFORMCONFIG: file };
    const loaded = await loadConfig({ env, homedir: tmp.dir });
    assert.deepEqual([...loaded.config.clusters.keys()], ['__proto__', 'constructor']);
    assert.equal(loaded.config.clusters.get('__proto__')?.server, 'https://p');
    assert.equal(loaded.config.contexts.get('constructor')?.cluster, '__proto__');
    await editConfig(configAccess({ env, homedir: tmp.dir }), (c) => void c.contexts.set('__proto__', { cluster: 'constructor', user: 'prototype' }));
    const again = await loadConfig({ env, homedir: tmp.dir });
    assert.deepEqual([...again.config.contexts.keys()].sort(), ['__proto__', 'constructor']);
    const written = await tmp.read('config');
    assert.match(written, /- cluster:\n {4}server: https:\/\/p\n {2}name: __proto__\n/);
    assert.match(written, /preferences:\n {2}__proto__:\n {4}polluted: true\n/);
    assert.match(written, /env:\n {6}- name: __proto__\n/);
    assertClean();
  } finally {
    await tmp.cleanup();
  }
});

test('JSONPath never reads inherited properties', async () => {
  const data = JSON.parse('{"data": {"__proto__": "p", "a": "b"}}') as unknown;
  assert.equal((await compileJsonPath('{.data.__proto__}')).execute(data), 'p');
  assert.equal((await compileJsonPath('{.data.constructor}')).execute(data), '');
  assert.equal((await compileJsonPath('{..constructor}')).execute(data), '');
  assert.equal((await compileJsonPath('{.data.toString}')).execute({ data: {} }), '');
});

test('JSON patches (patch --local --type json) treat the keys as keys', () => {
  const doc = JSON.parse('{"data": {"a": "1"}, "list": [1, 2]}') as unknown;
  const ops = JSON.parse(`[
    {"op": "add", "path": "/data/__proto__", "value": {"polluted": "yes"}},
    {"op": "add", "path": "/data/constructor", "value": "c"},
    {"op": "add", "path": "/data/__proto__/prototype", "value": "p"},
    {"op": "copy", "from": "/data/__proto__", "path": "/copied"},
    {"op": "test", "path": "/copied", "value": {"polluted": "yes", "prototype": "p"}},
    {"op": "move", "from": "/data/a", "path": "/list/-"},
    {"op": "replace", "path": "/list/0", "value": 0}
  ]`) as unknown[];
  assert.deepEqual(wire(applyJsonPatch(doc, ops)), JSON.parse('{"data": {"__proto__": {"polluted": "yes", "prototype": "p"}, "constructor": "c"}, "list": [0, 2, "1"], "copied": {"polluted": "yes", "prototype": "p"}}'));
  assert.deepEqual(wire(doc), { data: { a: '1' }, list: [1, 2] }, 'the input is not changed');
  // Inherited properties are not there to remove or replace.
  assert.throws(() => applyJsonPatch(doc, [{ op: 'remove', path: '/data/constructor' }]), /Unable to remove nonexistent key: constructor/);
  assert.throws(() => applyJsonPatch(doc, [{ op: 'replace', path: '/data/toString', value: 1 }]), /doc is missing key: \/data\/toString/);
  assert.throws(() => applyJsonPatch(doc, [{ op: 'add', path: '/nope/x', value: 1 }]), /add operation does not apply: doc is missing path: "\/nope\/x"/);
  assert.throws(() => applyJsonPatch(doc, [{ op: 'test', path: '/data/a', value: '2' }]), /testing value \/data\/a failed/);
  assertClean();
});
