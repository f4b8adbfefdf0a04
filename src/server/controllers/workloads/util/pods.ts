/**
 * How controllers read pods, as client-go's `podutil` reads them: ready, available (ready for
 * minReadySeconds), active, terminating; and the order in which a ReplicaSet gives pods up
 * (`controller.ActivePodsWithRanks`).
 */
import { ANNOTATIONS } from '../../../../sdk/naming.js';
import type { Pod, PodCondition } from '../../../../sdk/types/generated/core-v1.js';
import type { ObjectMeta } from '../../../../sdk/types/generated/meta-v1.js';
import type { JsonObject } from '../../../../sdk/types/meta.js';
import { asObject, asString, uidOf } from '../../../util/json.js';
import type { KindObject } from './controller-ref.js';

/** A pod's condition of a type, or undefined. */
export function podCondition(pod: Pod, type: string): PodCondition | undefined {
  return pod.status?.conditions?.find((c) => c.type === type);
}

/** `status.phase`. */
export function podPhase(pod: Pod): string {
  return pod.status?.phase ?? '';
}

/** `podutil.IsPodReady`: the Ready condition is True. */
export function isPodReady(pod: Pod): boolean {
  return podCondition(pod, 'Ready')?.status === 'True';
}

/** When the Ready condition last changed (ms), or undefined. */
export function podReadyTime(pod: Pod): number | undefined {
  const c = podCondition(pod, 'Ready');
  return c?.status === 'True' ? timeOf(c.lastTransitionTime) : undefined;
}

/**
 * `podutil.IsPodAvailable`: ready, and with minReadySeconds > 0 ready since at least that long
 * (the Ready condition's lastTransitionTime plus minReadySeconds is before now).
 */
export function isPodAvailable(pod: Pod, minReadySeconds: number, now: number): boolean {
  if (!isPodReady(pod)) return false;
  if (minReadySeconds <= 0) return true;
  const since = podReadyTime(pod);
  return since !== undefined && since + minReadySeconds * 1000 < now;
}

/** Has a deletionTimestamp (of any built-in kind: the claim asks it of owners and dependents). */
export function isTerminating(obj: KindObject): boolean {
  return typeof obj.metadata?.deletionTimestamp === 'string';
}

/** `controller.IsPodActive`: not Succeeded, not Failed, not being deleted. */
export function isPodActive(pod: Pod): boolean {
  const phase = podPhase(pod);
  return phase !== 'Succeeded' && phase !== 'Failed' && !isTerminating(pod);
}

/** Succeeded or Failed (of JSON: pod GC asks it of the pod its untyped status write reads). */
export function isPodFinished(pod: JsonObject): boolean {
  const phase = asObject(pod.status)?.phase;
  return phase === 'Succeeded' || phase === 'Failed';
}

/** `spec.nodeName`. */
export function nodeNameOf(pod: Pod): string {
  return pod.spec?.nodeName ?? '';
}

/** Milliseconds since the epoch of a metadata timestamp, or undefined. */
export function timeOf(value: unknown): number | undefined {
  const t = Date.parse(asString(value) ?? '');
  return Number.isNaN(t) ? undefined : t;
}

/** `metadata.creationTimestamp` in ms (0 when absent). */
export function createdAt(obj: { metadata?: ObjectMeta }): number {
  return timeOf(obj.metadata?.creationTimestamp) ?? 0;
}

function deletionCost(pod: Pod): number {
  const raw = pod.metadata?.annotations?.[ANNOTATIONS.podDeletionCost];
  if (raw === undefined || !/^-?\d+$/.test(raw)) return 0;
  const n = Number(raw);
  return n >= -(2 ** 31) && n < 2 ** 31 ? n : 0;
}

function maxRestarts(pod: Pod): number {
  let max = 0;
  for (const s of pod.status?.containerStatuses ?? []) max = Math.max(max, s.restartCount ?? 0);
  return max;
}

const PHASE_ORDINAL: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

