/**
 * The arithmetic of Deployments (`deploymentutil`): surge and unavailability from ints and
 * percentages, which ReplicaSet is new, revisions and the annotations a new ReplicaSet carries,
 * replica sums, proportional scaling, and the completeness, progress and time-out tests of the
 * Progressing condition.
 */
import { ANNOTATIONS, LABELS } from '../../../sdk/naming.js';
import type { Deployment, DeploymentStatus, ReplicaSet } from '../../../sdk/types/generated/apps-v1.js';
import type { PodTemplateSpec } from '../../../sdk/types/generated/core-v1.js';
import { asNumber, nameOf } from '../../util/json.js';
import { jsonEqual } from '../../../machinery/json/equal.js';
import { scaledValue, type IntOrPercent } from './util/int-or-percent.js';
import { findCondition } from '../../util/conditions.js';
import { createdAt, timeOf } from './util/pods.js';

/** Longest `revision-history` annotation kept (characters). */
export const MAX_REVISION_HISTORY_CHARS = 2000;
/** `math.MaxInt32`: progressDeadlineSeconds that means "no deadline". */
const MAX_INT32 = 2147483647;

/** The annotations a Deployment does not copy onto its ReplicaSets. */
const SKIPPED_ANNOTATIONS = new Set<string>([
  ANNOTATIONS.lastApplied, ANNOTATIONS.deploymentRevision, ANNOTATIONS.deploymentRevisionHistory, ANNOTATIONS.deploymentDesiredReplicas,
  ANNOTATIONS.deploymentMaxReplicas, 'deprecated.deployment.rollback.to',
]);

/** `spec.replicas` (1 when unset). */
export function replicasOf(obj: Deployment | ReplicaSet): number {
  return obj.spec?.replicas ?? 1;
}

/** The replica counts of a status, which Deployments and ReplicaSets share. */
type ReplicaCount = 'replicas' | 'readyReplicas' | 'availableReplicas';

function statusNumber(obj: Deployment | ReplicaSet, field: ReplicaCount): number {
  return obj.status?.[field] ?? 0;
}

/** True for the RollingUpdate strategy. */
export function isRollingUpdate(d: Deployment): boolean {
  return (d.spec?.strategy?.type ?? 'RollingUpdate') === 'RollingUpdate';
}

/** `ResolveFenceposts`: surge (rounded up) and unavailable (rounded down), never both zero. */
export function resolveFenceposts(maxSurge: IntOrPercent | undefined, maxUnavailable: IntOrPercent | undefined, desired: number): { surge: number; unavailable: number } {
  const surge = scaledValue(maxSurge ?? 0, desired, true) ?? 0;
  let unavailable = scaledValue(maxUnavailable ?? 0, desired, false) ?? 0;
  if (surge === 0 && unavailable === 0) unavailable = 1;
  return { surge, unavailable };
}

function fenceposts(d: Deployment): { surge: number; unavailable: number } {
  const ru = d.spec?.strategy?.rollingUpdate;
  return resolveFenceposts(ru?.maxSurge, ru?.maxUnavailable, replicasOf(d));
}

/** `MaxSurge`. */
export function maxSurge(d: Deployment): number {
  return isRollingUpdate(d) ? fenceposts(d).surge : 0;
}

/** `MaxUnavailable` (at most the replicas). */
export function maxUnavailable(d: Deployment): number {
  const replicas = replicasOf(d);
  if (!isRollingUpdate(d) || replicas === 0) return 0;
  return Math.min(fenceposts(d).unavailable, replicas);
}

/** The template without the pod-template-hash label (`EqualIgnoreHash`'s view). */
function templateWithoutHash(template: PodTemplateSpec | undefined): PodTemplateSpec {
  const t = structuredClone(template ?? {});
  const meta = t.metadata;
  const labels = meta?.labels;
  if (meta !== undefined && labels !== undefined) {
    delete labels[LABELS.podTemplateHash];
    if (Object.keys(labels).length === 0) delete meta.labels;
  }
  return t;
}

/** `EqualIgnoreHash`. */
export function equalIgnoreHash(a: PodTemplateSpec | undefined, b: PodTemplateSpec | undefined): boolean {
  return jsonEqual(templateWithoutHash(a), templateWithoutHash(b));
}

/** `ReplicaSetsByCreationTimestamp`: older first, then by name. */
export function byCreation(a: ReplicaSet, b: ReplicaSet): number {
  const ta = createdAt(a);
  const tb = createdAt(b);
  if (ta !== tb) return ta - tb;
  const na = nameOf(a);
  const nb = nameOf(b);
  return na < nb ? -1 : na > nb ? 1 : 0;
}

