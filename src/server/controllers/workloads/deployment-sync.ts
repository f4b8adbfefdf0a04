/**
 * One sync of one Deployment: the state it works on (a mutable copy of the Deployment, its claimed
 * ReplicaSets) and the writes every strategy shares: finding or creating the new ReplicaSet with
 * its revision, scaling a ReplicaSet with the ScalingReplicaSet event, proportional scaling,
 * history clean-up, and the status with the Progressing and Available conditions.
 */
import { ANNOTATIONS, LABELS } from '../../../sdk/naming.js';
import type { Deployment, DeploymentCondition, DeploymentStatus, ReplicaSet, ReplicaSetCondition } from '../../../sdk/types/generated/apps-v1.js';
import type { PodTemplateSpec } from '../../../sdk/types/generated/core-v1.js';
import type { KindDef } from '../../registry/kind-def.js';
import { ApiError } from '../../errors.js';
import { asNumber, nameOf, uidOf } from '../../util/json.js';
import { jsonEqual } from '../../../machinery/json/equal.js';
import type { ControllerKit } from '../../control/kit.js';
import { errorMessage } from '../../control/kit.js';
import {
  activeReplicaSets, byCreation, bySize, deploymentComplete, deploymentProgressing, deploymentTimedOut, desiredReplicasAnnotation,
  findNewReplicaSet, hasProgressDeadline, isRollingUpdate, isSaturated, maxRevision, maxSurge, maxUnavailable, newRSNewReplicas,
  replicaAnnotations, replicaSetProportion, replicasOf, revisionHistoryLimit, revisionOf, setNewReplicaSetAnnotations, statusSum,
} from './deployment-util.js';
import { computeHash } from './util/hash.js';
import { newCondition, removeCondition, setCondition } from './util/conditions.js';
import { controllerRefOf, newControllerRef } from './util/controller-ref.js';
import { isTerminating, timeOf } from './util/pods.js';
import { findCondition } from '../../util/conditions.js';

/** The defs a Deployment sync writes. */
export interface DeploymentDefs {
  deployments: KindDef<Deployment>;
  replicaSets: KindDef<ReplicaSet>;
}

/** The state of one sync. */
export class DeploymentSync {
  /** The Deployment as this sync changes it (annotations and status are written back). */
  readonly d: Deployment;
  /** The Deployment's status when the sync started (for progress estimates). */
  readonly original: Deployment;
  readonly namespace: string;
  readonly name: string;
  /** When the Deployment should be looked at again (ms from now), if progress must be re-checked. */
  requeueAfterMs: number | undefined;

  constructor(readonly kit: ControllerKit, readonly defs: DeploymentDefs, deployment: Deployment, public rsList: ReplicaSet[]) {
    this.d = structuredClone(deployment);
    this.original = deployment;
    this.namespace = deployment.metadata?.namespace ?? '';
    this.name = nameOf(deployment);
  }

  /** The Deployment's status object (mutable). */
  get status(): DeploymentStatus {
    this.d.status ??= {};
    return this.d.status;
  }

  private replace(rs: ReplicaSet): void {
    this.rsList = this.rsList.map((r) => (uidOf(r) === uidOf(rs) ? rs : r));
    if (!this.rsList.some((r) => uidOf(r) === uidOf(rs))) this.rsList.push(rs);
  }

  /** `FindOldReplicaSets`' second result: every ReplicaSet but the new one. */
  oldReplicaSets(newRS: ReplicaSet | undefined): ReplicaSet[] {
    return this.rsList.filter((rs) => newRS === undefined || uidOf(rs) !== uidOf(newRS));
  }

  /** `getAllReplicaSetsAndSyncRevision`: the new ReplicaSet (created when asked) and the old ones. */
  async newAndOld(create: boolean): Promise<{ newRS: ReplicaSet | undefined; oldRSs: ReplicaSet[] }> {
    const existing = findNewReplicaSet(this.d, this.rsList);
    const oldRSs = this.oldReplicaSets(existing);
    const newRS = await this.getNewReplicaSet(existing, oldRSs, create);
    return { newRS, oldRSs: this.oldReplicaSets(newRS) };
  }

