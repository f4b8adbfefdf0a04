/**
 * Node lifecycle (the controller manager's node lifecycle controller): watches every node's
 * heartbeats (its Lease renewals and status) and, when a node has not been heard from for the grace
 * period (40 s), sets its conditions to Unknown ("Kubelet stopped posting node status."), marks its
 * pods not ready and records NodeNotReady. It keeps the condition taints current
 * (`node.platform.io/not-ready` or `unreachable` with NoSchedule and NoExecute, memory, disk and PID
 * pressure, unschedulable) and evicts pods that do not tolerate a NoExecute taint, after their
 * toleration seconds (300 s for the not-ready and unreachable taints when a pod names none, as the
 * DefaultTolerationSeconds admission plugin would give it).
 */
import type { Node, NodeCondition, Pod, Taint } from '../../sdk/types/generated/core-v1.js';
import { COMPONENTS, NAMESPACES, TAINTS } from '../../sdk/naming.js';
import type { ServerContext } from '../context.js';
import { timestamp } from '../util/time.js';
import { InternalClient } from '../control/client.js';
import { realClock } from '../control/clock.js';
import type { Controller } from '../control/controller.js';
import { sweepLoop } from '../control/sweep-loop.js';
import { EventRecorder } from '../control/event-recorder.js';
import { asNumber } from '../util/json.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import { tolerates } from '../scheduler/fit.js';

/** Settings of node lifecycle. */
export interface NodeLifecycleOptions {
  gracePeriodMs: number;
  monitorPeriodMs: number;
  /** The time nodes are judged by (this controller's own observation clock). */
  now: () => number;
}

const UNKNOWN_REASON = 'NodeStatusUnknown';
const UNKNOWN_MESSAGE = 'Kubelet stopped posting node status.';
const NEVER_REASON = 'NodeStatusNeverUpdated';
const NEVER_MESSAGE = 'Kubelet never posted node status.';
const CONDITIONS = ['MemoryPressure', 'DiskPressure', 'PIDPressure', 'Ready'];
/** Taint keys this controller owns. */
const CONTROLLED = new Set<string>([TAINTS.notReady, TAINTS.unreachable, TAINTS.memoryPressure, TAINTS.diskPressure, TAINTS.pidPressure, TAINTS.networkUnavailable, TAINTS.unschedulable]);
const DEFAULT_TOLERATION_SECONDS = 300;

interface Health {
  /** The last renewTime / heartbeat seen. */
  observed: string;
  /** When this controller saw it change (its own clock: a node is judged by what this controller observed). */
  probeTimestamp: number;
}

function conditionOf(node: Node, type: string): NodeCondition | undefined {
  return node.status?.conditions?.find((c) => c.type === type);
}

function conditionStatus(node: Node, type: string): string | undefined {
  return conditionOf(node, type)?.status;
}

/** The taints a node's conditions call for (NoExecute ones carry `timeAdded`). */
export function desiredTaints(node: Node): { key: string; effect: string }[] {
  const out: { key: string; effect: string }[] = [];
  const ready = conditionStatus(node, 'Ready');
  if (ready === 'False') out.push({ key: TAINTS.notReady, effect: 'NoExecute' }, { key: TAINTS.notReady, effect: 'NoSchedule' });
  if (ready === 'Unknown') out.push({ key: TAINTS.unreachable, effect: 'NoExecute' }, { key: TAINTS.unreachable, effect: 'NoSchedule' });
  if (conditionStatus(node, 'MemoryPressure') === 'True') out.push({ key: TAINTS.memoryPressure, effect: 'NoSchedule' });
  if (conditionStatus(node, 'DiskPressure') === 'True') out.push({ key: TAINTS.diskPressure, effect: 'NoSchedule' });
  if (conditionStatus(node, 'PIDPressure') === 'True') out.push({ key: TAINTS.pidPressure, effect: 'NoSchedule' });
  if (conditionStatus(node, 'NetworkUnavailable') === 'True') out.push({ key: TAINTS.networkUnavailable, effect: 'NoSchedule' });
  if (node.spec?.unschedulable === true) out.push({ key: TAINTS.unschedulable, effect: 'NoSchedule' });
  return out;
}

