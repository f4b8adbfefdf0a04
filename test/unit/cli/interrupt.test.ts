/**
 * The process interrupt handling with a fake signal source and exit: the first signal aborts and
 * forces the exit after the grace period; a second one exits at once; a holder suspends the forced
 * exit; the exit code becomes 130 (SIGINT) or 143 (SIGTERM).
 */
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import { CapturedOutput } from '../../support/cli.js';
import { holdInterrupts, isInterruption, LineTrackingOutput, processInterrupts } from '../../../src/cli/interrupt.js';

function setup(graceMs = 30): { emitter: EventEmitter; exits: number[]; lines: number; interrupts: ReturnType<typeof processInterrupts> } {
  const emitter = new EventEmitter();
  const state = { emitter, exits: [] as number[], lines: 0, interrupts: undefined as unknown as ReturnType<typeof processInterrupts> };
  state.interrupts = processInterrupts({
    exit: (code) => void state.exits.push(code),
    endLine: () => void state.lines++,
    graceMs,
    signals: { on: (signal, listener) => emitter.on(signal, listener) },
  });
  return state;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

test('the first SIGINT aborts, then forces exit 130 after the grace period', async () => {
  const s = setup();
  const signal = s.interrupts.signal();
  assert.equal(s.interrupts.exitCode(0), 0);
  s.emitter.emit('SIGINT', 'SIGINT');
  assert.equal(signal.aborted, true);
  assert.deepEqual(s.exits, []);
  assert.equal(s.interrupts.exitCode(0), 130);
  await sleep(60);
  assert.deepEqual(s.exits, [130]);
  assert.equal(s.lines, 1, 'the terminal line is ended before the forced exit');
});

test('a second signal exits at once; SIGTERM means 143', () => {
  const s = setup(10_000);
  s.interrupts.signal();
  s.emitter.emit('SIGTERM', 'SIGTERM');
  assert.deepEqual(s.exits, []);
  s.emitter.emit('SIGINT', 'SIGINT');
  assert.deepEqual(s.exits, [130]);
  assert.equal(s.interrupts.exitCode(0), 143);
});

test('while held, the first signal only aborts and the command keeps its exit code', async () => {
  const s = setup();
  const release = holdInterrupts();
  try {
    const signal = s.interrupts.signal();
    s.emitter.emit('SIGINT', 'SIGINT');
    assert.equal(signal.aborted, true);
    await sleep(60);
    assert.deepEqual(s.exits, []);
    assert.equal(s.interrupts.exitCode(0), 0);
    s.emitter.emit('SIGINT', 'SIGINT');
    assert.deepEqual(s.exits, [130]);
  } finally {
    release();
  }
});

test('a hold of SIGINT only: Ctrl-C ends the command with its own code, SIGTERM is still forced (143)', async () => {
  const release = holdInterrupts(['SIGINT']);
  try {
    const s = setup();
    s.interrupts.signal();
    s.emitter.emit('SIGINT', 'SIGINT');
    await sleep(60);
    assert.deepEqual(s.exits, []);
    assert.equal(s.interrupts.exitCode(0), 0);
    const t = setup();
    t.interrupts.signal();
    t.emitter.emit('SIGTERM', 'SIGTERM');
    await sleep(60);
    assert.deepEqual(t.exits, [143]);
    assert.equal(t.interrupts.exitCode(0), 143);
  } finally {
    release();
  }
});

test('an abort caused by the interrupt is recognized; other errors are not', () => {
  const aborted = AbortSignal.abort();
  const named = (name: string, message = 'the operation was aborted'): Error => Object.assign(new Error(message), { name });
  assert.equal(isInterruption(named('AbortedError'), aborted), true);
  assert.equal(isInterruption(named('AbortedError', 'login was interrupted'), aborted), false, 'a specific message is still printed');
  assert.equal(isInterruption(new Error('wrapped', { cause: named('AbortError') }), aborted), true);
  assert.equal(isInterruption(named('AbortedError'), new AbortController().signal), false);
  assert.equal(isInterruption(new Error('connection refused'), aborted), false);
});

test('a line-tracking output ends a half-written line once', () => {
  const inner = new CapturedOutput(true);
  const out = new LineTrackingOutput(inner);
  out.endLine();
  assert.equal(inner.text, '');
  out.write('row 1\npartial');
  out.endLine();
  out.endLine();
  assert.equal(inner.text, 'row 1\npartial\n');
});
