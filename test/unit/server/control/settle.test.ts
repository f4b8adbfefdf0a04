import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Controller } from '../../../../src/server/control/controller.js';
import { MAX_SETTLE_PASSES, settleControllers } from '../../../../src/server/control/settle.js';
import { createTestContext } from '../../../support/context.js';

/** A controller whose `idle` writes `times` times (one write per call) before it has nothing left. */
function writer(name: string, write: () => void, times: number): Controller & { calls: number } {
  const c = {
    name,
    calls: 0,
    start: async () => undefined,
    idle: async () => {
      c.calls++;
      if (c.calls <= times) write();
    },
    stop: () => undefined,
  };
  return c;
}

test('settling goes on past three passes while the controllers still write, and stops at the first quiet pass', async () => {
  const { ctx } = await createTestContext();
  const def = ctx.registry.lookup('', 'v1', 'configmaps');
  assert.ok(def);
  const write = (): void => ctx.emitWrite({ type: 'ADDED', def, object: { metadata: { name: 'x', namespace: 'default' } } });
  const a = writer('a', write, 5);
  const b = writer('b', () => undefined, 0);
  await settleControllers([a, b], ctx);
  assert.equal(a.calls, 6, 'five passes with a write, then a quiet one');
  assert.equal(b.calls, 6);
});

test('controllers that never stop writing are an error naming what they wrote', async () => {
  const { ctx } = await createTestContext();
  const def = ctx.registry.lookup('', 'v1', 'configmaps');
  assert.ok(def);
  const a = writer('a', () => ctx.emitWrite({ type: 'MODIFIED', def, object: { metadata: { name: 'x', namespace: 'default' } } }), Infinity);
  await assert.rejects(settleControllers([a], ctx), new RegExp(`did not settle: after ${MAX_SETTLE_PASSES} passes they still write \\(last pass: 1 configmaps\\)`));
  assert.equal(a.calls, MAX_SETTLE_PASSES);
});
