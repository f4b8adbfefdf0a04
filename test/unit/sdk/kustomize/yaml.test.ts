/**
 * Reading resources with go-yaml v3's typing (kustomize's kyaml) and kustomization files with
 * go-yaml v2's (sigs.k8s.io/yaml); kio's document splitting; the bounds on aliases and depth.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { goTimestamp, resolvePlainV3 } from '../../../../src/sdk/kustomize/load/yaml-v3.js';
import { parseConfigYaml, parseResourceDocuments } from '../../../../src/sdk/kustomize/load/yaml.js';

test('go-yaml v3 plain scalars', () => {
  const cases: Array<[string, unknown]> = [
    ['yes', 'yes'], ['on', 'on'], ['true', true], ['False', false], ['TRUE', true],
    ['0777', 511], ['0o17', 15], ['0x1F', 31], ['0b101', 5], ['-0b101', -5], ['1_000', 1000], ['+12', 12], ['-0', 0],
    ['1.5', 1.5], ['1.', 1], ['.5', 0.5], ['6.02e23', 6.02e23], ['1e400', '1e400'], ['0x', '0x'], ['12:30', '12:30'],
    ['', null], ['~', null], ['null', null], ['NULL', null],
    ['2001-12-14', '2001-12-14T00:00:00Z'], ['20011-12-14', '20011-12-14'],
  ];
  for (const [text, value] of cases) assert.deepEqual(resolvePlainV3(text).value, value, text);
});

test('timestamps as Go marshals time.Time', () => {
  assert.equal(goTimestamp('2001-12-14t21:59:43.10-05:00'), '2001-12-14T21:59:43.1-05:00');
  assert.equal(goTimestamp('2001-12-14 21:59:43.10'), '2001-12-14T21:59:43.1Z');
  assert.equal(goTimestamp('2002-1-2'), '2002-01-02T00:00:00Z');
  assert.equal(goTimestamp('2001-12-14T21:59:43+00:00'), '2001-12-14T21:59:43Z');
  assert.equal(goTimestamp('2001-02-30'), undefined);
  assert.equal(goTimestamp('2001-12-14T21:59:43'), undefined);
});

test('resource documents: split at --- lines, empty ones dropped, aliases expanded into copies', async () => {
  const docs = await parseResourceDocuments('---\n# c\n---\na: &x {k: v}\nb: *x\n---   # comment\nc: 1\n', 'f.yaml');
  assert.deepEqual(docs, [{ a: { k: 'v' }, b: { k: 'v' } }, { c: 1 }]);
  const first = docs[0] as { a: object; b: object };
  assert.notEqual(first.a, first.b);
  await assert.rejects(parseResourceDocuments('a: 1\n---x\nb: 2\n', 'f.yaml'), /invalid document separator: ---x/);
  await assert.rejects(parseResourceDocuments('a: 1\na: 2\n', 'f.yaml'), /MalformedYAMLError/);
  assert.deepEqual(await parseResourceDocuments('x: !!float 12\ny: !!str 12\n', 'f.yaml'), [{ x: 12, y: '12' }]);
});

test('kustomization files: go-yaml v2 typing (yes is true)', async () => {
  assert.deepEqual(await parseConfigYaml('a: yes\nb: 0777\n', 'k.yaml'), { a: true, b: 511 });
  assert.equal(await parseConfigYaml('', 'k.yaml'), null);
});

test('bounds: aliases that expand without end, and deep nesting', async () => {
  let text = 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n';
  for (let i = 1; i < 9; i++) text += `a${i}: &a${i} [*a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}]\n`;
  await assert.rejects(parseResourceDocuments(text, 'bomb.yaml'), /expands to more than/);
  await assert.rejects(parseResourceDocuments(`${'['.repeat(1200)}${']'.repeat(1200)}\n`, 'deep.yaml'), /nested deeper than|MalformedYAMLError/);
});
