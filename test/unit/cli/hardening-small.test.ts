/**
 * The small client items of the hardening issue, through the CLI in-process: an int flag beyond 64
 * bits, a JSONPath index beyond 64 bits, and a $PLATFORMCONFIG that names only missing files.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCli } from '../../support/cli.js';

test('a --chunk-size beyond 64 bits is refused as kubectl refuses it', async () => {
  const r = await runCli(['get', 'ns', '--chunk-size=99999999999999999999']);
  assert.equal(r.code, 1);
  assert.equal(r.stderr, [
    'error: invalid argument "99999999999999999999" for "--chunk-size" flag: strconv.ParseInt: parsing "99999999999999999999": value out of range',
    "See 'platformctl get --help' for usage.",
    '',
  ].join('\n'));
});

test('a JSONPath index beyond 64 bits is an error and exit 1, as in kubectl', async () => {
  const r = await runCli(['get', 'ns', '-o', 'jsonpath={.items[-99999999999999999999]}'], { env: { PLATFORMCONFIG: '/nonexistent' } });
  assert.equal(r.code, 1);
  assert.equal(r.stderr, 'error: error parsing jsonpath {.items[-99999999999999999999]}, array index -99999999999999999999 is not a number at position 30\n');
  assert.equal(r.stdout, '');
});

test('$PLATFORMCONFIG naming only missing files: the files are named', async () => {
  const one = await runCli(['get', 'ns'], { env: { PLATFORMCONFIG: '/nonexistent' } });
  assert.equal(one.code, 1);
  assert.equal(one.stderr, 'error: no configuration has been provided: $PLATFORMCONFIG names no existing file (stat /nonexistent: no such file or directory)\n');
  const two = await runCli(['get', 'ns'], { env: { PLATFORMCONFIG: '/nonexistent:/also-missing' } });
  assert.equal(two.stderr, 'error: no configuration has been provided: $PLATFORMCONFIG names no existing file (stat /nonexistent: no such file or directory, stat /also-missing: no such file or directory)\n');
  // Without the variable the general advice stays.
  const none = await runCli(['get', 'ns']);
  assert.match(none.stderr, /^error: no configuration has been provided: set --kubeconfig or \$PLATFORMCONFIG/);
});
