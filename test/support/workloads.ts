/**
 * Drives the workload controllers in tests: a context over a real in-memory store with a fake
 * clock, the controllers started on it, a way to wait until they have nothing left to do, and
 * the kubelet's part (pod status) played through the API, as a node agent would write it.
 */
import type { JsonObject } from '../../src/sdk/types/meta.js';
import { timestamp } from '../../src/server/util/time.js';
import { InternalClient } from '../../src/server/control/client.js';
import type { Controller } from '../../src/server/control/controller.js';
import { ControllerKit, type WorkloadOptions } from '../../src/server/control/kit.js';
import type { ResourceDef } from '../../src/server/registry/types.js';
import { createTestContext, type TestContext } from './context.js';

/** A controller factory of the workloads package. */
export type ControllerFactory = (kit: ControllerKit, options: WorkloadOptions) => Controller;

/** What a workload test drives. */
export interface WorkloadHarness extends TestContext {
  client: InternalClient;
  controllers: Controller[];
  kits: ControllerKit[];
  def(group: string, version: string, plural: string): ResourceDef;
  /** Waits until every controller's queue stays empty and every event is written. */
  settle(): Promise<void>;
  /** Advances the fake clock and settles. */
  tick(ms: number): Promise<void>;
  stop(): void;
}

/** Starts the given controllers (component names for their events) over a fresh context. */
export async function startControllers(factories: [component: string, factory: ControllerFactory][]): Promise<WorkloadHarness> {
  const t = await createTestContext();
  const options: WorkloadOptions = { clock: t.clock, workers: 1 };
  const kits = factories.map(([component]) => new ControllerKit(t.ctx, component, options));
  const controllers = factories.map(([, factory], i) => {
    const kit = kits[i];
    if (kit === undefined) throw new Error('no kit');
    return factory(kit, options);
  });
  for (const c of controllers) await c.start();
  const client = new InternalClient(t.ctx, 'test', 'test');
  const settle = async (): Promise<void> => {
    for (let round = 0; round < 200; round++) {
      await new Promise((r) => setImmediate(r));
      for (const c of controllers) await c.idle();
      for (const k of kits) await k.recorder.flush();
      await new Promise((r) => setImmediate(r));
      let busy = false;
      for (const c of controllers) {
        const idle = await Promise.race([c.idle().then(() => true), new Promise<boolean>((r) => setImmediate(() => r(false)))]);
        if (!idle) busy = true;
      }
      if (!busy) return;
    }
    throw new Error('controllers did not settle');
  };
  return {
    ...t, client, controllers, kits,
    def(group, version, plural) {
      const d = t.ctx.registry.lookup(group, version, plural);
      if (d === undefined) throw new Error(`${plural} not served`);
      return d;
    },
    settle,
    async tick(ms) {
      t.clock.advance(ms);
      await settle();
    },
    stop() {
      for (const c of controllers) c.stop();
    },
  };
}

/** The kubelet's status of a running pod (ready or not), written through the status sub-resource. */
export async function setPodRunning(h: WorkloadHarness, pod: JsonObject, ready: boolean): Promise<JsonObject | undefined> {
  const meta = pod.metadata as JsonObject;
  const now = timestamp(h.clock.now());
  const containers = ((pod.spec as JsonObject).containers as JsonObject[]) ?? [];
  return h.client.update(h.def('', 'v1', 'pods'), String(meta.namespace), String(meta.name), (o) => {
    const cond = (type: string, status: boolean): JsonObject => ({ type, status: status ? 'True' : 'False', lastProbeTime: null, lastTransitionTime: now });
    o.status = {
      phase: 'Running',
      conditions: [cond('Initialized', true), cond('Ready', ready), cond('ContainersReady', ready), cond('PodScheduled', true)],
      hostIP: '127.0.0.1', podIP: '127.0.0.2', startTime: now,
      containerStatuses: containers.map((c) => ({ name: c.name ?? '', ready, restartCount: 0, started: true, image: c.image ?? '', imageID: '', state: { running: { startedAt: now } } })),
    };
    return true;
  }, 'status');
}

/** Sets a pod's phase to Succeeded or Failed with a terminated container (as a finished pod reads). */
export async function setPodFinished(h: WorkloadHarness, pod: JsonObject, phase: 'Succeeded' | 'Failed'): Promise<JsonObject | undefined> {
  const meta = pod.metadata as JsonObject;
  const now = timestamp(h.clock.now());
  const containers = ((pod.spec as JsonObject).containers as JsonObject[]) ?? [];
  return h.client.update(h.def('', 'v1', 'pods'), String(meta.namespace), String(meta.name), (o) => {
    o.status = {
      phase,
      conditions: [{ type: 'Ready', status: 'False', lastProbeTime: null, lastTransitionTime: now, reason: 'PodCompleted' }],
      startTime: now,
      containerStatuses: containers.map((c) => ({
        name: c.name ?? '', ready: false, restartCount: 0, image: c.image ?? '', imageID: '',
        state: { terminated: { exitCode: phase === 'Succeeded' ? 0 : 1, reason: phase === 'Succeeded' ? 'Completed' : 'Error', startedAt: now, finishedAt: now } },
      })),
    };
    return true;
  }, 'status');
}

/** A minimal pod template with one container. */
export function podTemplate(labels: Record<string, string>, image = 'web:1', extra: JsonObject = {}): JsonObject {
  return { metadata: { labels }, spec: { containers: [{ name: 'web', image }], ...extra } };
}
