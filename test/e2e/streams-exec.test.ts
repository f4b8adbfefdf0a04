/**
 * `exec` against the local server's process node: the remote exit code becomes ours (0, 3), a
 * command that does not exist fails as on a real node, stdin is piped through with `-i`, and a
 * `-t` session in a pseudo-terminal runs raw, passes window resizes and Ctrl-C to the remote process.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStreamsEnv, programPod, SKIP_NODE, type StreamsEnv } from './streams-support.js';
import { ptySkipReason, runInPty } from './streams-pty-driver.js';

const NS = 'streams-exec';
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'platformctl');

describe('exec', { skip: SKIP_NODE }, () => {
  let s: StreamsEnv;
  before(async () => {
    s = await openStreamsEnv(NS);
    await s.runPod(programPod('box', 'setInterval(() => {}, 1000)'));
  });
  after(async () => {
    await s?.close();
  });

  test('the remote exit code becomes ours; stdout and stderr stay apart', async () => {
    const ok = await s.cli(['exec', 'box', '--', 'sh', '-c', 'echo out; echo err >&2']);
    assert.deepEqual(ok, { code: 0, stdout: 'out\n', stderr: 'err\n' });
    const three = await s.cli(['exec', 'box', '--', 'sh', '-c', 'echo out; echo err >&2; exit 3']);
    assert.deepEqual(three, { code: 3, stdout: 'out\n', stderr: 'err\ncommand terminated with exit code 3\n' });
  });

  test('a command that is not found fails as the node reports it', async () => {
    const r = await s.cli(['exec', 'box', '--', 'no-such-command-here']);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^error: Internal error occurred: error executing command in container: .*exec: "no-such-command-here": executable file not found in \$PATH: unknown\n$/);
  });

  test('-i pipes stdin to the command; without -i it gets none', async () => {
    const big = 'abcdefghij'.repeat(50_000);
    const wc = await s.cli(['exec', '-i', 'box', '--', 'wc', '-c'], { stdin: big });
    assert.deepEqual(wc, { code: 0, stdout: `${big.length}\n`, stderr: '' });
    const cat = await s.cli(['exec', '-i', 'box', '--', 'cat'], { stdin: 'one\ntwo\n' });
    assert.equal(cat.stdout, 'one\ntwo\n');
    const none = await s.cli(['exec', 'box', '--', 'cat'], { stdin: 'ignored\n' });
    assert.deepEqual(none, { code: 0, stdout: '', stderr: '' });
  });

  test('usage errors and a missing pod', async () => {
    const noCommand = await s.cli(['exec', 'box']);
    assert.equal(noCommand.code, 1);
    assert.match(noCommand.stderr, /^error: you must specify at least one command for the container\n/);
    const missing = await s.cli(['exec', 'nope', '--', 'true']);
    assert.equal(missing.code, 1);
    assert.equal(missing.stderr, 'Error from server (NotFound): pods "nope" not found\n');
    const notty = await s.cli(['exec', '-it', 'box', '--', 'true']);
    assert.deepEqual(notty, { code: 0, stdout: '', stderr: 'Unable to use a TTY - input is not a terminal or the right kind of file\n' });
  });

  const ptySkip = ptySkipReason() || (existsSync(join(ROOT, 'dist', 'cli', 'platformctl.cjs')) ? false : 'the CLI bundle is not built (npm run build)');
  test('-t in a pseudo-terminal: raw mode, window resizes and Ctrl-C reach the remote process', { skip: ptySkip }, async () => {
    const program = [
      "const size = () => console.log('size ' + process.stdout.columns + 'x' + process.stdout.rows);",
      "size(); process.stdout.on('resize', size);",
      "process.on('SIGINT', () => { console.log('remote got SIGINT'); process.exit(7); });",
      "process.stdin.on('data', (d) => console.log('typed ' + JSON.stringify(String(d))));",
    ].join(' ');
    const env = { PATH: process.env.PATH ?? '', ...s.env, NO_COLOR: '1', TERM: 'xterm' };
    const r = await runInPty([process.execPath, BIN, 'exec', '-it', 'box', '--', process.execPath, '-e', program], env, [80, 24], [
      { expect: 'size 80x24' },
      { resize: [100, 30] },
      { expect: 'size 100x30' },
      { type: 'hello\r' },
      { expect: 'typed "hello\\n"' },
      { type: '\x03' },
      { expect: 'remote got SIGINT' },
    ]);
    assert.equal(r.timedOut, undefined, `a step timed out; the terminal showed:\n${r.output}`);
    assert.equal(r.exitCode, 7, r.output);
    assert.match(r.output, /command terminated with exit code 7/);
  });
});