/** The node's taints with the controlled ones replaced by what its conditions call for; undefined when unchanged. */
function retaint(node: Node, now: number): Taint[] | undefined {
  const current = node.spec?.taints ?? [];
  const wanted = desiredTaints(node);
  const keep = current.filter((t) => !CONTROLLED.has(t.key) || wanted.some((w) => w.key === t.key && w.effect === t.effect));
  const add = wanted.filter((w) => !keep.some((t) => t.key === w.key && t.effect === w.effect))
    .map((w): Taint => (w.effect === 'NoExecute' ? { key: w.key, effect: w.effect, timeAdded: timestamp(now) } : { key: w.key, effect: w.effect }));
  const next = [...keep, ...add];
  return jsonEqual(next, current) ? undefined : next;
}

/** Seconds a pod may stay on a node with this NoExecute taint (undefined: forever; 0: not at all). */
function toleratedFor(pod: Pod, taint: Taint): number | undefined {
  const tols = (pod.spec?.tolerations ?? []).filter((t) => tolerates(t, taint));
  if (tols.length === 0) {
    const key = taint.key;
    return key === TAINTS.notReady || key === TAINTS.unreachable ? DEFAULT_TOLERATION_SECONDS : 0;
  }
  let min: number | undefined;
  for (const t of tols) {
    // int64: read through asNumber, which turns a bigint into a number.
    const s = asNumber(t.tolerationSeconds);
    if (s === undefined) return undefined;
    min = min === undefined ? s : Math.min(min, s);
  }
  return min === undefined ? undefined : Math.max(0, min);
}

/** Node lifecycle, with a way for tests to look at the nodes now. */
export interface NodeLifecycle extends Controller {
  /** Runs one monitor pass now (after the queued ones). */
  monitorNow(): Promise<void>;
}

