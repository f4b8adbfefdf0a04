import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCommandLine } from '../../support/parse-command-line.js';
import type { FlagSpec } from '../../../src/cli/framework/spec.js';
import { parseGoDuration } from '../../../src/machinery/go-duration.js';

const specs: FlagSpec[] = [
  { name: 'output', short: 'o', type: 'string', default: '', description: '' },
  { name: 'namespace', short: 'n', type: 'string', default: '', description: '' },
  { name: 'watch', short: 'w', type: 'bool', default: false, description: '' },
  { name: 'all-namespaces', short: 'A', type: 'bool', default: false, description: '' },
  { name: 'wait', type: 'bool', default: true, description: '' },
  { name: 'grace-period', type: 'int', default: -1, description: '' },
  { name: 'as-group', type: 'stringArray', default: [], description: '' },
  { name: 'filename', short: 'f', type: 'stringSlice', default: [], description: '' },
];

test('long, short, attached and = forms', () => {
  for (const argv of [['-o', 'json'], ['-ojson'], ['-o=json'], ['--output', 'json'], ['--output=json']]) {
    const { flags, args } = parseCommandLine(argv, specs);
    assert.equal(flags.string('output'), 'json', argv.join(' '));
    assert.deepEqual(args, []);
    assert.ok(flags.changed('output'));
  }
});

test('booleans never take the next word; =false works', () => {
  const r = parseCommandLine(['get', '--watch', 'pods', '--wait=false'], specs);
  assert.deepEqual(r.args, ['get', 'pods']);
  assert.equal(r.flags.bool('watch'), true);
  assert.equal(r.flags.bool('wait'), false);
  assert.ok(r.flags.changed('wait'));
});

test('bundled short booleans and a trailing valued short', () => {
  const r = parseCommandLine(['-wAn', 'kube'], specs);
  assert.equal(r.flags.bool('watch'), true);
  assert.equal(r.flags.bool('all-namespaces'), true);
  assert.equal(r.flags.string('namespace'), 'kube');
  const r2 = parseCommandLine(['-wnkube'], specs);
  assert.equal(r2.flags.string('namespace'), 'kube');
});

test('defaults when absent', () => {
  const r = parseCommandLine([], specs);
  assert.equal(r.flags.bool('wait'), true);
  assert.equal(r.flags.int('grace-period'), -1);
  assert.equal(r.flags.changed('wait'), false);
  assert.deepEqual(r.flags.strings('as-group'), []);
});

test('valued flags take a dash-led next word; ints are validated', () => {
  assert.equal(parseCommandLine(['--grace-period', '-1'], specs).flags.int('grace-period'), -1);
  assert.throws(() => parseCommandLine(['--grace-period=abc'], specs), /invalid argument "abc" for "--grace-period" flag/);
});

test('repeatable array and comma slice', () => {
  const r = parseCommandLine(['--as-group', 'a,b', '--as-group=c', '-f', 'x.yaml,y.yaml', '-f', 'z.yaml'], specs);
  assert.deepEqual(r.flags.strings('as-group'), ['a,b', 'c']);
  assert.deepEqual(r.flags.strings('filename'), ['x.yaml', 'y.yaml', 'z.yaml']);
});

test('-- ends flags; a lone dash is positional', () => {
  const r = parseCommandLine(['-f', '-', '--', '--watch', '-x'], specs);
  assert.deepEqual(r.flags.strings('filename'), ['-']);
  assert.deepEqual(r.args, ['--watch', '-x']);
});

test('pflag error messages', () => {
  assert.throws(() => parseCommandLine(['--outptu=json'], specs), (e: Error) => /^unknown flag: --outptu\n\nDid you mean this\?\n\t--output/.test(e.message));
  assert.throws(() => parseCommandLine(['-x'], specs), /unknown shorthand flag: 'x' in -x/);
  assert.throws(() => parseCommandLine(['-o'], specs), /flag needs an argument: 'o' in -o/);
  assert.throws(() => parseCommandLine(['--output'], specs), /flag needs an argument: --output/);
  assert.throws(() => parseCommandLine(['--watch=maybe'], specs), /invalid argument "maybe" for "-w, --watch" flag: strconv.ParseBool/);
});

test('durations', () => {
  assert.equal(parseGoDuration('0'), 0);
  assert.equal(parseGoDuration('1m30s'), 90_000);
  assert.equal(parseGoDuration('250ms'), 250);
  assert.equal(parseGoDuration('1.5h'), 5_400_000);
  assert.equal(parseGoDuration('10'), undefined);
  assert.equal(parseGoDuration('abc'), undefined);
});