/** `FindNewReplicaSet`: the oldest ReplicaSet whose template equals the Deployment's. */
export function findNewReplicaSet(d: Deployment, rsList: readonly ReplicaSet[]): ReplicaSet | undefined {
  return [...rsList].sort(byCreation).find((rs) => equalIgnoreHash(rs.spec?.template, d.spec?.template));
}

/** The revision annotation of a ReplicaSet (0 when absent or malformed). */
export function revisionOf(rs: ReplicaSet): number {
  const v = rs.metadata?.annotations?.[ANNOTATIONS.deploymentRevision];
  if (v === undefined || !/^\d+$/.test(v)) return 0;
  return Number(v);
}

/** `MaxRevision`. */
export function maxRevision(rsList: readonly ReplicaSet[]): number {
  return rsList.reduce((m, rs) => Math.max(m, revisionOf(rs)), 0);
}

/** `FilterActiveReplicaSets`: spec.replicas > 0. */
export function activeReplicaSets(rsList: readonly (ReplicaSet | undefined)[]): ReplicaSet[] {
  return rsList.filter((rs): rs is ReplicaSet => rs !== undefined && replicasOf(rs) > 0);
}

/** Sum of spec.replicas. */
export function specReplicaSum(rsList: readonly (ReplicaSet | undefined)[]): number {
  return rsList.reduce((n, rs) => n + (rs === undefined ? 0 : replicasOf(rs)), 0);
}

/** Sum of a status count. */
export function statusSum(rsList: readonly (ReplicaSet | undefined)[], field: ReplicaCount): number {
  return rsList.reduce((n, rs) => n + (rs === undefined ? 0 : statusNumber(rs, field)), 0);
}

/**
 * `NewRSNewReplicas`: how big the new ReplicaSet may be now. Unlike upstream, which counts only
 * the ReplicaSets' spec.replicas, a ReplicaSet whose pods are not yet gone counts with its
 * status.replicas, so that the pods that exist (not only the ones asked for) stay within
 * replicas + maxSurge while an old ReplicaSet's surplus pods are still being deleted.
 */
export function newRSNewReplicas(d: Deployment, allRSs: readonly (ReplicaSet | undefined)[], newRSReplicas: number): number {
  if (!isRollingUpdate(d)) return replicasOf(d);
  const maxTotal = replicasOf(d) + maxSurge(d);
  const current = allRSs.reduce((n, rs) => n + (rs === undefined ? 0 : Math.max(replicasOf(rs), statusNumber(rs, 'replicas'))), 0);
  if (current >= maxTotal) return newRSReplicas;
  const up = Math.min(maxTotal - current, replicasOf(d) - newRSReplicas);
  return newRSReplicas + up;
}

/** The replica annotations of a ReplicaSet for the Deployment's current size; undefined when already so. */
export function replicaAnnotations(rs: ReplicaSet, d: Deployment): { desired: string; max: string } | undefined {
  const desired = String(replicasOf(d));
  const max = String(replicasOf(d) + maxSurge(d));
  const a = rs.metadata?.annotations ?? {};
  if (a[ANNOTATIONS.deploymentDesiredReplicas] === desired && a[ANNOTATIONS.deploymentMaxReplicas] === max) return undefined;
  return { desired, max };
}

/**
 * `SetNewReplicaSetAnnotations`: copies the Deployment's annotations, raises the revision (keeping
 * the old one in revision-history) and, for a ReplicaSet about to be created, the replica
 * annotations. Changes `annotations` in place; returns true when something changed.
 */
export function setNewReplicaSetAnnotations(d: Deployment, annotations: Record<string, string>, newRevision: number, exists: boolean): boolean {
  let changed = false;
  for (const [k, v] of Object.entries(d.metadata?.annotations ?? {})) {
    if (SKIPPED_ANNOTATIONS.has(k) || annotations[k] === v) continue;
    annotations[k] = v;
    changed = true;
  }
  const oldText = annotations[ANNOTATIONS.deploymentRevision];
  const old = oldText !== undefined && /^\d+$/.test(oldText) ? Number(oldText) : 0;
  if (old < newRevision) {
    annotations[ANNOTATIONS.deploymentRevision] = String(newRevision);
    changed = true;
    if (oldText !== undefined) {
      const history = annotations[ANNOTATIONS.deploymentRevisionHistory] ?? '';
      let parts = history === '' ? [] : history.split(',');
      parts.push(oldText);
      while (parts.join(',').length > MAX_REVISION_HISTORY_CHARS && parts.length > 1) parts = parts.slice(1);
      annotations[ANNOTATIONS.deploymentRevisionHistory] = parts.join(',');
    }
  }
  if (!exists) {
    const desired = String(replicasOf(d));
    const max = String(replicasOf(d) + maxSurge(d));
    if (annotations[ANNOTATIONS.deploymentDesiredReplicas] !== desired || annotations[ANNOTATIONS.deploymentMaxReplicas] !== max) {
      annotations[ANNOTATIONS.deploymentDesiredReplicas] = desired;
      annotations[ANNOTATIONS.deploymentMaxReplicas] = max;
      changed = true;
    }
  }
  return changed;
}

