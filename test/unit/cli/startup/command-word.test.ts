/**
 * The command word the start-up loader picks its bundle and code cache by: the first argument past
 * the global flags and their values, read as the CLI's parser reads them; nothing when anything
 * else comes first (the loader then runs the whole CLI).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { commandWord } from '../../../../src/cli/startup/command-word.js';
import { GLOBAL_FLAG_SPECS } from '../../../../src/cli/flags/global-flag-specs.js';
import { run } from '../../../../src/cli/run.js';
import { testIO } from '../../../support/cli.js';

const word = (...argv: string[]): string | undefined => commandWord(argv, GLOBAL_FLAG_SPECS);

test('the first argument, or the first past global flags with their values in every spelling', () => {
  assert.equal(word('get', 'pods'), 'get');
  assert.equal(word('-n', 'demo', 'get', 'pods'), 'get');
  assert.equal(word('-ndemo', 'get'), 'get');
  assert.equal(word('-n=demo', 'get'), 'get');
  assert.equal(word('--namespace', 'demo', '--context=prod', '--kubeconfig', '/tmp/kc', 'describe', 'ns'), 'describe');
  assert.equal(word('--as-group', 'g1', '--as-group=g2', '-v', '4', 'auth', 'can-i'), 'auth');
  assert.equal(word('--insecure-skip-tls-verify', 'version'), 'version', 'a boolean flag takes no value');
  assert.equal(word('--insecure-skip-tls-verify=true', '-s', 'https://x', 'api-resources'), 'api-resources');
});

test('no word when anything but a global flag comes first, or when there is none', () => {
  assert.equal(word(), undefined);
  assert.equal(word('-n'), undefined);
  assert.equal(word('-n', 'demo'), undefined);
  assert.equal(word('-o', 'json', 'get'), undefined, 'not a global flag: its arity is not known here');
  assert.equal(word('--output=json', 'get'), undefined);
  assert.equal(word('--', 'get'), undefined);
  assert.equal(word('Get'), undefined);
  assert.equal(word('/usr/bin/get'), undefined);
  assert.equal(word('-', 'get'), undefined);
});

test('the CLI itself runs the command the word names, for each spelling above', async () => {
  for (const argv of [['-n', 'demo', 'version', '--client'], ['-ndemo', 'version', '--client'], ['--context=x', '-v', '0', 'version', '--client'], ['--insecure-skip-tls-verify', 'version', '--client']]) {
    assert.equal(word(...argv), 'version');
    const io = testIO({ env: { PLATFORMCONFIG: '/dev/null' } });
    assert.equal(await run(argv, io), 0, `${argv.join(' ')}: ${io.stderr.text}`);
    assert.match(io.stdout.text, /^Client Version: /, argv.join(' '));
  }
});
