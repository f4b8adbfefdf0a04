import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { JsonObject } from '../../../../src/sdk/types/meta.js';
import { InternalClient } from '../../../../src/server/control/client.js';
import { EventRecorder, SIMILAR_EVENT_LIMIT } from '../../../../src/server/control/event-recorder.js';
import { eventTtlController } from '../../../../src/server/controllers/event-ttl.js';
import type { ResourceDef } from '../../../../src/server/registry/types.js';
import { createTestContext } from '../../../support/context.js';

const pod: JsonObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-1', namespace: 'default', uid: 'u-1', resourceVersion: '7' } };
const node: JsonObject = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'local', uid: 'n-1' } };

async function events(client: InternalClient, def: ResourceDef): Promise<JsonObject[]> {
  return client.list(def);
}

async function setup() {
  const t = await createTestContext();
  const def = t.ctx.registry.lookup('', 'v1', 'events');
  assert.ok(def);
  return { ...t, def, client: new InternalClient(t.ctx, 'test') };
}

test('an event is written as a real component writes it: source, reference, timestamps, count 1', async () => {
  const { ctx, def, client } = await setup();
  const rec = new EventRecorder(ctx, { component: 'default-scheduler' });
  rec.event(pod, 'Normal', 'Scheduled', 'Successfully assigned default/web-1 to local');
  await rec.flush();
  const [ev] = await events(client, def);
  assert.ok(ev);
  assert.match(String((ev.metadata as JsonObject).name), /^web-1\.[0-9a-f]+$/);
  assert.equal((ev.metadata as JsonObject).namespace, 'default');
  assert.deepEqual(ev.involvedObject, { apiVersion: 'v1', kind: 'Pod', name: 'web-1', namespace: 'default', uid: 'u-1', resourceVersion: '7' });
  assert.equal(ev.reason, 'Scheduled');
  assert.equal(ev.type, 'Normal');
  assert.equal(ev.count, 1);
  assert.equal(ev.firstTimestamp, '2026-01-01T00:00:00Z');
  assert.equal(ev.lastTimestamp, '2026-01-01T00:00:00Z');
  assert.deepEqual(ev.source, { component: 'default-scheduler' });
  assert.equal(ev.reportingComponent, 'default-scheduler');
});

test('a repeated event counts up on one Event; a cluster-scoped object reports into default', async () => {
  const { ctx, def, client, clock } = await setup();
  const rec = new EventRecorder(ctx, { component: 'kubelet', host: 'local' });
  rec.event(pod, 'Warning', 'BackOff', 'Back-off restarting failed container web', 'spec.containers{web}');
  clock.advance(10_000);
  rec.event(pod, 'Warning', 'BackOff', 'Back-off restarting failed container web', 'spec.containers{web}');
  rec.event(node, 'Normal', 'NodeReady', 'Node local status is now: NodeReady');
  await rec.flush();
  const all = await events(client, def);
  assert.equal(all.length, 2);
  const backoff = all.find((e) => e.reason === 'BackOff');
  assert.equal(backoff?.count, 2);
  assert.equal(backoff?.firstTimestamp, '2026-01-01T00:00:00Z');
  assert.equal(backoff?.lastTimestamp, '2026-01-01T00:00:10Z');
  assert.equal((backoff?.involvedObject as JsonObject).fieldPath, 'spec.containers{web}');
  const ready = all.find((e) => e.reason === 'NodeReady');
  assert.equal((ready?.metadata as JsonObject).namespace, 'default');
});

test('similar events beyond the limit are combined into one Event', async () => {
  const { ctx, def, client } = await setup();
  const rec = new EventRecorder(ctx, { component: 'replicaset-controller' });
  for (let i = 0; i < SIMILAR_EVENT_LIMIT + 5; i++) rec.event(pod, 'Normal', 'SuccessfulCreate', `Created pod: web-${i}`);
  await rec.flush();
  const all = await events(client, def);
  assert.equal(all.length, SIMILAR_EVENT_LIMIT + 5);
  const combined = all.filter((e) => String(e.message).startsWith('(combined from similar events): '));
  assert.equal(combined.length, 5);
});

test('an Event deleted behind the recorder is recorded afresh', async () => {
  const { ctx, def, client } = await setup();
  const rec = new EventRecorder(ctx, { component: 'kubelet' });
  rec.event(pod, 'Normal', 'Pulled', 'no image to pull');
  await rec.flush();
  const [first] = await events(client, def);
  await client.delete(def, 'default', String((first?.metadata as JsonObject).name));
  rec.event(pod, 'Normal', 'Pulled', 'no image to pull');
  await rec.flush();
  const all = await events(client, def);
  assert.equal(all.length, 1);
  assert.equal(all[0]?.count, 1);
});

test('events last seen longer ago than the TTL are deleted; newer ones stay', async () => {
  const { ctx, def, client, clock } = await setup();
  const rec = new EventRecorder(ctx, { component: 'kubelet' });
  rec.event(pod, 'Normal', 'Old', 'old');
  await rec.flush();
  clock.advance(50 * 60_000);
  rec.event(pod, 'Normal', 'New', 'new');
  await rec.flush();
  clock.advance(20 * 60_000);
  const ttl = eventTtlController(ctx, 60 * 60_000);
  await ttl.start();
  ttl.stop();
  const left = await events(client, def);
  assert.deepEqual(left.map((e) => e.reason), ['New']);
});