/** Ranks of Go's `math.Log2` of the durations (ns) since two times, as LogarithmicScaleDown compares. */
function logRankDiff(t1: number, t2: number, now: number): number {
  const rank = (t: number): number => {
    const d = (now - t) * 1e6;
    return d > 0 ? Math.floor(Math.log2(d)) : -1;
  };
  return rank(t1) - rank(t2);
}

/** `afterOrZero`: a missing time sorts first, then the later one. */
function afterOrZero(t1: number | undefined, t2: number | undefined): boolean {
  if (t1 === undefined || t2 === undefined) return t1 === undefined;
  return t1 > t2;
}

/** A pod and how many active pods of its kin share its node. */
export interface RankedPod {
  pod: Pod;
  rank: number;
}

/**
 * `ActivePodsWithRanks.Less` (LogarithmicScaleDown and PodDeletionCost on, as in 1.32): true when
 * `a` should be deleted before `b`.
 */
export function deleteBefore(a: RankedPod, b: RankedPod, now: number): boolean {
  const na = nodeNameOf(a.pod);
  const nb = nodeNameOf(b.pod);
  // 1. Unassigned < assigned.
  if (na !== nb && (na === '' || nb === '')) return na === '';
  // 2. Pending < Unknown < Running.
  const pa = PHASE_ORDINAL[podPhase(a.pod)] ?? 0;
  const pb = PHASE_ORDINAL[podPhase(b.pod)] ?? 0;
  if (pa !== pb) return pa < pb;
  // 3. Not ready < ready.
  const ra = isPodReady(a.pod);
  const rb = isPodReady(b.pod);
  if (ra !== rb) return !ra;
  // 4. Lower deletion cost < higher.
  const ca = deletionCost(a.pod);
  const cb = deletionCost(b.pod);
  if (ca !== cb) return ca < cb;
  // 5. Doubled up < not doubled up.
  if (a.rank !== b.rank) return a.rank > b.rank;
  // 6. Ready for less time < more time (by powers of two of the time since).
  if (ra && rb) {
    const ta = podReadyTime(a.pod);
    const tb = podReadyTime(b.pod);
    if (ta !== tb) {
      if (ta === undefined || tb === undefined) return afterOrZero(ta, tb);
      const diff = logRankDiff(ta, tb, now);
      if (diff === 0) return uidOf(a.pod) < uidOf(b.pod);
      return diff < 0;
    }
  }
  // 7. More restarts < fewer restarts.
  const xa = maxRestarts(a.pod);
  const xb = maxRestarts(b.pod);
  if (xa !== xb) return xa > xb;
  // 8. Newer < older (by powers of two of the age).
  const ka = timeOf(a.pod.metadata?.creationTimestamp);
  const kb = timeOf(b.pod.metadata?.creationTimestamp);
  if (ka !== kb) {
    if (ka === undefined || kb === undefined) return afterOrZero(ka, kb);
    const diff = logRankDiff(ka, kb, now);
    if (diff === 0) return uidOf(a.pod) < uidOf(b.pod);
    return diff < 0;
  }
  return false;
}

/**
 * The `count` pods to delete first (`getPodsToDelete`): each pod ranked by how many of the
 * related active pods share its node.
 */
export function podsToDelete(pods: readonly Pod[], related: readonly Pod[], count: number, now: number): Pod[] {
  if (count >= pods.length) return [...pods];
  const onNode = new Map<string, number>();
  for (const p of related) {
    if (!isPodActive(p)) continue;
    const n = nodeNameOf(p);
    onNode.set(n, (onNode.get(n) ?? 0) + 1);
  }
  const ranked: RankedPod[] = pods.map((pod) => ({ pod, rank: onNode.get(nodeNameOf(pod)) ?? 0 }));
  ranked.sort((a, b) => (deleteBefore(a, b, now) ? -1 : deleteBefore(b, a, now) ? 1 : 0));
  return ranked.slice(0, count).map((r) => r.pod);
}