  private async getNewReplicaSet(existing: ReplicaSet | undefined, oldRSs: ReplicaSet[], create: boolean): Promise<ReplicaSet | undefined> {
    const newRevision = maxRevision(oldRSs) + 1;
    const minReady = this.d.spec?.minReadySeconds ?? 0;
    if (existing !== undefined) {
      const annotations = structuredClone(existing.metadata?.annotations ?? {});
      const changed = setNewReplicaSetAnnotations(this.d, annotations, newRevision, true);
      if (changed || (existing.spec?.minReadySeconds ?? 0) !== minReady) {
        const updated = await this.kit.client.update(this.defs.replicaSets, this.namespace, nameOf(existing), (o) => {
          if (uidOf(o) !== uidOf(existing)) return false;
          const meta = (o.metadata ??= {});
          meta.annotations = { ...meta.annotations, ...annotations };
          // A stored ReplicaSet has a spec (its selector is required).
          if (minReady === 0) delete o.spec?.minReadySeconds;
          else if (o.spec !== undefined) o.spec.minReadySeconds = minReady;
          return true;
        });
        if (updated !== undefined) this.replace(updated);
        return updated;
      }
      let needsUpdate = this.setRevision(revisionOf(existing));
      if (hasProgressDeadline(this.d) && findCondition(this.status, 'Progressing') === undefined) {
        setCondition(this.status, newCondition('Progressing', 'True', 'FoundNewReplicaSet', `Found new replica set ${JSON.stringify(nameOf(existing))}`, this.kit.now(), true));
        needsUpdate = true;
      }
      if (needsUpdate) await this.writeDeployment();
      return existing;
    }
    if (!create) return undefined;
    return this.createNewReplicaSet(oldRSs, newRevision, minReady);
  }

  private async createNewReplicaSet(oldRSs: ReplicaSet[], newRevision: number, minReady: number): Promise<ReplicaSet | undefined> {
    const spec = this.d.spec;
    const collisionCount = this.status.collisionCount;
    const hash = computeHash(spec?.template ?? null, collisionCount);
    const template = structuredClone(spec?.template ?? {});
    const tmeta = (template.metadata ??= {});
    const labels = { ...tmeta.labels, [LABELS.podTemplateHash]: hash };
    tmeta.labels = labels;
    const selector = structuredClone(spec?.selector ?? {});
    selector.matchLabels = { ...selector.matchLabels, [LABELS.podTemplateHash]: hash };
    const rsName = `${this.name}-${hash}`;
    const annotations: Record<string, string> = {};
    const replicas = newRSNewReplicas(this.d, oldRSs, 0);
    setNewReplicaSetAnnotations(this.d, annotations, newRevision, false);
    const body: ReplicaSet = {
      apiVersion: 'apps/v1', kind: 'ReplicaSet',
      metadata: { name: rsName, namespace: this.namespace, labels: { ...labels }, annotations, ownerReferences: [newControllerRef(this.d, 'apps/v1', 'Deployment')] },
      spec: { replicas, selector, template, ...(minReady > 0 ? { minReadySeconds: minReady } : {}) },
    };
    let created: ReplicaSet;
    let alreadyExists = false;
    try {
      created = await this.kit.client.create(this.defs.replicaSets, this.namespace, body);
    } catch (e) {
      if (e instanceof ApiError && e.code === 409) {
        const found = await this.kit.client.get(this.defs.replicaSets, this.namespace, rsName);
        if (found !== undefined && controllerRefOf(found)?.uid === uidOf(this.d) && jsonEqual(labelsless(found.spec?.template), labelsless(template))) {
          created = found;
          alreadyExists = true;
        } else {
          this.status.collisionCount = (collisionCount ?? 0) + 1;
          await this.writeDeployment();
          throw e;
        }
      } else {
        const msg = `Failed to create new replica set ${JSON.stringify(rsName)}: ${errorMessage(e)}`;
        if (hasProgressDeadline(this.d)) {
          setCondition(this.status, newCondition('Progressing', 'False', 'ReplicaSetCreateError', msg, this.kit.now(), true));
          await this.writeDeployment();
        }
        this.kit.recorder.event(this.d, 'Warning', 'ReplicaSetCreateError', msg);
        throw e;
      }
    }
    this.replace(created);
    if (!alreadyExists && replicas > 0) {
      this.kit.recorder.event(this.d, 'Normal', 'ScalingReplicaSet', `Scaled up replica set ${nameOf(created)} from 0 to ${replicas}`);
    }
    let needsUpdate = this.setRevision(newRevision);
    if (!alreadyExists && hasProgressDeadline(this.d)) {
      setCondition(this.status, newCondition('Progressing', 'True', 'NewReplicaSetCreated', `Created new replica set ${JSON.stringify(nameOf(created))}`, this.kit.now(), true));
      needsUpdate = true;
    }
    if (needsUpdate) await this.writeDeployment();
    return created;
  }

