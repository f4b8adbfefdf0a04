import assert from 'node:assert/strict';
import { test } from 'node:test';
import { conditionMet, parseCondition } from '../../../../src/cli/commands/wait/conditions.js';
import { UsageError } from '../../../../src/cli/framework/usage-error.js';
import type { KubeObject } from '../../../../src/sdk/types/meta.js';

const deployment = (status: Record<string, unknown>, generation = 2): KubeObject =>
  ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', generation }, status }) as KubeObject;

test('conditions match by type and status case-insensitively, for the current generation only', () => {
  const ready = deployment({ observedGeneration: 2, conditions: [{ type: 'Available', status: 'True' }] });
  assert.equal(conditionMet(ready, 'available', 'true'), true);
  assert.equal(conditionMet(ready, 'Available', 'False'), false);
  assert.equal(conditionMet(ready, 'Progressing', 'True'), false);
  assert.equal(conditionMet(deployment({ observedGeneration: 1, conditions: [{ type: 'Available', status: 'True' }] }), 'Available', 'True'), false);
  assert.equal(conditionMet(deployment({ conditions: [{ type: 'Available', status: 'True', observedGeneration: 1 }] }), 'Available', 'True'), false);
  assert.equal(conditionMet(deployment({}), 'Available', 'True'), false);
});

test('--for values: delete, create, condition=NAME[=VALUE], jsonpath={expr}[=VALUE]', async () => {
  assert.deepEqual(await parseCondition('DELETE'), { kind: 'delete' });
  assert.deepEqual(await parseCondition('create'), { kind: 'create' });
  const cond = await parseCondition('condition=Available=false');
  assert.equal(cond.kind, 'check');
  if (cond.kind !== 'check') return;
  assert.equal(cond.test(deployment({ observedGeneration: 2, conditions: [{ type: 'Available', status: 'False' }] })), true);

  const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: { mode: 'a=b', n: '3' } } as KubeObject;
  const withValue = await parseCondition('jsonpath={.data.mode}=a=b');
  assert.ok(withValue.kind === 'check' && withValue.test(cm), 'the value is everything after the = that follows the expression');
  const relaxed = await parseCondition('jsonpath=.data.n=3');
  assert.ok(relaxed.kind === 'check' && relaxed.test(cm));
  const any = await parseCondition('jsonpath={.data.n}');
  assert.ok(any.kind === 'check' && any.test(cm));
  const missing = await parseCondition('jsonpath={.data.none}');
  assert.ok(missing.kind === 'check' && !missing.test(cm));
  const nested = await parseCondition('jsonpath={.data}=x');
  assert.ok(nested.kind === 'check');
  if (nested.kind === 'check') assert.throws(() => nested.test(cm), /nested object or list/);
  await assert.rejects(parseCondition('jsonpath={.data.n}='), /has to have a value/);
  await assert.rejects(parseCondition('ready'), (err: unknown) => err instanceof UsageError && err.message === 'unrecognized condition: "ready"');
});
