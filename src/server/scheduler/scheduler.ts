/**
 * The scheduler (`default-scheduler`): binds each pending pod whose `spec.schedulerName` is the
 * default one to a node that fits, through the `pods/binding` sub-resource. A pod that fits no node
 * gets `PodScheduled=False` (reason Unschedulable, the real scheduler's message) and a
 * FailedScheduling event, and waits until a node or another pod changes, or five minutes pass,
 * as in the scheduler's unschedulable queue. Among fitting nodes it prefers the least requested.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { Node, Pod } from '../../sdk/types/generated/core-v1.js';
import { COMPONENTS } from '../../sdk/naming.js';
import type { ServerContext, WriteEvent } from '../context.js';
import { timestamp } from '../util/time.js';
import { InternalClient } from '../control/client.js';
import type { Controller } from '../control/controller.js';
import { realClock, type CancelTimer, type ControllerClock } from '../control/clock.js';
import { reconcileLoop, STEADY_RETRY } from '../control/reconcile-loop.js';
import { EventRecorder } from '../control/event-recorder.js';
import type { ResourceDef } from '../registry/types.js';
import { storedAs } from '../registry/kind-def.js';
import { ApiError } from '../errors.js';
import { asObject } from '../util/json.js';
import { podRequest, quantityMilli } from './pod-resources.js';
import { bindPod } from './binding.js';
import { checkFit, fitErrorMessage, type NodeFitFailure } from './fit.js';
import { writeJson } from '../../machinery/json-numbers.js';

/** The name pods ask for to be scheduled by this scheduler. */
export const DEFAULT_SCHEDULER = COMPONENTS.scheduler;
/** How long an unschedulable pod waits at most before it is tried again. */
const UNSCHEDULABLE_RETRY_MS = 5 * 60_000;

/** A node and the unfinished pods bound to it (fit.ts's NodeInfo, typed). */
interface PlacedNode {
  node: Node;
  pods: Pod[];
}

function keyOf(pod: Pod): string {
  return `${pod.metadata?.namespace ?? ''}/${pod.metadata?.name ?? ''}`;
}

function finished(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed';
}

/** True for pods this scheduler must place. */
function wantsScheduling(pod: Pod): boolean {
  if ((pod.spec?.nodeName ?? '') !== '') return false;
  if ((pod.spec?.schedulerName ?? DEFAULT_SCHEDULER) !== DEFAULT_SCHEDULER) return false;
  if (typeof pod.metadata?.deletionTimestamp === 'string') return false;
  return !finished(pod);
}

/** Creates the scheduler. */
export function scheduler(ctx: ServerContext, clock: ControllerClock = realClock(ctx.now)): Controller {
  const client = new InternalClient(ctx, 'system:kube-scheduler', DEFAULT_SCHEDULER);
  const recorder = new EventRecorder(ctx, { component: DEFAULT_SCHEDULER });
  const pods = ctx.registry.kind('v1', 'Pod');
  const nodesDef = ctx.registry.kind('v1', 'Node');
  // The PodScheduled condition is written untyped: its lastProbeTime is null (Go's zero time).
  const podStatusDef: ResourceDef = pods;
  const nodes = new Map<string, Node>();
  const podCache = new Map<string, Pod>();
  const unschedulable = new Set<string>();
  let flushTimer: CancelTimer | undefined;
  let retryTimer: CancelTimer | undefined;

  const loop = reconcileLoop({
    name: 'scheduler', ctx, clock, retry: STEADY_RETRY,
    reconcile: (key) => scheduleOne(key),
    subscribe: () => [ctx.onWrite(onWrite)],
    initialKeys: async () => {
      for (const n of await client.list(nodesDef)) nodes.set(n.metadata?.name ?? '', n);
      const keys: string[] = [];
      for (const p of await client.list(pods)) {
        podCache.set(p.metadata?.uid ?? '', p);
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

  function nodeInfos(): PlacedNode[] {
    const byNode = new Map<string, Pod[]>();
    for (const p of podCache.values()) {
      const n = p.spec?.nodeName ?? '';
      if (n === '' || finished(p)) continue;
      byNode.set(n, [...(byNode.get(n) ?? []), p]);
    }
    return [...nodes.values()].map((node) => ({ node, pods: byNode.get(node.metadata?.name ?? '') ?? [] }));
  }

  /** Least requested share of CPU and memory after placing the pod (NodeResourcesFit's default score). */
  function score(pod: Pod, info: PlacedNode): number {
    const alloc = info.node.status?.allocatable ?? {};
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

  async function setUnschedulable(pod: Pod, message: string): Promise<void> {
    const now = ctx.now();
    await client.update(podStatusDef, pod.metadata?.namespace ?? '', pod.metadata?.name ?? '', (p) => {
      const current = storedAs(pods, p);
      if (current.metadata?.uid !== pod.metadata?.uid || !wantsScheduling(current)) return false;
      const conditions = current.status?.conditions ?? [];
      const existing = conditions.find((c) => c.type === 'PodScheduled');
      if (existing?.status === 'False' && existing.reason === 'Unschedulable' && existing.message === message) return false;
      const transition = existing?.status === 'False' && typeof existing.lastTransitionTime === 'string' ? existing.lastTransitionTime : timestamp(now);
      const next: JsonObject = { type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message, lastProbeTime: null, lastTransitionTime: transition };
      const status = asObject(p.status) ?? {};
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
    let best: { info: PlacedNode; score: number } | undefined;
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
    const nodeName = best.info.node.metadata?.name ?? '';
    try {
      await bindPod(ctx, {
        def: pods, namespace, name, subresource: 'binding', user: client.user, dryRun: false, fieldManager: DEFAULT_SCHEDULER,
        options: {},
      }, { apiVersion: 'v1', kind: 'Binding', metadata: { name, namespace, uid: pod.metadata?.uid ?? '' }, target: { apiVersion: 'v1', kind: 'Node', name: nodeName } });
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
      const node = storedAs(nodesDef, ev.object);
      const name = node.metadata?.name ?? '';
      if (ev.type === 'DELETED') nodes.delete(name);
      else nodes.set(name, node);
      flushUnschedulable();
      return;
    }
    if (ev.def.plural !== 'pods') return;
    const pod = storedAs(pods, ev.object);
    const uid = pod.metadata?.uid ?? '';
    const key = keyOf(pod);
    if (ev.type === 'DELETED') {
      podCache.delete(uid);
      unschedulable.delete(key);
      flushUnschedulable();
      return;
    }
    const before = podCache.get(uid);
    podCache.set(uid, pod);
    if (wantsScheduling(pod)) {
      // A change of the pod itself (not just the scheduler's own condition) makes it worth another try.
      const specChanged = before === undefined || writeJson(before.spec) !== writeJson(pod.spec) || writeJson(before.metadata?.labels) !== writeJson(pod.metadata?.labels);
      if (!unschedulable.has(key) || specChanged) {
        unschedulable.delete(key);
        queue.add(key);
      }
    } else if (before !== undefined && !finished(before) && finished(pod)) {
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
