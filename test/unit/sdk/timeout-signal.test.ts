/**
 * timeoutSignal survives garbage collection when only AbortSignal.any references it (Node 20's
 * AbortSignal.timeout does not: a watch with --request-timeout then ran forever).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { timeoutSignal } from '../../../src/sdk/timeout-signal.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

test('a combined deadline fires after a garbage collection', async () => {
  const caller = new AbortController();
  const combined = AbortSignal.any([caller.signal, timeoutSignal(100)]);
  gc();
  await new Promise((r) => setTimeout(r, 30));
  gc();
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(combined.aborted, true);
  assert.equal((combined.reason as DOMException).name, 'TimeoutError');
});

test('the timer does not keep the process alive', () => {
  // An unref'd timer: if it were ref'd, this test file would last 10 minutes.
  const signal = timeoutSignal(600_000);
  assert.equal(signal.aborted, false);
});
