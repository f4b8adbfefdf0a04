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
import type { JsonObject } from '../../sdk/types/meta.js';
import { COMPONENTS, NAMESPACES, TAINTS } from '../../sdk/naming.js';
import type { ServerContext } from '../context.js';
import { timestamp } from '../util/time.js';
import { InternalClient } from '../control/client.js';
import { realClock, type ControllerClock } from '../control/clock.js';
import type { Controller } from '../control/controller.js';
import { sweepLoop } from '../control/sweep-loop.js';
import { EventRecorder } from '../control/event-recorder.js';
import type { ResourceDef } from '../registry/types.js';
import { asArray, asNumber, asObject, asString } from '../util/json.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import { tolerates } from '../scheduler/fit.js';

/** Settings of node lifecycle. */
export interface NodeLifecycleOptions {
  gracePeriodMs: number;
  monitorPeriodMs: number;
  /** The time nodes are judged by (this controller's own observation clock). */
  now: () => number;
  /** Timers of the monitor passes (default: the server's clock with Node's timers). */
  clock?: ControllerClock;
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

function meta(o: JsonObject): JsonObject {
  return asObject(o.metadata) ?? {};
}

function conditionsOf(node: JsonObject): JsonObject[] {
  return (asArray(asObject(node.status)?.conditions) ?? []).map((c) => asObject(c) ?? {});
}

function conditionStatus(node: JsonObject, type: string): string | undefined {
  return asString(conditionsOf(node).find((c) => c.type === type)?.status);
}

/** The taints a node's conditions call for (NoExecute ones carry `timeAdded`). */
export function desiredTaints(node: JsonObject): { key: string; effect: string }[] {
  const out: { key: string; effect: string }[] = [];
  const ready = conditionStatus(node, 'Ready');
  if (ready === 'False') out.push({ key: TAINTS.notReady, effect: 'NoExecute' }, { key: TAINTS.notReady, effect: 'NoSchedule' });
  if (ready === 'Unknown') out.push({ key: TAINTS.unreachable, effect: 'NoExecute' }, { key: TAINTS.unreachable, effect: 'NoSchedule' });
  if (conditionStatus(node, 'MemoryPressure') === 'True') out.push({ key: TAINTS.memoryPressure, effect: 'NoSchedule' });
  if (conditionStatus(node, 'DiskPressure') === 'True') out.push({ key: TAINTS.diskPressure, effect: 'NoSchedule' });
  if (conditionStatus(node, 'PIDPressure') === 'True') out.push({ key: TAINTS.pidPressure, effect: 'NoSchedule' });
  if (conditionStatus(node, 'NetworkUnavailable') === 'True') out.push({ key: TAINTS.networkUnavailable, effect: 'NoSchedule' });
  if (asObject(node.spec)?.unschedulable === true) out.push({ key: TAINTS.unschedulable, effect: 'NoSchedule' });
  return out;
}

/** The node's taints with the controlled ones replaced by what its conditions call for; undefined when unchanged. */
function retaint(node: JsonObject, now: number): JsonObject[] | undefined {
  const current = (asArray(asObject(node.spec)?.taints) ?? []).map((t) => asObject(t) ?? {});
  const wanted = desiredTaints(node);
  const keep = current.filter((t) => !CONTROLLED.has(asString(t.key) ?? '') || wanted.some((w) => w.key === t.key && w.effect === t.effect));
  const add = wanted.filter((w) => !keep.some((t) => t.key === w.key && t.effect === w.effect))
    .map((w): JsonObject => (w.effect === 'NoExecute' ? { key: w.key, effect: w.effect, timeAdded: timestamp(now) } : { key: w.key, effect: w.effect }));
  const next = [...keep, ...add];
  return jsonEqual(next, current) ? undefined : next;
}

/** Seconds a pod may stay on a node with this NoExecute taint (undefined: forever; 0: not at all). */
function toleratedFor(pod: JsonObject, taint: JsonObject): number | undefined {
  const tols = (asArray(asObject(pod.spec)?.tolerations) ?? []).map((t) => asObject(t) ?? {}).filter((t) => tolerates(t, taint));
  if (tols.length === 0) {
    const key = asString(taint.key);
    return key === TAINTS.notReady || key === TAINTS.unreachable ? DEFAULT_TOLERATION_SECONDS : 0;
  }
  let min: number | undefined;
  for (const t of tols) {
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
  const lookup = (group: string, plural: string): ResourceDef => ctx.registry.served(group, 'v1', plural);
  const nodesDef = lookup('', 'nodes');
  const podsDef = lookup('', 'pods');
  const leasesDef = ctx.registry.all().find((d) => d.plural === 'leases' && d.version === 'v1');
  const health = new Map<string, Health>();

  async function markUnknown(node: JsonObject, now: number): Promise<JsonObject | undefined> {
    const name = asString(meta(node).name) ?? '';
    return client.update(nodesDef, '', name, (n) => {
      const status = asObject(n.status) ?? {};
      const conditions = conditionsOf(n);
      let changed = false;
      for (const type of CONDITIONS) {
        const c = conditions.find((x) => x.type === type);
        if (c === undefined) {
          const created = Date.parse(asString(meta(n).creationTimestamp) ?? '');
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
      if (asString(asObject(pod.spec)?.nodeName) !== nodeName) continue;
      const m = meta(pod);
      const updated = await client.update(podsDef, asString(m.namespace) ?? '', asString(m.name) ?? '', (p) => {
        const ready = (asArray(asObject(p.status)?.conditions) ?? []).map((c) => asObject(c) ?? {}).find((c) => c.type === 'Ready');
        if (ready === undefined || ready.status === 'False') return false;
        ready.status = 'False';
        ready.lastTransitionTime = timestamp(now);
        return true;
      }, 'status');
      if (updated !== undefined) recorder.event(pod, 'Warning', 'NodeNotReady', 'Node is not ready');
    }
  }

  async function evict(node: JsonObject, now: number): Promise<void> {
    const taints = (asArray(asObject(node.spec)?.taints) ?? []).map((t) => asObject(t) ?? {}).filter((t) => t.effect === 'NoExecute');
    if (taints.length === 0) return;
    const name = asString(meta(node).name) ?? '';
    for (const pod of await client.list(podsDef)) {
      if (asString(asObject(pod.spec)?.nodeName) !== name || typeof meta(pod).deletionTimestamp === 'string') continue;
      let due: number | undefined;
      for (const t of taints) {
        const secs = toleratedFor(pod, t);
        if (secs === undefined) continue;
        const added = Date.parse(asString(t.timeAdded) ?? '');
        const at = (Number.isNaN(added) ? now : added) + secs * 1000;
        due = due === undefined ? at : Math.min(due, at);
      }
      if (due === undefined || due > now) continue;
      const m = meta(pod);
      recorder.event(pod, 'Normal', 'TaintManagerEviction', `Marking for deletion Pod ${asString(m.namespace) ?? ''}/${asString(m.name) ?? ''}`);
      await client.delete(podsDef, asString(m.namespace) ?? '', asString(m.name) ?? '');
    }
  }

  async function monitor(): Promise<void> {
    const now = options.now();
    for (const node of await client.list(nodesDef)) {
      const name = asString(meta(node).name) ?? '';
      const lease = leasesDef === undefined ? undefined : await client.get(leasesDef, NAMESPACES.nodeLease, name);
      const renew = asString(asObject(lease?.spec)?.renewTime) ?? '';
      const heartbeat = asString(conditionsOf(node).find((c) => c.type === 'Ready')?.lastHeartbeatTime) ?? '';
      const observed = `${renew}|${heartbeat}`;
      const h = health.get(name);
      if (h === undefined) recorder.event({ apiVersion: 'v1', kind: 'Node', name, uid: asString(meta(node).uid) ?? '' }, 'Normal', 'RegisteredNode', `Node ${name} event: Registered Node ${name} in Controller`);
      if (h === undefined || h.observed !== observed) health.set(name, { observed, probeTimestamp: now });
      const probe = health.get(name)?.probeTimestamp ?? now;
      let current = node;
      if (now - probe > options.gracePeriodMs && conditionStatus(node, 'Ready') !== 'Unknown') {
        const updated = await markUnknown(node, now);
        if (updated !== undefined) {
          current = updated;
          health.set(name, { observed: `${renew}|${asString(conditionsOf(updated).find((c) => c.type === 'Ready')?.lastHeartbeatTime) ?? ''}`, probeTimestamp: probe });
          recorder.event({ apiVersion: 'v1', kind: 'Node', name, uid: name }, 'Normal', 'NodeNotReady', `Node ${name} status is now: NodeNotReady`);
          await markPodsNotReady(name, now);
        }
      }
      const taints = retaint(current, now);
      if (taints !== undefined) {
        const updated = await client.update(nodesDef, '', name, (n) => {
          const next = retaint(n, now);
          if (next === undefined) return false;
          const spec = asObject(n.spec) ?? {};
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
    name: 'node-lifecycle', ctx, clock: options.clock ?? realClock(ctx.now), intervalMs: options.monitorPeriodMs, sweep: monitor, syncOnStart: true,
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
