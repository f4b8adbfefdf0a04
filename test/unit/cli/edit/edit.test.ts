import assert from 'node:assert/strict';
import { test } from 'node:test';
import { editHeader, stripComments } from '../../../../src/cli/commands/edit/buffer.js';
import { editorCommand } from '../../../../src/cli/commands/edit/editor.js';
import { createTwoWayPatch } from '../../../../src/sdk/apply/two-way-patch.js';
import type { KubeObject } from '../../../../src/sdk/types/meta.js';

test('the editor: PLATFORM_EDITOR, then EDITOR, then vi; words split; quotes go through the shell', () => {
  assert.deepEqual(editorCommand({}, '/t/f.yaml'), ['vi', '/t/f.yaml']);
  assert.deepEqual(editorCommand({ EDITOR: 'nano' }, '/t/f.yaml'), ['nano', '/t/f.yaml']);
  assert.deepEqual(editorCommand({ EDITOR: 'nano', PLATFORM_EDITOR: 'code --wait' }, '/t/f.yaml'), ['code', '--wait', '/t/f.yaml']);
  assert.deepEqual(editorCommand({ PLATFORM_EDITOR: "emacs -nw --eval '(x)'", SHELL: '/bin/bash' }, '/t/f.yaml'), ['/bin/bash', '-c', `emacs -nw --eval '(x)' "/t/f.yaml"`]);
});

test('the header lists the reasons of a failed save; comment lines are ignored when reading back', () => {
  const header = editHeader([{ head: 'configmaps "a" was not valid', other: ['data: Invalid value', 'two\nlines'] }]);
  assert.ok(header.startsWith("# Please edit the object below. Lines beginning with a '#' will be ignored,\n"));
  assert.ok(header.endsWith('#\n# configmaps "a" was not valid:\n# * data: Invalid value\n# * two\n# lines\n#\n'));
  assert.equal(stripComments(`${header}a: 1\n  # indented\nb: "#x"\n`), 'a: 1\nb: "#x"\n');
});

test('two-way patches: strategic for built-in kinds (merge keys), JSON merge for others', () => {
  const original = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', labels: { a: '1', b: '2' } }, spec: { containers: [{ name: 'x', image: 'i:1' }, { name: 'y', image: 'j:1' }] } } as KubeObject;
  const edited = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', labels: { a: '1' } }, spec: { containers: [{ name: 'x', image: 'i:2' }, { name: 'y', image: 'j:1' }] } } as KubeObject;
  const { type, patch } = createTwoWayPatch(original, edited);
  assert.equal(type, 'strategic');
  assert.deepEqual(patch, { metadata: { labels: { b: null } }, spec: { '$setElementOrder/containers': [{ name: 'x' }, { name: 'y' }], containers: [{ image: 'i:2', name: 'x' }] } });
  assert.deepEqual(createTwoWayPatch(original, original).patch, {});
  const widget = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { list: [1, 2], size: 1 } } as KubeObject;
  assert.deepEqual(createTwoWayPatch(widget, { ...widget, spec: { list: [1] } } as KubeObject), { type: 'merge', patch: { spec: { list: [1], size: null } } });
});
