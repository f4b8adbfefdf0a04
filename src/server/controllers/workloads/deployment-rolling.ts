/**
 * The two rollout strategies of a Deployment. RollingUpdate scales the new ReplicaSet up within
 * maxSurge and old ones down within maxUnavailable (unhealthy old replicas first), one step per
 * sync. Recreate scales every old ReplicaSet to zero, waits until their pods are gone, then
 * scales the new one up.
 */
import type { ReplicaSet } from '../../../sdk/types/generated/apps-v1.js';
import type { Pod } from '../../../sdk/types/generated/core-v1.js';
import { uidOf } from '../../util/json.js';
import {
  activeReplicaSets, deploymentComplete, maxUnavailable, newRSNewReplicas, replicasOf, specReplicaSum, statusSum,
} from './deployment-util.js';
import { oldestFirst, type DeploymentSync } from './deployment-sync.js';
import { isPodFinished } from './util/pods.js';

function available(rs: ReplicaSet): number {
  return rs.status?.availableReplicas ?? 0;
}

/** `rolloutRolling`. */
export async function rolloutRolling(s: DeploymentSync): Promise<void> {
  const { newRS } = await s.newAndOld(true);
  if (newRS === undefined) return;
  if (await reconcileNewReplicaSet(s, newRS)) {
    await s.syncRolloutStatus(currentNew(s, newRS));
    return;
  }
  if (await reconcileOldReplicaSets(s, currentNew(s, newRS))) {
    await s.syncRolloutStatus(currentNew(s, newRS));
    return;
  }
  if (deploymentComplete(s.d, s.original.status ?? {})) await s.cleanup(s.oldReplicaSets(newRS));
  await s.syncRolloutStatus(currentNew(s, newRS));
}

/** The freshest copy of the new ReplicaSet (scaling replaces it in the sync's list). */
function currentNew(s: DeploymentSync, newRS: ReplicaSet): ReplicaSet {
  return s.rsList.find((rs) => uidOf(rs) === uidOf(newRS)) ?? newRS;
}

async function reconcileNewReplicaSet(s: DeploymentSync, newRS: ReplicaSet): Promise<boolean> {
  const want = replicasOf(s.d);
  const have = replicasOf(newRS);
  if (have === want) return false;
  if (have > want) return (await s.scaleAndRecord(newRS, want)).scaled;
  const count = newRSNewReplicas(s.d, s.rsList, have);
  return (await s.scaleAndRecord(newRS, count)).scaled;
}

async function reconcileOldReplicaSets(s: DeploymentSync, newRS: ReplicaSet): Promise<boolean> {
  const oldRSs = activeReplicaSets(s.oldReplicaSets(newRS));
  const oldPods = specReplicaSum(oldRSs);
  if (oldPods === 0) return false;
  const allPods = specReplicaSum(s.rsList);
  const minAvailable = replicasOf(s.d) - maxUnavailable(s.d);
  const newUnavailable = replicasOf(newRS) - available(newRS);
  const maxScaledDown = allPods - minAvailable - newUnavailable;
  if (maxScaledDown <= 0) return false;
  const cleaned = await cleanupUnhealthyReplicas(s, oldRSs, maxScaledDown);
  const scaledDown = await scaleDownOldForRollingUpdate(s, newRS);
  return cleaned + scaledDown > 0;
}

/** Scales down old replicas that are not available, oldest ReplicaSet first, up to `maxCleanup`. */
async function cleanupUnhealthyReplicas(s: DeploymentSync, oldRSs: ReplicaSet[], maxCleanup: number): Promise<number> {
  let total = 0;
  for (const rs of oldestFirst(oldRSs)) {
    if (total >= maxCleanup) break;
    const replicas = replicasOf(rs);
    if (replicas === 0 || replicas === available(rs)) continue;
    const count = Math.min(maxCleanup - total, replicas - available(rs));
    await s.scaleAndRecord(rs, replicas - count);
    total += count;
  }
  return total;
}

/** Scales down old ReplicaSets (oldest first) as far as availability above minAvailable allows. */
async function scaleDownOldForRollingUpdate(s: DeploymentSync, newRS: ReplicaSet): Promise<number> {
  const minAvailable = replicasOf(s.d) - maxUnavailable(s.d);
  const availableCount = statusSum(s.rsList, 'availableReplicas');
  if (availableCount <= minAvailable) return 0;
  const toScaleDown = availableCount - minAvailable;
  let total = 0;
  for (const rs of oldestFirst(s.oldReplicaSets(newRS))) {
    if (total >= toScaleDown) break;
    const replicas = replicasOf(rs);
    if (replicas === 0) continue;
    const count = Math.min(replicas, toScaleDown - total);
    await s.scaleAndRecord(rs, replicas - count);
    total += count;
  }
  return total;
}

/** `rolloutRecreate`; `podsByRS` maps ReplicaSet uids to the pods they control. */
export async function rolloutRecreate(s: DeploymentSync, podsByRS: Map<string, Pod[]>): Promise<void> {
  let { newRS, oldRSs } = await s.newAndOld(false);
  let scaledDown = false;
  for (const rs of activeReplicaSets(oldRSs)) {
    if ((await s.scaleAndRecord(rs, 0)).scaled) scaledDown = true;
  }
  if (scaledDown) {
    await s.syncRolloutStatus(newRS);
    return;
  }
  if (oldPodsRunning(s, newRS, podsByRS)) {
    await s.syncRolloutStatus(newRS);
    return;
  }
  if (newRS === undefined) ({ newRS, oldRSs } = await s.newAndOld(true));
  if (newRS !== undefined) {
    newRS = (await s.scaleAndRecord(newRS, replicasOf(s.d))).rs;
  }
  if (deploymentComplete(s.d, s.original.status ?? {})) await s.cleanup(oldRSs);
  await s.syncRolloutStatus(newRS);
}

function oldPodsRunning(s: DeploymentSync, newRS: ReplicaSet | undefined, podsByRS: Map<string, Pod[]>): boolean {
  if (statusSum(s.oldReplicaSets(newRS), 'replicas') > 0) return true;
  for (const [uid, pods] of podsByRS) {
    if (newRS !== undefined && uid === uidOf(newRS)) continue;
    if (pods.some((p) => !isPodFinished(p))) return true;
  }
  return false;
}
