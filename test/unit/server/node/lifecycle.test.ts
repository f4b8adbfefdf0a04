import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { JsonObject } from '../../../../src/sdk/types/meta.js';
import { microTimestamp } from '../../../../src/server/util/time.js';
import { InternalClient } from '../../../../src/server/control/client.js';
import { nodeLifecycle } from '../../../../src/server/node/lifecycle.js';
import type { ResourceDef } from '../../../../src/server/registry/types.js';
import { createTestContext } from '../../../support/context.js';

function def(ctx: Awaited<ReturnType<typeof createTestContext>>['ctx'], group: string, plural: string): ResourceDef {
  const d = ctx.registry.lookup(group, 'v1', plural);
  assert.ok(d);
  return d;
}

const READY = [
  { type: 'MemoryPressure', status: 'False', reason: 'KubeletHasSufficientMemory', message: 'kubelet has sufficient memory available' },
  { type: 'DiskPressure', status: 'False', reason: 'KubeletHasNoDiskPressure', message: 'kubelet has no disk pressure' },
  { type: 'PIDPressure', status: 'False', reason: 'KubeletHasSufficientPID', message: 'kubelet has sufficient PID available' },
  { type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status' },
];

test('node lifecycle: a node whose lease is not renewed goes Unknown and gets the unreachable taints; they go when it is back', async () => {
  const { ctx, clock } = await createTestContext();
  const client = new InternalClient(ctx, 'test');
  const nodes = def(ctx, '', 'nodes');
  const pods = def(ctx, '', 'pods');
  const leases = def(ctx, 'coordination.platform.io', 'leases');
  const ns = def(ctx, '', 'namespaces');
  for (const name of ['platform-node-lease', 'default']) await client.createIfMissing(ns, '', { metadata: { name } });
  const stamp = (): JsonObject[] => READY.map((c) => ({ ...c, lastHeartbeatTime: new Date(clock.ms).toISOString().replace('.000', ''), lastTransitionTime: '2026-01-01T00:00:00Z' }));
  await client.createIfMissing(nodes, '', { metadata: { name: 'n1' }, spec: { taints: [{ key: 'node.platform.io/not-ready', effect: 'NoSchedule' }, { key: 'mine', effect: 'NoSchedule' }] }, status: { conditions: stamp() } });
  await client.createIfMissing(leases, 'platform-node-lease', { metadata: { name: 'n1' }, spec: { holderIdentity: 'n1', leaseDurationSeconds: 40, renewTime: microTimestamp(clock.ms) } });
  await client.createIfMissing(pods, 'default', { metadata: { name: 'on-n1' }, spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'x' }] } });
  await client.update(pods, 'default', 'on-n1', (p) => {
    p.status = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] };
    return true;
  }, 'status');
  const controller = nodeLifecycle(ctx, { gracePeriodMs: 40_000, monitorPeriodMs: 60_000, now: clock.now });
  await controller.start();
  await controller.idle();
  let node = await client.get(nodes, '', 'n1');
  assert.deepEqual((node?.spec as JsonObject).taints, [{ key: 'mine', effect: 'NoSchedule' }], 'a ready node loses not-ready, keeps foreign taints');

  // 40 s without a renewal are still fine; 41 s are not: Unknown, unreachable taints, pods not ready.
  clock.advance(40_000);
  await controller.monitorNow();
  assert.equal((((await client.get(nodes, '', 'n1'))?.status as JsonObject).conditions as JsonObject[])[3]?.status, 'True');
  clock.advance(1_000);
  await controller.monitorNow();
  node = await client.get(nodes, '', 'n1');
  const conditions = ((node?.status as JsonObject).conditions as JsonObject[]);
  assert.deepEqual(conditions.map((c) => [c.type, c.status, c.reason, c.message]), [
    ['MemoryPressure', 'Unknown', 'NodeStatusUnknown', 'Kubelet stopped posting node status.'],
    ['DiskPressure', 'Unknown', 'NodeStatusUnknown', 'Kubelet stopped posting node status.'],
    ['PIDPressure', 'Unknown', 'NodeStatusUnknown', 'Kubelet stopped posting node status.'],
    ['Ready', 'Unknown', 'NodeStatusUnknown', 'Kubelet stopped posting node status.'],
  ]);
  const taints = (node?.spec as JsonObject).taints as JsonObject[];
  assert.deepEqual(taints.map((t) => `${String(t.key)}:${String(t.effect)}`), ['mine:NoSchedule', 'node.platform.io/unreachable:NoExecute', 'node.platform.io/unreachable:NoSchedule']);
  assert.match(String(taints[1]?.timeAdded), /^2026-01-01T00:00:41Z$/);
  const pod = await client.get(pods, 'default', 'on-n1');
  assert.equal((((pod?.status as JsonObject).conditions as JsonObject[])[0])?.status, 'False');
  const events = await client.list(def(ctx, '', 'events'));
  assert.ok(events.some((e) => e.reason === 'NodeNotReady' && e.message === 'Node n1 status is now: NodeNotReady'));
  assert.ok(events.some((e) => e.reason === 'RegisteredNode'));
  assert.ok(events.some((e) => e.reason === 'NodeNotReady' && (e.involvedObject as JsonObject).kind === 'Pod' && e.message === 'Node is not ready'));

  // The pod on the unreachable node is evicted once its (default) 300 s toleration is over.
  clock.advance(299_000);
  await controller.monitorNow();
  assert.equal(((await client.get(pods, 'default', 'on-n1'))?.metadata as JsonObject).deletionTimestamp, undefined);
  clock.advance(1_000);
  await controller.monitorNow();
  assert.equal(typeof ((await client.get(pods, 'default', 'on-n1'))?.metadata as JsonObject).deletionTimestamp, 'string');
  assert.ok((await client.list(def(ctx, '', 'events'))).some((e) => e.reason === 'TaintManagerEviction' && e.message === 'Marking for deletion Pod default/on-n1'));

  // The agent is back: Ready again, the taints go.
  await client.update(nodes, '', 'n1', (n) => {
    (n.status as JsonObject).conditions = stamp();
    return true;
  }, 'status');
  await client.update(leases, 'platform-node-lease', 'n1', (l) => {
    (l.spec as JsonObject).renewTime = microTimestamp(clock.ms);
    return true;
  });
  await controller.monitorNow();
  node = await client.get(nodes, '', 'n1');
  assert.deepEqual((node?.spec as JsonObject).taints, [{ key: 'mine', effect: 'NoSchedule' }]);
  controller.stop();
});