/** Creates node lifecycle. */
export function nodeLifecycle(ctx: ServerContext, options: NodeLifecycleOptions): NodeLifecycle {
  const client = new InternalClient(ctx, 'system:serviceaccount:platform-system:node-controller', COMPONENTS.nodeController);
  const recorder = new EventRecorder(ctx, { component: COMPONENTS.nodeController });
  const nodesDef = ctx.registry.kind('v1', 'Node');
  const podsDef = ctx.registry.kind('v1', 'Pod');
  const leasesDef = ctx.registry.kind('coordination.platform.io/v1', 'Lease');
  const health = new Map<string, Health>();

  async function markUnknown(node: Node, now: number): Promise<Node | undefined> {
    const name = node.metadata?.name ?? '';
    return client.update(nodesDef, '', name, (n) => {
      const status = n.status ?? {};
      const conditions = status.conditions ?? [];
      let changed = false;
      for (const type of CONDITIONS) {
        const c = conditions.find((x) => x.type === type);
        if (c === undefined) {
          const created = Date.parse(n.metadata?.creationTimestamp ?? '');
          conditions.push({ type, status: 'Unknown', lastHeartbeatTime: timestamp(Number.isNaN(created) ? now : created), lastTransitionTime: timestamp(now), reason: NEVER_REASON, message: NEVER_MESSAGE });
          changed = true;
        } else if (c.status !== 'Unknown') {
          c.status = 'Unknown';
          c.reason = UNKNOWN_REASON;
          c.message = UNKNOWN_MESSAGE;
          c.lastTransitionTime = timestamp(now);
          changed = true;
        }
      }
      status.conditions = conditions;
      n.status = status;
      return changed;
    }, 'status');
  }

  async function markPodsNotReady(nodeName: string, now: number): Promise<void> {
    for (const pod of await client.list(podsDef)) {
      if (pod.spec?.nodeName !== nodeName) continue;
      const updated = await client.update(podsDef, pod.metadata?.namespace ?? '', pod.metadata?.name ?? '', (p) => {
        const ready = p.status?.conditions?.find((c) => c.type === 'Ready');
        if (ready === undefined || ready.status === 'False') return false;
        ready.status = 'False';
        ready.lastTransitionTime = timestamp(now);
        return true;
      }, 'status');
      if (updated !== undefined) recorder.event(pod, 'Warning', 'NodeNotReady', 'Node is not ready');
    }
  }

  async function evict(node: Node, now: number): Promise<void> {
    const taints = (node.spec?.taints ?? []).filter((t) => t.effect === 'NoExecute');
    if (taints.length === 0) return;
    const name = node.metadata?.name ?? '';
    for (const pod of await client.list(podsDef)) {
      if (pod.spec?.nodeName !== name || pod.metadata?.deletionTimestamp !== undefined) continue;
      let due: number | undefined;
      for (const t of taints) {
        const secs = toleratedFor(pod, t);
        if (secs === undefined) continue;
        const added = Date.parse(t.timeAdded ?? '');
        const at = (Number.isNaN(added) ? now : added) + secs * 1000;
        due = due === undefined ? at : Math.min(due, at);
      }
      if (due === undefined || due > now) continue;
      const namespace = pod.metadata?.namespace ?? '';
      const podName = pod.metadata?.name ?? '';
      recorder.event(pod, 'Normal', 'TaintManagerEviction', `Marking for deletion Pod ${namespace}/${podName}`);
      await client.delete(podsDef, namespace, podName);
    }
  }

  async function monitor(): Promise<void> {
    const now = options.now();
    for (const node of await client.list(nodesDef)) {
      const name = node.metadata?.name ?? '';
      const lease = await client.get(leasesDef, NAMESPACES.nodeLease, name);
      const renew = lease?.spec?.renewTime ?? '';
      const heartbeat = conditionOf(node, 'Ready')?.lastHeartbeatTime ?? '';
      const observed = `${renew}|${heartbeat}`;
      const h = health.get(name);
      if (h === undefined) recorder.event({ apiVersion: 'v1', kind: 'Node', name, uid: node.metadata?.uid ?? '' }, 'Normal', 'RegisteredNode', `Node ${name} event: Registered Node ${name} in Controller`);
      if (h === undefined || h.observed !== observed) health.set(name, { observed, probeTimestamp: now });
      const probe = health.get(name)?.probeTimestamp ?? now;
      let current = node;
      if (now - probe > options.gracePeriodMs && conditionStatus(node, 'Ready') !== 'Unknown') {
        const updated = await markUnknown(node, now);
        if (updated !== undefined) {
          current = updated;
          health.set(name, { observed: `${renew}|${conditionOf(updated, 'Ready')?.lastHeartbeatTime ?? ''}`, probeTimestamp: probe });
          recorder.event({ apiVersion: 'v1', kind: 'Node', name, uid: name }, 'Normal', 'NodeNotReady', `Node ${name} status is now: NodeNotReady`);
          await markPodsNotReady(name, now);
        }
      }
      const taints = retaint(current, now);
      if (taints !== undefined) {
        const updated = await client.update(nodesDef, '', name, (n) => {
          const next = retaint(n, now);
          if (next === undefined) return false;
          const spec = n.spec ?? {};
          if (next.length === 0) delete spec.taints;
          else spec.taints = next;
          n.spec = spec;
          return true;
        });
        if (updated !== undefined) current = updated;
      }
      await evict(current, now);
    }
    for (const name of [...health.keys()]) if ((await client.get(nodesDef, '', name)) === undefined) health.delete(name);
  }

  const loop = sweepLoop({
    name: 'node-lifecycle', ctx, clock: realClock(ctx.now), intervalMs: options.monitorPeriodMs, sweep: monitor, syncOnStart: true,
    // A node changed: look at it soon instead of at the next period (taints follow conditions quickly).
    subscribe: () => [ctx.onWrite((ev) => {
      if (ev.def === nodesDef && ev.type !== 'DELETED') loop.sweepSoon(20);
    })],
    describeError: (e) => `node lifecycle: ${e instanceof Error ? e.message : String(e)}`,
  });

  return {
    ...loop,
    async idle() {
      await loop.idle();
      await recorder.flush();
    },
    async monitorNow() {
      loop.sweepNow();
      await loop.idle();
      await recorder.flush();
    },
  };
}
