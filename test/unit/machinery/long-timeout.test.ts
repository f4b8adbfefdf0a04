// Timers past Node's 2^31-1 ms: Node fires those after 1 ms; these wait the whole delay.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_TIMER_MS, setLongTimeout } from '../../../src/machinery/long-timeout.js';
import { sleepUnlessAborted } from '../../../src/machinery/sleep.js';
import { timeoutSignal } from '../../../src/sdk/timeout-signal.js';

test('a delay past Node\'s reach waits in steps', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  let fired = 0;
  setLongTimeout(() => fired++, MAX_TIMER_MS * 2 + 5);
  t.mock.timers.tick(1);
  assert.equal(fired, 0, 'not after 1 ms, as a Node timer of this delay would');
  // The mock clock starts a step where the tick ends, so each step here lands up to a tick late.
  t.mock.timers.tick(MAX_TIMER_MS);
  t.mock.timers.tick(MAX_TIMER_MS);
  assert.equal(fired, 0);
  t.mock.timers.tick(10);
  assert.equal(fired, 1);
});

test('short delays, Infinity, clearing', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const calls: string[] = [];
  setLongTimeout(() => calls.push('short'), 10);
  setLongTimeout(() => calls.push('negative'), -5);
  const never = setLongTimeout(() => calls.push('infinite'), Infinity);
  const cleared = setLongTimeout(() => calls.push('cleared'), MAX_TIMER_MS + 1);
  t.mock.timers.tick(MAX_TIMER_MS);
  cleared.clear();
  t.mock.timers.tick(MAX_TIMER_MS * 3);
  assert.deepEqual(calls, ['negative', 'short']);
  never.clear();
});

test('the SDK\'s timeout signal and machinery\'s sleep take any delay', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const signal = timeoutSignal(30 * 24 * 3600 * 1000);
  let slept = false;
  void sleepUnlessAborted(30 * 24 * 3600 * 1000).then(() => {
    slept = true;
  });
  t.mock.timers.tick(1000);
  t.mock.timers.tick(MAX_TIMER_MS);
  assert.equal(signal.aborted, false, 'not before 30 days');
  assert.equal(slept, false);
  t.mock.timers.tick(MAX_TIMER_MS);
  assert.equal(signal.aborted, true);
  assert.equal((signal.reason as DOMException).name, 'TimeoutError');
  return Promise.resolve().then(() => assert.equal(slept, true));
});
