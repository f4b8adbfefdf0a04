import assert from 'node:assert/strict';
import { test } from 'node:test';
import { splitResourcesAndPairs } from '../../../../src/cli/commands/label/shared/metadata-command.js';
import { ANNOTATIONS_KIND, LABELS, qualifiedNameProblem } from '../../../../src/cli/commands/label/shared/metadata-kinds.js';

test('resources come before KEY=VALUE and KEY- changes', () => {
  assert.deepEqual(splitResourcesAndPairs(['cm', 'a', 'x=1', 'y-'], 'label'), { resources: ['cm', 'a'], pairs: ['x=1', 'y-'] });
  assert.throws(() => splitResourcesAndPairs(['cm', 'x=1', 'a'], 'label'), /all resources must be specified before label changes: a/);
});

test('label keys and values are validated; the same key may not be set and removed', () => {
  assert.deepEqual(LABELS.parse(['app=web', 'example.com/tier=', 'old-']), { set: new Map([['app', 'web'], ['example.com/tier', '']]), remove: ['old'] });
  assert.equal(qualifiedNameProblem('example.com/a.b_c'), undefined);
  assert.match(qualifiedNameProblem('Bad_Prefix/x') ?? '', /prefix part/);
  assert.match(qualifiedNameProblem('-x') ?? '', /name part must consist/);
  assert.throws(() => LABELS.parse(['v=not valid']), /invalid label value/);
  assert.throws(() => LABELS.parse(['a=1', 'a-']), /can not both modify and remove a label/);
  assert.throws(() => LABELS.parse(['noequals']), /invalid label format: noequals/);
});

test('overwrites, and the words kubectl prints', () => {
  assert.equal(LABELS.overwriteError({ a: '1' }, new Map([['a', '1']])), undefined);
  assert.equal(LABELS.overwriteError({ a: '1' }, new Map([['a', '2']])), "'a' already has a value (1), and --overwrite is false");
  assert.equal(LABELS.operation('{"a":1}', '{"a":1}', false), 'not labeled');
  assert.equal(LABELS.operation('{"a":1,"b":2}', '{"a":1}', false), 'unlabeled');
  assert.equal(LABELS.operation('{"a":1,"b":2}', '{"a":1}', true), 'labeled');
  assert.equal(ANNOTATIONS_KIND.overwriteError({ d: 'x' }, new Map([['d', 'y']])), "--overwrite is false but found the following declared annotation(s): 'd' already has a value (x)");
  assert.equal(ANNOTATIONS_KIND.overwriteError({ 'platform.io/change-cause': 'x' }, new Map([['platform.io/change-cause', 'y']])), undefined);
  assert.deepEqual(ANNOTATIONS_KIND.parse(['text=a=b c']), { set: new Map([['text', 'a=b c']]), remove: [] });
});