  /** `SetDeploymentRevision` on the working copy; true when it changed. */
  private setRevision(revision: number): boolean {
    const meta = (this.d.metadata ??= {});
    if (meta.annotations?.[ANNOTATIONS.deploymentRevision] === String(revision)) return false;
    meta.annotations = { ...meta.annotations, [ANNOTATIONS.deploymentRevision]: String(revision) };
    return true;
  }

  /** Writes the working copy's annotations (when changed) and status (when changed). */
  async writeDeployment(): Promise<void> {
    const revision = this.d.metadata?.annotations?.[ANNOTATIONS.deploymentRevision];
    const wantStatus = this.status;
    const def = this.defs.deployments;
    const uid = uidOf(this.d);
    await this.kit.client.update(def, this.namespace, this.name, (o) => {
      const meta = (o.metadata ??= {});
      if (uidOf(o) !== uid || revision === undefined || meta.annotations?.[ANNOTATIONS.deploymentRevision] === revision) return false;
      meta.annotations = { ...meta.annotations, [ANNOTATIONS.deploymentRevision]: revision };
      return true;
    });
    await this.kit.client.update(def, this.namespace, this.name, (o) => {
      if (uidOf(o) !== uid || jsonEqual(o.status ?? {}, wantStatus)) return false;
      o.status = structuredClone(wantStatus);
      return true;
    }, 'status');
  }

  /** `scaleReplicaSetAndRecordEvent`: true when the size changed. */
  async scaleAndRecord(rs: ReplicaSet, newScale: number): Promise<{ scaled: boolean; rs: ReplicaSet }> {
    if (replicasOf(rs) === newScale) return { scaled: false, rs };
    return this.scaleReplicaSet(rs, newScale, replicasOf(rs) < newScale ? 'up' : 'down');
  }

  /** `scaleReplicaSet`: sets the size and the replica annotations; records ScalingReplicaSet. */
  async scaleReplicaSet(rs: ReplicaSet, newScale: number, operation: string): Promise<{ scaled: boolean; rs: ReplicaSet }> {
    const oldScale = replicasOf(rs);
    const sizeNeedsUpdate = oldScale !== newScale;
    const annotations = replicaAnnotations(rs, this.d);
    if (!sizeNeedsUpdate && annotations === undefined) return { scaled: false, rs };
    const desired = String(replicasOf(this.d));
    const max = String(replicasOf(this.d) + maxSurge(this.d));
    const updated = await this.kit.client.update(this.defs.replicaSets, this.namespace, nameOf(rs), (o) => {
      if (uidOf(o) !== uidOf(rs)) return false;
      // A stored ReplicaSet has a spec (its selector is required).
      if (o.spec !== undefined) o.spec.replicas = newScale;
      const meta = (o.metadata ??= {});
      meta.annotations = { ...meta.annotations, [ANNOTATIONS.deploymentDesiredReplicas]: desired, [ANNOTATIONS.deploymentMaxReplicas]: max };
      return true;
    });
    if (updated === undefined) return { scaled: false, rs };
    this.replace(updated);
    if (sizeNeedsUpdate) {
      this.kit.recorder.event(this.d, 'Normal', 'ScalingReplicaSet', `Scaled ${operation} replica set ${nameOf(rs)} from ${oldScale} to ${newScale}`);
    }
    return { scaled: sizeNeedsUpdate, rs: updated };
  }

  /** `isScalingEvent`: an active ReplicaSet was sized for another replica count. */
  async isScalingEvent(): Promise<boolean> {
    const { newRS, oldRSs } = await this.newAndOld(false);
    return activeReplicaSets([...oldRSs, newRS]).some((rs) => {
      const desired = desiredReplicasAnnotation(rs);
      return desired !== undefined && desired !== replicasOf(this.d);
    });
  }

