/**
 * The optional read of a flag (`flags.optional(SPEC)`), for a helper serving commands of which only
 * some declare the flag: the declared flag's value by the accessor of the spec's type, its default
 * when not given, and undefined where the command does not declare the flag.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CHUNK_SIZE_FLAG } from '../../../../src/cli/flags/chunk-size.js';
import { FlagValues } from '../../../../src/cli/framework/flag-values.js';
import { parseCommandLine } from '../../../support/parse-command-line.js';
import { LABEL_COLUMNS_FLAG, SORT_BY_FLAG } from '../../../../src/cli/output/flags.js';
import { ALL_FLAG, FIELD_SELECTOR_FLAG, SELECTOR_FLAG, SELECTOR_FLAG_EQUALITY_HELP } from '../../../../src/cli/resource/selection.js';

test('a declared flag reads as its value, typed by its spec; one not given as its default', () => {
  const { flags } = parseCommandLine(['-l', 'app=web', '--all', '-L', 'a,b', '-L', 'c'], [SELECTOR_FLAG, ALL_FLAG, LABEL_COLUMNS_FLAG, CHUNK_SIZE_FLAG, SORT_BY_FLAG]);
  assert.equal(flags.optional(SELECTOR_FLAG), 'app=web');
  assert.equal(flags.optional(ALL_FLAG), true);
  assert.deepEqual(flags.optional(LABEL_COLUMNS_FLAG), ['a', 'b', 'c']);
  assert.equal(flags.optional(CHUNK_SIZE_FLAG), 500);
  assert.equal(flags.optional(SORT_BY_FLAG), '');
  assert.equal(flags.optionalChanged(SELECTOR_FLAG), true);
  assert.equal(flags.optionalChanged(CHUNK_SIZE_FLAG), false);
});

test('a flag the command declares under another constant of the same name and type is that flag', () => {
  const { flags } = parseCommandLine(['--selector=tier=db'], [SELECTOR_FLAG_EQUALITY_HELP]);
  assert.equal(flags.optional(SELECTOR_FLAG), 'tier=db');
  assert.equal(flags.optionalChanged(SELECTOR_FLAG), true);
});

test('a flag the command does not declare reads as absent', () => {
  const { flags } = parseCommandLine(['--all'], [ALL_FLAG]);
  assert.equal(flags.optional(SELECTOR_FLAG), undefined);
  assert.equal(flags.optional(FIELD_SELECTOR_FLAG), undefined);
  assert.equal(flags.optional(LABEL_COLUMNS_FLAG), undefined);
  assert.equal(flags.optional(CHUNK_SIZE_FLAG), undefined);
  assert.equal(flags.optionalChanged(SELECTOR_FLAG), false);
  const none = FlagValues.defaults([]);
  assert.equal(none.optional(ALL_FLAG), undefined);
});

test('values of some flags only, keyed by their specs, read as declared; the others as absent', () => {
  const flags = FlagValues.of([SELECTOR_FLAG_EQUALITY_HELP, ALL_FLAG], ['app=web', true]);
  assert.equal(flags.optional(SELECTOR_FLAG), 'app=web');
  assert.equal(flags.optional(ALL_FLAG), true);
  assert.equal(flags.optionalChanged(ALL_FLAG), false);
  assert.equal(flags.optional(FIELD_SELECTOR_FLAG), undefined);
});
