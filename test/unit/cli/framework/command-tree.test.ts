/**
 * The command line through commander: pflag's syntax reaches the runners as before, errors are
 * kubectl's, help and version are printed where kubectl prints them, and only the invoked command's
 * spec is built.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCommandLine } from '../../../support/parse-command-line.js';
import { renderCommandHelp } from '../../../../src/cli/framework/help.js';
import type { CommandSpec, FlagSpec } from '../../../../src/cli/framework/spec.js';
import { runCli } from '../../../support/cli.js';

test('--version and version --client print the same line', async () => {
  const a = await runCli(['--version']);
  const b = await runCli(['version', '--client']);
  assert.equal(a.code, 0);
  assert.equal(a.stdout, b.stdout);
  assert.match(a.stdout, /^Client Version: v\d+\.\d+\.\d+\nKustomize Version: v5\.5\.0\n$/);
});

test('global flags anywhere: before the command, between its words, after its arguments', async () => {
  for (const argv of [['-n', 'x', 'version', '--client'], ['version', '--namespace=x', '--client'], ['version', '--client', '-v=3'], ['--context', 'c', 'version', '--client=true']]) {
    const r = await runCli(argv);
    assert.equal(r.code, 0, `${argv.join(' ')}: ${r.stderr}`);
    assert.match(r.stdout, /^Client Version: /, argv.join(' '));
  }
});

test('pflag errors in kubectl\'s words', async () => {
  const bool = await runCli(['version', '--client=maybe']);
  assert.equal(bool.code, 1);
  assert.equal(bool.stderr, 'error: invalid argument "maybe" for "--client" flag: strconv.ParseBool: parsing "maybe": invalid syntax\nSee \'platformctl version --help\' for usage.\n');
  const short = await runCli(['version', '-cz']);
  assert.equal(short.stderr, "error: unknown shorthand flag: 'c' in -cz\nSee 'platformctl version --help' for usage.\n");
  const missing = await runCli(['version', '-o']);
  assert.equal(missing.stderr, "error: flag needs an argument: 'o' in -o\nSee 'platformctl version --help' for usage.\n");
  const root = await runCli(['--bogus']);
  assert.equal(root.stderr, "error: unknown flag: --bogus\nSee 'platformctl --help' for usage.\n");
  const valued = await runCli(['version', '--clinet=true']);
  assert.equal(valued.stderr, "error: unknown flag: --clinet\n\nDid you mean this?\n\t--client\n\nSee 'platformctl version --help' for usage.\n");
});

test('a group without its subcommand prints its help on stdout and exits 0', async () => {
  // kubectl's groups print it on stderr and exit 1 (DefaultSubCommandRun); ours keep printing it as
  // --help does, which the config and plugin tests expect.
  const r = await runCli(['config']);
  assert.equal(r.code, 0);
  assert.equal(r.stderr, '');
  assert.match(r.stdout, /^Modify kubeconfig files/);
  assert.match(r.stdout, /\nAvailable Commands:\n {2}current-context +Display the current-context\n/);
  const help = await runCli(['config', '--help']);
  assert.equal(help.code, 0);
  assert.equal(help.stdout, r.stdout);
});

test('help COMMAND... as cobra\'s help command', async () => {
  const view = await runCli(['help', 'config', 'view']);
  assert.equal(view.code, 0);
  assert.equal(view.stdout, (await runCli(['config', 'view', '--help'])).stdout);
  const extra = await runCli(['help', 'config', 'nosuch']);
  assert.equal(extra.stdout, (await runCli(['config', '--help'])).stdout);
  const root = await runCli(['help']);
  assert.equal(root.stdout, (await runCli([])).stdout);
  const unknown = await runCli(['help', 'nosuch']);
  assert.equal(unknown.code, 0);
  assert.equal(unknown.stdout, '');
  assert.ok(unknown.stderr.startsWith('Unknown help topic [`nosuch`]\nplatformctl controls a platform cluster'));
});

test('the root prints its help on stdout; global flags alone do too', async () => {
  const r = await runCli([]);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /\nUsage:\n {2}platformctl \[flags\] \[options\]\n/);
  assert.equal((await runCli(['-n', 'x'])).stdout, r.stdout);
});

const FLAGS: FlagSpec[] = [
  { name: 'zeta', type: 'bool', default: false, description: 'last' },
  { name: 'alpha', short: 'a', type: 'string', default: 'x', description: 'first' },
  { name: 'token', type: 'string', default: '', description: 'the command\'s own --token' },
  { name: 'secret', type: 'string', default: '', description: 'hidden', hidden: true },
];
const SPEC: CommandSpec = { name: 'demo', usage: 'NAME', summary: 'demo', description: 'A demo command.', examples: [{ description: 'Run it', command: 'platformctl demo x' }], flags: FLAGS };

test('help lists the command\'s own flags by long name, a command flag overriding a global one', () => {
  const text = renderCommandHelp(SPEC, ['demo']);
  assert.equal(text, [
    'A demo command.',
    '',
    'Examples:',
    '  # Run it',
    '  platformctl demo x',
    '',
    'Options:',
    "    -a, --alpha='x':",
    '\tfirst',
    '',
    "    --token='':",
    "\tthe command's own --token",
    '',
    '    --zeta=false:',
    '\tlast',
    '',
    'Usage:',
    '  platformctl demo NAME [options]',
    '',
    'Use "platformctl options" for a list of global command-line options (applies to all commands).',
    '',
  ].join('\n'));
});

test('parseCommandLine: commander with pflag\'s syntax', () => {
  const r = parseCommandLine(['x', '-a=1', '--zeta', 'y', '--secret', 's', '--', '--zeta'], FLAGS);
  assert.deepEqual(r.args, ['x', 'y', '--zeta']);
  assert.equal(r.flags.string('alpha'), '1');
  assert.equal(r.flags.bool('zeta'), true);
  assert.equal(r.flags.string('secret'), 's');
  assert.equal(r.flags.changed('token'), false);
  assert.equal(r.flags.string('token'), '');
});
