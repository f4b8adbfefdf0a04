import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setImmediate as tick } from 'node:timers/promises';
import { PodWorkers } from '../../../../src/server/node/agent/pod-workers.js';
import { FakeClock } from '../../../support/context.js';

function recorder(clock: FakeClock, fail: (uid: string, n: number) => boolean = () => false) {
  const runs: string[] = [];
  const errors: string[] = [];
  const workers = new PodWorkers(async (uid) => {
    runs.push(uid);
    if (fail(uid, runs.filter((r) => r === uid).length)) throw new Error(`sync of ${uid} failed`);
  }, (uid, e) => errors.push(`${uid}: ${e instanceof Error ? e.message : String(e)}`), clock);
  return { workers, runs, errors };
}

test('a delayed sync runs when the controller clock passes its time, the earlier request winning', async () => {
  const clock = new FakeClock();
  const { workers, runs } = recorder(clock);
  workers.update('a');
  await workers.idle();
  assert.deepEqual(runs, ['a']);
  workers.updateAfter('a', 5000);
  workers.updateAfter('a', 2000);
  clock.advance(1999);
  await tick();
  await workers.idle();
  assert.deepEqual(runs, ['a']);
  clock.advance(1);
  await tick();
  await workers.idle();
  assert.deepEqual(runs, ['a', 'a']);
  clock.advance(10_000);
  await tick();
  await workers.idle();
  assert.deepEqual(runs, ['a', 'a'], 'the later request was replaced by the earlier one');
  workers.stop();
});

test('a failed sync runs again a second later on the clock; a removed pod takes no delayed sync', async () => {
  const clock = new FakeClock();
  const { workers, runs, errors } = recorder(clock, (uid, n) => uid === 'a' && n === 1);
  workers.update('a');
  await workers.idle();
  assert.deepEqual(errors, ['a: sync of a failed']);
  clock.advance(999);
  await tick();
  await workers.idle();
  assert.deepEqual(runs, ['a']);
  clock.advance(1);
  await tick();
  await workers.idle();
  assert.deepEqual(runs, ['a', 'a']);
  workers.updateAfter('a', 100);
  workers.remove('a');
  workers.updateAfter('a', 100);
  clock.advance(1000);
  await tick();
  await workers.idle();
  assert.deepEqual(runs, ['a', 'a']);
  assert.equal(clock.pendingTimers, 0);
  workers.stop();
});

test('syncs of one pod never overlap; a request while it runs runs once afterwards', async () => {
  const clock = new FakeClock();
  let release: (() => void) | undefined;
  let running = 0;
  let most = 0;
  const runs: string[] = [];
  const workers = new PodWorkers(async (uid) => {
    running++;
    most = Math.max(most, running);
    runs.push(uid);
    if (runs.length === 1) await new Promise<void>((r) => (release = r));
    running--;
  }, () => undefined, clock);
  workers.update('a');
  workers.update('b');
  await tick();
  workers.update('a');
  workers.update('a');
  release?.();
  await workers.idle();
  assert.deepEqual(runs.sort(), ['a', 'a', 'b']);
  assert.equal(most, 2, 'different pods run at once');
  workers.stop();
});
