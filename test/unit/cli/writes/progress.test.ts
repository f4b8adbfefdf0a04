/**
 * The progress line of apply/create/replace/delete: drawn on a terminal stderr for the whole run
 * (reading files, then objects), left alone while stdout goes to a file, erased around output to
 * the same terminal and drawn again right after, so the two never share a line.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Output } from '../../../../src/cli/io/io.js';
import { OrderedWriter } from '../../../../src/cli/writes/ordered-writer.js';
import { ProgressLine } from '../../../../src/cli/writes/progress.js';

/** Two outputs writing into one transcript, as a terminal shows them. */
function screen(stdoutIsTTY: boolean, terminals: [string | undefined, string | undefined] = [undefined, undefined]): { stdout: Output; stderr: Output; log: string[] } {
  const log: string[] = [];
  const output = (name: string, isTTY: boolean, terminal: string | undefined): Output => ({
    isTTY, columns: 80, terminal,
    write: (text: string) => void log.push(`${name}:${text}`),
    flush: () => Promise.resolve(),
  });
  return { stdout: output('out', stdoutIsTTY, terminals[0]), stderr: output('err', true, terminals[1]), log };
}

test('stdout to a file: the progress line is never erased for it, and it covers reading and applying', () => {
  const io = screen(false);
  const progress = new ProgressLine(io);
  progress.start('reading', 30, 'files');
  progress.update(30);
  progress.start('applying', 30);
  const writer = new OrderedWriter(io.stdout, 30, (write) => progress.around('stdout', write));
  for (let i = 0; i < 30; i++) {
    writer.set(i, `configmap/c${i} created\n`);
    progress.tick();
  }
  progress.clear();
  assert.equal(io.log[0], 'err:\r\x1b[Kreading 0/30 files...');
  assert.equal(io.log[1], 'err:\r\x1b[Kreading 30/30 files...');
  assert.equal(io.log[2], 'err:\r\x1b[Kapplying 0/30 objects...');
  assert.equal(io.log.filter((l) => l === 'err:\r\x1b[K').length, 1, 'erased only at the end');
  assert.equal(io.log.at(-2), 'err:\r\x1b[Kapplying 30/30 objects...');
  assert.equal(io.log.at(-1), 'err:\r\x1b[K');
});

test('stdout on the same terminal: erased before each write and drawn again right after', () => {
  const io = screen(true);
  const progress = new ProgressLine(io);
  progress.start('applying', 25);
  const writer = new OrderedWriter(io.stdout, 25, (write) => progress.around('stdout', write));
  writer.set(0, 'configmap/a created\n');
  assert.deepEqual(io.log, ['err:\r\x1b[Kapplying 0/25 objects...', 'err:\r\x1b[K', 'out:configmap/a created\n', 'err:\r\x1b[Kapplying 0/25 objects...']);
  // A warning on stderr makes room the same way.
  io.log.length = 0;
  progress.around('stderr', () => io.stderr.write('Warning: w\n'));
  assert.deepEqual(io.log, ['err:\r\x1b[K', 'err:Warning: w\n', 'err:\r\x1b[Kapplying 0/25 objects...']);
});

test('stdout on another terminal is not erased for; short runs and non-terminals show nothing', () => {
  const other = screen(true, ['/dev/pts/1', '/dev/pts/2']);
  const progress = new ProgressLine(other);
  progress.start('applying', 25);
  progress.around('stdout', () => other.stdout.write('x\n'));
  assert.deepEqual(other.log, ['err:\r\x1b[Kapplying 0/25 objects...', 'out:x\n']);
  const short = screen(true);
  const quiet = new ProgressLine(short);
  quiet.start('applying', 3);
  quiet.tick();
  quiet.clear();
  assert.deepEqual(short.log, []);
});

test('after an interrupt, the results known so far are written, gaps skipped', () => {
  const io = screen(false);
  const writer = new OrderedWriter(io.stdout, 4);
  writer.set(1, 'b\n');
  writer.set(3, 'd\n');
  assert.deepEqual(io.log, []);
  writer.flushKnown();
  assert.deepEqual(io.log, ['out:b\nd\n']);
  writer.set(0, 'a\n');
  assert.deepEqual(io.log, ['out:b\nd\n']);
});
