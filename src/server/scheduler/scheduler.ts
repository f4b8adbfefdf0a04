/**
 * The scheduler (`default-scheduler`): binds each pending pod whose `spec.schedulerName` is the
 * default one to a node that fits, through the `pods/binding` sub-resource. A pod that fits no node
 * gets `PodScheduled=False` (reason Unschedulable, the real scheduler's message) and a
 * FailedScheduling event, and waits until a node or another pod changes, or five minutes pass,
 * as in the scheduler's unschedulable queue. Among fitting nodes it prefers the least requested.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { COMPONENTS } from '../../sdk/naming.js';
import type { ServerContext, WriteEvent } from '../context.js';
import { timestamp } from '../util/time.js';
import { InternalClient } from '../control/client.js';
import type { Controller } from '../control/controller.js';
import { realClock, type CancelTimer, type ControllerClock } from '../control/clock.js';
import { reconcileLoop, STEADY_RETRY } from '../control/reconcile-loop.js';
import { EventRecorder } from '../control/event-recorder.js';
import type { ResourceDef } from '../registry/types.js';
import { ApiError } from '../errors.js';
import { asArray, asObject, asString } from '../util/json.js';
import { podRequest, quantityMilli } from './pod-resources.js';
import { bindPod } from './binding.js';
import { checkFit, fitErrorMessage, type NodeFitFailure, type NodeInfo } from './fit.js';
import { writeJson } from '../../machinery/json-numbers.js';

/** The name pods ask for to be scheduled by this scheduler. */
export const DEFAULT_SCHEDULER = COMPONENTS.scheduler;
/** How long an unschedulable pod waits at most before it is tried again. */
const UNSCHEDULABLE_RETRY_MS = 5 * 60_000;

function meta(o: JsonObject): JsonObject {
  return asObject(o.metadata) ?? {};
}

function spec(o: JsonObject): JsonObject {
  return asObject(o.spec) ?? {};
}

function keyOf(pod: JsonObject): string {
  return `${asString(meta(pod).namespace) ?? ''}/${asString(meta(pod).name) ?? ''}`;
}

function finished(pod: JsonObject): boolean {
  const phase = asString(asObject(pod.status)?.phase);
  return phase === 'Succeeded' || phase === 'Failed';
}

/** True for pods this scheduler must place. */
function wantsScheduling(pod: JsonObject): boolean {
  const s = spec(pod);
  if ((asString(s.nodeName) ?? '') !== '') return false;
  if ((asString(s.schedulerName) ?? DEFAULT_SCHEDULER) !== DEFAULT_SCHEDULER) return false;
  if (typeof meta(pod).deletionTimestamp === 'string') return false;
  return !finished(pod);
}