  /** `scale`: sizes the ReplicaSets after a change of spec.replicas (proportionally during a rollout). */
  async scale(newRS: ReplicaSet | undefined, oldRSs: ReplicaSet[]): Promise<void> {
    const replicas = replicasOf(this.d);
    const activeOrLatest = findActiveOrLatest(newRS, oldRSs);
    if (activeOrLatest !== undefined) {
      if (replicasOf(activeOrLatest) !== replicas) await this.scaleAndRecord(activeOrLatest, replicas);
      return;
    }
    if (isSaturated(this.d, newRS)) {
      for (const old of activeReplicaSets(oldRSs)) await this.scaleAndRecord(old, 0);
      return;
    }
    if (!isRollingUpdate(this.d)) return;
    const all = activeReplicaSets([...oldRSs, newRS]);
    const current = all.reduce((n, rs) => n + replicasOf(rs), 0);
    const allowed = replicas > 0 ? replicas + maxSurge(this.d) : 0;
    const toAdd = allowed - current;
    let operation = '';
    if (toAdd > 0) {
      all.sort(bySize(true));
      operation = 'up';
    } else if (toAdd < 0) {
      all.sort(bySize(false));
      operation = 'down';
    }
    let added = 0;
    const sizes = new Map<string, number>();
    for (const rs of all) {
      if (toAdd !== 0) {
        const p = replicaSetProportion(rs, this.d, toAdd, added);
        sizes.set(uidOf(rs), replicasOf(rs) + p);
        added += p;
      } else {
        sizes.set(uidOf(rs), replicasOf(rs));
      }
    }
    for (let i = 0; i < all.length; i++) {
      const rs = all[i];
      if (rs === undefined) continue;
      let size = sizes.get(uidOf(rs)) ?? 0;
      if (i === 0 && toAdd !== 0) size = Math.max(0, size + toAdd - added);
      await this.scaleReplicaSet(rs, size, operation);
    }
  }

  /** `cleanupDeployment`: deletes the oldest idle ReplicaSets beyond revisionHistoryLimit. */
  async cleanup(oldRSs: ReplicaSet[]): Promise<void> {
    const limit = revisionHistoryLimit(this.d);
    if (limit === undefined) return;
    const alive = oldRSs.filter((rs) => !isTerminating(rs));
    const diff = alive.length - limit;
    if (diff <= 0) return;
    alive.sort((a, b) => (revisionOf(a) !== revisionOf(b) ? revisionOf(a) - revisionOf(b) : byCreation(a, b)));
    for (const rs of alive.slice(0, diff)) {
      const generation = asNumber(rs.metadata?.generation) ?? 0;
      if ((rs.status?.replicas ?? 0) !== 0 || replicasOf(rs) !== 0 || generation > (asNumber(rs.status?.observedGeneration) ?? 0)) continue;
      await this.kit.client.delete(this.defs.replicaSets, this.namespace, nameOf(rs));
    }
  }

  /** `calculateStatus`: counts over the ReplicaSets and the Available condition. */
  calculateStatus(newRS: ReplicaSet | undefined): DeploymentStatus {
    const all = [...this.oldReplicaSets(newRS), newRS];
    const available = statusSum(all, 'availableReplicas');
    const total = all.reduce((n, rs) => n + (rs === undefined ? 0 : replicasOf(rs)), 0);
    const status: DeploymentStatus = {};
    const generation = asNumber(this.d.metadata?.generation);
    if (generation !== undefined && generation > 0) status.observedGeneration = generation;
    const set = (k: 'replicas' | 'updatedReplicas' | 'readyReplicas' | 'availableReplicas' | 'unavailableReplicas', v: number): void => {
      if (v !== 0) status[k] = v;
    };
    set('replicas', statusSum(all, 'replicas'));
    set('updatedReplicas', newRS === undefined ? 0 : statusSum([newRS], 'replicas'));
    set('readyReplicas', statusSum(all, 'readyReplicas'));
    set('availableReplicas', available);
    set('unavailableReplicas', Math.max(0, total - available));
    const conditions = this.status.conditions ?? [];
    if (conditions.length > 0) status.conditions = conditions.map((c) => ({ ...c }));
    if (this.status.collisionCount !== undefined) status.collisionCount = this.status.collisionCount;
    const now = this.kit.now();
    if (available >= replicasOf(this.d) - maxUnavailable(this.d)) {
      setCondition(status, newCondition('Available', 'True', 'MinimumReplicasAvailable', 'Deployment has minimum availability.', now, true));
    } else {
      setCondition(status, newCondition('Available', 'False', 'MinimumReplicasUnavailable', 'Deployment does not have minimum availability.', now, true));
    }
    return status;
  }

  /** `syncDeploymentStatus`: the counts only (scaling and paused syncs). */
  async syncStatus(newRS: ReplicaSet | undefined): Promise<void> {
    const status = this.calculateStatus(newRS);
    this.d.status = status;
    await this.writeDeployment();
  }