function annotationNumber(rs: ReplicaSet, key: string): number | undefined {
  const v = rs.metadata?.annotations?.[key];
  return v !== undefined && /^-?\d+$/.test(v) ? Number(v) : undefined;
}

/** The `desired-replicas` annotation. */
export function desiredReplicasAnnotation(rs: ReplicaSet): number | undefined {
  return annotationNumber(rs, ANNOTATIONS.deploymentDesiredReplicas);
}

/** `IsSaturated`: the new ReplicaSet runs all the Deployment's replicas, all available. */
export function isSaturated(d: Deployment, rs: ReplicaSet | undefined): boolean {
  if (rs === undefined) return false;
  const desired = desiredReplicasAnnotation(rs);
  if (desired === undefined) return false;
  const replicas = replicasOf(d);
  return replicasOf(rs) === replicas && desired === replicas && statusNumber(rs, 'availableReplicas') === replicas;
}

/** Go's `math.Round` (halves away from zero). */
function roundHalfAway(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

/** `GetReplicaSetProportion`. */
export function replicaSetProportion(rs: ReplicaSet, d: Deployment, toAdd: number, added: number): number {
  if (replicasOf(rs) === 0 || toAdd === 0 || toAdd === added) return 0;
  let fraction: number;
  if (replicasOf(d) === 0) {
    fraction = -replicasOf(rs);
  } else {
    const deploymentReplicas = replicasOf(d) + maxSurge(d);
    const annotated = annotationNumber(rs, ANNOTATIONS.deploymentMaxReplicas) ?? statusNumber(d, 'replicas');
    fraction = annotated === 0 ? 0 : roundHalfAway((replicasOf(rs) * deploymentReplicas) / annotated) - replicasOf(rs);
  }
  const allowed = toAdd - added;
  return toAdd > 0 ? Math.min(fraction, allowed) : Math.max(fraction, allowed);
}

/** `ReplicaSetsBySizeNewer` (scale up) and `ReplicaSetsBySizeOlder` (scale down). */
export function bySize(newerFirst: boolean): (a: ReplicaSet, b: ReplicaSet) => number {
  return (a, b) => {
    const ra = replicasOf(a);
    const rb = replicasOf(b);
    if (ra !== rb) return rb - ra;
    return newerFirst ? byCreation(b, a) : byCreation(a, b);
  };
}

/** `HasProgressDeadline`. */
export function hasProgressDeadline(d: Deployment): boolean {
  const p = d.spec?.progressDeadlineSeconds;
  return p !== undefined && p !== MAX_INT32;
}

/** `HasRevisionHistoryLimit`. */
export function revisionHistoryLimit(d: Deployment): number | undefined {
  const l = d.spec?.revisionHistoryLimit;
  return l === undefined || l === MAX_INT32 ? undefined : l;
}

/** `DeploymentComplete`. */
export function deploymentComplete(d: Deployment, status: DeploymentStatus): boolean {
  const r = replicasOf(d);
  // Generations are int64 (a bigint beyond 2^53): read through asNumber, as everywhere in the controller.
  const generation = asNumber(d.metadata?.generation) ?? 0;
  return (status.updatedReplicas ?? 0) === r && (status.replicas ?? 0) === r
    && (status.availableReplicas ?? 0) === r && (asNumber(status.observedGeneration) ?? 0) >= generation;
}

/** `DeploymentProgressing`: more updated, fewer old, more ready or more available than before. */
export function deploymentProgressing(d: Deployment, status: DeploymentStatus): boolean {
  const old = d.status ?? {};
  const n = (s: DeploymentStatus, f: ReplicaCount | 'updatedReplicas'): number => s[f] ?? 0;
  return n(status, 'updatedReplicas') > n(old, 'updatedReplicas')
    || n(status, 'replicas') - n(status, 'updatedReplicas') < n(old, 'replicas') - n(old, 'updatedReplicas')
    || n(status, 'readyReplicas') > n(old, 'readyReplicas')
    || n(status, 'availableReplicas') > n(old, 'availableReplicas');
}

/** `DeploymentTimedOut`: no progress reported within progressDeadlineSeconds. */
export function deploymentTimedOut(d: Deployment, status: DeploymentStatus, now: number): boolean {
  if (!hasProgressDeadline(d)) return false;
  const c = findCondition(status, 'Progressing');
  if (c === undefined || c.reason === 'NewReplicaSetAvailable') return false;
  if (c.reason === 'ProgressDeadlineExceeded') return true;
  const from = timeOf(c.lastUpdateTime) ?? 0;
  return from + (d.spec?.progressDeadlineSeconds ?? 0) * 1000 < now;
}
