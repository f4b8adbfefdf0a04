/**
 * The command line `--record` stores, rendered as cli-runtime's RecordFlags renders it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { changeCause } from '../../../../src/cli/framework/change-cause.js';
import { normalizeArgv } from '../../../../src/cli/framework/pflag-argv.js';
import type { FlagSpec } from '../../../../src/cli/framework/spec.js';

const flags: FlagSpec[] = [
  { name: 'filename', short: 'f', type: 'stringSlice', description: '' },
  { name: 'record', type: 'bool', description: '' },
  { name: 'namespace', short: 'n', type: 'string', description: '' },
  { name: 'token', type: 'string', description: '' },
];

test('words first, then each flag by its long name with its value, in the order given', () => {
  const argv = ['-f', 'ds.yaml', '--record', '-n', 'x', 'extra'];
  assert.equal(changeCause(['apply'], normalizeArgv(argv, flags), flags), 'platformctl apply extra --filename=ds.yaml --record=true --namespace=x');
});

test('credentials never reach the object; words after -- are words', () => {
  const argv = ['--token=secret', '--record=true', '--', '--not-a-flag'];
  assert.equal(changeCause(['label'], normalizeArgv(argv, flags), flags), 'platformctl label --not-a-flag --token=CLASSIFIED --record=true');
});