/** Creates the scheduler. */
export function scheduler(ctx: ServerContext, clock: ControllerClock = realClock(ctx.now)): Controller {
  const client = new InternalClient(ctx, 'system:kube-scheduler', DEFAULT_SCHEDULER);
  const recorder = new EventRecorder(ctx, { component: DEFAULT_SCHEDULER });
  const podsDef = ctx.registry.lookup('', 'v1', 'pods');
  const nodesDef = ctx.registry.lookup('', 'v1', 'nodes');
  if (podsDef === undefined || nodesDef === undefined) throw new Error('pods and nodes must be served');
  const pods: ResourceDef = podsDef;
  const nodes = new Map<string, JsonObject>();
  const podCache = new Map<string, JsonObject>();
  const unschedulable = new Set<string>();
  let flushTimer: CancelTimer | undefined;
  let retryTimer: CancelTimer | undefined;

  const loop = reconcileLoop({
    name: 'scheduler', ctx, clock, retry: STEADY_RETRY,
    reconcile: (key) => scheduleOne(key),
    subscribe: () => [ctx.onWrite(onWrite)],
    initialKeys: async () => {
      for (const n of await client.list(nodesDef)) nodes.set(asString(meta(n).name) ?? '', n);
      const keys: string[] = [];
      for (const p of await client.list(pods)) {
        podCache.set(asString(meta(p).uid) ?? '', p);
        if (wantsScheduling(p)) keys.push(keyOf(p));
      }
      return keys;
    },
    onStart: retryLater,
    onStop() {
      flushTimer?.();
      retryTimer?.();
    },
  });
  const queue = loop.queue;

  /** Unschedulable pods are tried again now and then, whatever changed. */
  function retryLater(): void {
    retryTimer = clock.setTimer(() => {
      for (const k of unschedulable) queue.add(k);
      unschedulable.clear();
      retryLater();
    }, UNSCHEDULABLE_RETRY_MS);
  }

  /** Unschedulable pods are tried again when the cluster changed (debounced). */
  function flushUnschedulable(): void {
    if (unschedulable.size === 0 || flushTimer !== undefined) return;
    flushTimer = clock.setTimer(() => {
      flushTimer = undefined;
      for (const k of unschedulable) queue.add(k);
      unschedulable.clear();
    }, 50);
  }

  function nodeInfos(): NodeInfo[] {
    const byNode = new Map<string, JsonObject[]>();
    for (const p of podCache.values()) {
      const n = asString(spec(p).nodeName) ?? '';
      if (n === '' || finished(p)) continue;
      byNode.set(n, [...(byNode.get(n) ?? []), p]);
    }
    return [...nodes.values()].map((node) => ({ node, pods: byNode.get(asString(meta(node).name) ?? '') ?? [] }));
  }

  /** Least requested share of CPU and memory after placing the pod (NodeResourcesFit's default score). */
  function score(pod: JsonObject, info: NodeInfo): number {
    const alloc = asObject(asObject(info.node.status)?.allocatable) ?? {};
    let total = 0;
    for (const r of ['cpu', 'memory']) {
      const cap = Number(quantityMilli(alloc[r] ?? '0'));
      if (cap <= 0) continue;
      let used = Number(podRequest(pod, r));
      for (const p of info.pods) used += Number(podRequest(p, r));
      total += Math.max(0, (cap - used) / cap);
    }
    return total;
  }

  async function setUnschedulable(pod: JsonObject, message: string): Promise<void> {
    const now = ctx.now();
    await client.update(pods, asString(meta(pod).namespace) ?? '', asString(meta(pod).name) ?? '', (p) => {
      if (meta(p).uid !== meta(pod).uid || !wantsScheduling(p)) return false;
      const status = asObject(p.status) ?? {};
      const conditions = (asArray(status.conditions) ?? []).map((c) => asObject(c) ?? {});
      const existing = conditions.find((c) => c.type === 'PodScheduled');
      const desired = { type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message };
      if (existing !== undefined && existing.status === 'False' && existing.reason === 'Unschedulable' && existing.message === message) return false;
      const transition = existing !== undefined && existing.status === 'False' && typeof existing.lastTransitionTime === 'string' ? existing.lastTransitionTime : timestamp(now);
      const next = { ...desired, lastProbeTime: null, lastTransitionTime: transition };
      status.conditions = existing === undefined ? [...conditions, next] : conditions.map((c) => (c === existing ? next : c));
      p.status = status;
      return true;
    }, 'status');
  }

  async function scheduleOne(key: string): Promise<void> {
    const [namespace = '', name = ''] = key.split('/');
    const pod = await client.get(pods, namespace, name);
    if (pod === undefined || !wantsScheduling(pod)) return;
    const infos = nodeInfos();
    const failures: NodeFitFailure[] = [];
    let best: { info: NodeInfo; score: number } | undefined;
    for (const info of infos) {
      const f = checkFit(pod, info);
      if (f !== undefined) {
        failures.push(f);
        continue;
      }
      const s = score(pod, info);
      if (best === undefined || s > best.score) best = { info, score: s };
    }
    if (best === undefined) {
      const message = fitErrorMessage(pod, failures);
      recorder.event(pod, 'Warning', 'FailedScheduling', message);
      // Parked before the status write, whose change event must not queue the pod again.
      unschedulable.add(key);
      await setUnschedulable(pod, message);
      return;
    }
    const nodeName = asString(meta(best.info.node).name) ?? '';
    try {
      await bindPod(ctx, {
        def: pods, namespace, name, subresource: 'binding', user: client.user, userAgent: DEFAULT_SCHEDULER, dryRun: false, fieldManager: DEFAULT_SCHEDULER,
        options: {},
      }, { apiVersion: 'v1', kind: 'Binding', metadata: { name, namespace, uid: asString(meta(pod).uid) ?? '' }, target: { apiVersion: 'v1', kind: 'Node', name: nodeName } });
    } catch (e) {
      // Bound or deleted meanwhile: nothing to do.
      if (e instanceof ApiError && (e.code === 409 || e.code === 404)) return;
      throw e;
    }
    recorder.event(pod, 'Normal', 'Scheduled', `Successfully assigned ${namespace}/${name} to ${nodeName}`);
  }

  function onWrite(ev: WriteEvent): void {
    if (ev.def.group !== '') return;
    if (ev.def.plural === 'nodes') {
      const name = asString(meta(ev.object).name) ?? '';
      if (ev.type === 'DELETED') nodes.delete(name);
      else nodes.set(name, ev.object);
      flushUnschedulable();
      return;
    }
    if (ev.def.plural !== 'pods') return;
    const uid = asString(meta(ev.object).uid) ?? '';
    const key = keyOf(ev.object);
    if (ev.type === 'DELETED') {
      podCache.delete(uid);
      unschedulable.delete(key);
      flushUnschedulable();
      return;
    }
    const before = podCache.get(uid);
    podCache.set(uid, ev.object);
    if (wantsScheduling(ev.object)) {
      // A change of the pod itself (not just the scheduler's own condition) makes it worth another try.
      const specChanged = before === undefined || writeJson(before.spec) !== writeJson(ev.object.spec) || writeJson(meta(before).labels) !== writeJson(meta(ev.object).labels);
      if (!unschedulable.has(key) || specChanged) {
        unschedulable.delete(key);
        queue.add(key);
      }
    } else if (before !== undefined && !finished(before) && finished(ev.object)) {
      flushUnschedulable();
    }
  }

  return {
    ...loop,
    // The scheduler's events are written too before it counts as idle.
    async idle() {
      await loop.idle();
      await recorder.flush();
    },
  };
}
