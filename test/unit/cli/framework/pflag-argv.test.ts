/**
 * The argv normalizer: pflag's idioms rewritten for commander, and nothing else touched.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeArgv } from '../../../../src/cli/framework/pflag-argv.js';
import type { FlagSpec } from '../../../../src/cli/framework/spec.js';

const flags: FlagSpec[] = [
  { name: 'output', short: 'o', type: 'string', description: '' },
  { name: 'namespace', short: 'n', type: 'string', description: '' },
  { name: 'watch', short: 'w', type: 'bool', description: '' },
  { name: 'all-namespaces', short: 'A', type: 'bool', description: '' },
  { name: 'no-headers', type: 'bool', description: '' },
  { name: 'grace-period', type: 'int', description: '' },
];

test('booleans always carry their value and never take the next word', () => {
  assert.deepEqual(normalizeArgv(['--watch', 'pods'], flags), ['--watch=true', 'pods']);
  assert.deepEqual(normalizeArgv(['--watch=false', 'pods'], flags), ['--watch=false', 'pods']);
  assert.deepEqual(normalizeArgv(['-w', 'pods'], flags), ['--watch=true', 'pods']);
  assert.deepEqual(normalizeArgv(['-w=false'], flags), ['--watch=false']);
  assert.deepEqual(normalizeArgv(['--no-headers'], flags), ['--no-headers=true']);
  // An invalid boolean word is left for the flag's parser to report with pflag's message.
  assert.deepEqual(normalizeArgv(['--watch=maybe'], flags), ['--watch=maybe']);
});

test('short valued flags become long ones; = and attached values', () => {
  assert.deepEqual(normalizeArgv(['-n', 'kube'], flags), ['--namespace', 'kube']);
  assert.deepEqual(normalizeArgv(['-nkube'], flags), ['--namespace=kube']);
  assert.deepEqual(normalizeArgv(['-n=kube'], flags), ['--namespace=kube']);
  assert.deepEqual(normalizeArgv(['-o=jsonpath={.a=b}'], flags), ['--output=jsonpath={.a=b}']);
});

test('bundles of booleans, ending in a valued flag', () => {
  assert.deepEqual(normalizeArgv(['-wAn', 'kube'], flags), ['--watch=true', '--all-namespaces=true', '--namespace', 'kube']);
  assert.deepEqual(normalizeArgv(['-wnkube'], flags), ['--watch=true', '--namespace=kube']);
});

test('values of valued flags are never rewritten, even when they look like flags', () => {
  assert.deepEqual(normalizeArgv(['--grace-period', '-1', '-o', '-w'], flags), ['--grace-period', '-1', '--output', '-w']);
  assert.deepEqual(normalizeArgv(['--output', '--watch'], flags), ['--output', '--watch']);
});

test('flags after positional arguments, --, a lone dash and unknown flags pass through', () => {
  assert.deepEqual(normalizeArgv(['pods', 'web', '-w'], flags), ['pods', 'web', '--watch=true']);
  assert.deepEqual(normalizeArgv(['-', '--', '-w', '--watch'], flags), ['-', '--', '-w', '--watch']);
  assert.deepEqual(normalizeArgv(['--bogus', 'x', '-h', '--help'], flags), ['--bogus', 'x', '-h', '--help']);
  // Commander's suggestion compares the flag name alone.
  assert.deepEqual(normalizeArgv(['--outptu=json'], flags), ['--outptu']);
  // An unknown shorthand is passed on with the rest of its bundle, which pflag's message names.
  assert.deepEqual(normalizeArgv(['-wzA'], flags), ['--watch=true', '-zA']);
});

test('a valued flag without its value is pflag\'s error', () => {
  assert.throws(() => normalizeArgv(['-o'], flags), /^UsageError: flag needs an argument: 'o' in -o$/);
  assert.throws(() => normalizeArgv(['-wo'], flags), /^UsageError: flag needs an argument: 'o' in -wo$/);
  assert.throws(() => normalizeArgv(['pods', '--output'], flags), /^UsageError: flag needs an argument: --output$/);
});

test('mentionedFlags: the flags a line uses, or undefined when it has an unknown one', async () => {
  const { mentionedFlags } = await import('../../../../src/cli/framework/pflag-argv.js');
  assert.deepEqual(mentionedFlags(['pods', '-wn', 'kube', '--output=json', '--help', '-h', '--', '--bogus'], flags), new Set(['watch', 'namespace', 'output']));
  assert.equal(mentionedFlags(['--bogus'], flags), undefined);
  assert.equal(mentionedFlags(['-wz'], flags), undefined);
});

test("a valued flag with pflag's NoOptDefVal given bare takes that value and not the next word", () => {
  const withDefaults: FlagSpec[] = [...flags, { name: 'cascade', type: 'string', description: '', noOptDefault: 'background' }];
  assert.deepEqual(normalizeArgv(['--cascade', 'pods'], withDefaults), ['--cascade=background', 'pods']);
  assert.deepEqual(normalizeArgv(['--cascade=orphan', 'pods'], withDefaults), ['--cascade=orphan', 'pods']);
});