  /** `syncRolloutStatus`: the counts and the Progressing condition of a rollout. */
  async syncRolloutStatus(newRS: ReplicaSet | undefined): Promise<void> {
    const status = this.calculateStatus(newRS);
    const now = this.kit.now();
    if (!hasProgressDeadline(this.d)) removeCondition(status, 'Progressing');
    const current = findCondition(this.status, 'Progressing');
    const complete = (status.replicas ?? 0) === (status.updatedReplicas ?? 0) && current?.reason === 'NewReplicaSetAvailable';
    const rsName = newRS === undefined ? undefined : JSON.stringify(nameOf(newRS));
    const who = rsName === undefined ? `Deployment ${JSON.stringify(this.name)}` : `ReplicaSet ${rsName}`;
    if (hasProgressDeadline(this.d) && !complete) {
      if (deploymentComplete(this.d, status)) {
        setCondition(status, newCondition('Progressing', 'True', 'NewReplicaSetAvailable', `${who} has successfully progressed.`, now, true));
      } else if (deploymentProgressing(this.original, status)) {
        const c = newCondition('Progressing', 'True', 'ReplicaSetUpdated', `${who} is progressing.`, now, true);
        if (current !== undefined) {
          if (current.status === 'True') c.lastTransitionTime = current.lastTransitionTime ?? c.lastTransitionTime ?? null;
          removeCondition(status, 'Progressing');
        }
        setCondition(status, c);
      } else if (deploymentTimedOut(this.d, status, now)) {
        setCondition(status, newCondition('Progressing', 'False', 'ProgressDeadlineExceeded', `${who} has timed out progressing.`, now, true));
      }
    }
    const failure = replicaFailure(newRS, this.rsList);
    if (failure !== undefined) setCondition(status, failure);
    else removeCondition(status, 'ReplicaFailure');
    this.requeueAfterMs = this.stuckRequeue(status, now);
    this.d.status = status;
    await this.writeDeployment();
  }

  /** `requeueStuckDeployment`: when to check the progress deadline again. */
  private stuckRequeue(status: DeploymentStatus, now: number): number | undefined {
    const current = findCondition(this.status, 'Progressing');
    if (!hasProgressDeadline(this.d) || current === undefined) return undefined;
    if (deploymentComplete(this.d, status) || current.reason === 'ProgressDeadlineExceeded') return undefined;
    const last = timeOf(current.lastUpdateTime) ?? now;
    const after = last + (this.d.spec?.progressDeadlineSeconds ?? 0) * 1000 - now;
    return Math.max(after, 1000);
  }
}

function labelsless(template: PodTemplateSpec | undefined): PodTemplateSpec {
  const t = structuredClone(template ?? {});
  const l = t.metadata?.labels;
  if (l !== undefined) delete l[LABELS.podTemplateHash];
  return t;
}

/** `FindActiveOrLatest`: the one active ReplicaSet, or the newest when none is active. */
function findActiveOrLatest(newRS: ReplicaSet | undefined, oldRSs: ReplicaSet[]): ReplicaSet | undefined {
  if (newRS === undefined && oldRSs.length === 0) return undefined;
  const olds = [...oldRSs].sort((a, b) => byCreation(b, a));
  const active = activeReplicaSets([...olds, newRS]);
  if (active.length === 0) return newRS ?? olds[0];
  if (active.length === 1) return active[0];
  return undefined;
}

/** The ReplicaFailure condition of the new ReplicaSet (else of any), as a Deployment condition. */
function replicaFailure(newRS: ReplicaSet | undefined, all: readonly ReplicaSet[]): DeploymentCondition | undefined {
  const convert = (c: ReplicaSetCondition): DeploymentCondition => ({
    type: c.type, status: c.status ?? 'True',
    ...(c.lastTransitionTime === undefined ? {} : { lastUpdateTime: c.lastTransitionTime, lastTransitionTime: c.lastTransitionTime }),
    reason: c.reason ?? '', message: c.message ?? '',
  });
  const fromRS = (rs: ReplicaSet | undefined): DeploymentCondition | undefined => {
    const c = rs?.status?.conditions?.find((x) => x.type === 'ReplicaFailure');
    return c === undefined ? undefined : convert(c);
  };
  return fromRS(newRS) ?? all.map(fromRS).find((c) => c !== undefined);
}

/** `ReplicaSetsByCreationTimestamp` sort of a copy. */
export function oldestFirst(rsList: readonly ReplicaSet[]): ReplicaSet[] {
  return [...rsList].sort(byCreation);
}
