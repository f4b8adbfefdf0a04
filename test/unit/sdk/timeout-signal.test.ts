/**
 * timeoutSignal survives garbage collection when only AbortSignal.any references it (Node 20's
 * AbortSignal.timeout does not: a watch with --request-timeout then ran forever).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
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

test('the timer does not keep the process alive', async () => {
  // A process whose only pending work is a one-minute deadline ends at once.
  const module = new URL('../../../src/sdk/timeout-signal.js', import.meta.url).href;
  const program = `import(${JSON.stringify(module)}).then(({ timeoutSignal }) => { globalThis.kept = timeoutSignal(60_000); });`;
  const started = Date.now();
  const code = await new Promise<number | null>((resolve, reject) => {
    execFile(process.execPath, ['-e', program], { timeout: 30_000 }, (err) => {
      if (err === null) resolve(0);
      else if (err.killed) reject(new Error('the process was still running after 30 s'));
      else resolve(typeof err.code === 'number' ? err.code : null);
    });
  });
  assert.equal(code, 0);
  assert.ok(Date.now() - started < 20_000, 'ended long before the deadline');
});
