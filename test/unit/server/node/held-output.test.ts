import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as pause } from 'node:timers/promises';
import { test } from 'node:test';
import { holdOutput } from '../../../../src/server/node/runtime/process/held-output.js';

const PRINT_AND_END = 'process.stdout.write("out-1\\n"); process.stderr.write("err-1\\n"); process.stdout.write("out-2\\n")';

// Node resumes an exited child's unread output pipes, throwing their contents away: the runtime's
// await of the init's start report gave a command that printed and ended at once exactly that gap.
test('output printed by a child that ended before anyone took it is kept, in order, for the sink', async () => {
  const child = spawn(process.execPath, ['-e', PRINT_AND_END], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = holdOutput(child.stdout, child.stderr);
  await once(child, 'close');
  await pause(20);
  const got: string[] = [];
  output.release((stream, chunk) => got.push(`${stream}:${chunk.toString()}`));
  const of = (stream: string): string => got.filter((g) => g.startsWith(`${stream}:`)).map((g) => g.slice(stream.length + 1)).join('');
  assert.equal(of('stdout'), 'out-1\nout-2\n', 'each stream whole and in its order');
  assert.equal(of('stderr'), 'err-1\n');
});

test('after the release, output goes straight to the sink', async () => {
  const child = spawn(process.execPath, ['-e', 'process.stdin.once("data", (d) => { process.stdout.write(String(d)); process.exit(0); })'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const output = holdOutput(child.stdout, child.stderr);
  const got: string[] = [];
  output.release((stream, chunk) => got.push(`${stream}:${chunk.toString()}`));
  child.stdin.end('later\n');
  await once(child, 'close');
  assert.deepEqual(got, ['stdout:later\n']);
});

test('discarded output goes nowhere and does not hold the child', async () => {
  const child = spawn(process.execPath, ['-e', 'process.stdout.write("x".repeat(4 * 1024 * 1024))'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = holdOutput(child.stdout, child.stderr);
  output.discard();
  const [code] = (await once(child, 'close')) as [number];
  assert.equal(code, 0);
});

test('past the hold limit the pipes pause, and the release takes everything', async () => {
  const size = 3 * 1024 * 1024;
  const child = spawn(process.execPath, ['-e', `process.stdout.write("y".repeat(${size}))`], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = holdOutput(child.stdout, child.stderr);
  await pause(300);
  assert.equal(child.exitCode, null, 'the child waits on its full pipe while the output is held');
  let bytes = 0;
  output.release((_stream, chunk) => {
    bytes += chunk.length;
  });
  await once(child, 'close');
  assert.equal(bytes, size);
});
