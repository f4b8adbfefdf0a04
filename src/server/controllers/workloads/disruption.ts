/**
 * The disruption controller: keeps each PodDisruptionBudget's status current (expectedPods,
 * desiredHealthy from minAvailable or maxUnavailable against the pods' controllers' scale,
 * currentHealthy, disruptionsAllowed, the DisruptionAllowed condition, observedGeneration) and
 * forgets `disruptedPods` entries the eviction endpoint made once their pods are gone or after
 * two minutes.
 */
import type { Deployment, ReplicaSet, StatefulSet } from '../../../sdk/types/generated/apps-v1.js';
import type { Pod } from '../../../sdk/types/generated/core-v1.js';
import type { Condition } from '../../../sdk/types/generated/meta-v1.js';
import type { PodDisruptionBudget, PodDisruptionBudgetSpec, PodDisruptionBudgetStatus } from '../../../sdk/types/generated/policy-v1.js';
import type { KindDef } from '../../registry/kind-def.js';
import { timestamp } from '../../util/time.js';
import { asNumber, uidOf } from '../../util/json.js';
import type { Controller } from '../../control/controller.js';
import { splitKey, type Informer } from '../../feed/informer.js';
import { kindLoop } from '../../control/kind-loop.js';
import type { ControllerKit, WorkloadOptions } from '../../control/kit.js';
import { controllerRefOf } from './util/controller-ref.js';
import { scaledValue } from './util/int-or-percent.js';
import { isHealthy, pdbSelects } from './util/pdb.js';
import { writeStatus } from './util/status-write.js';
import { isTerminating, timeOf } from './util/pods.js';

/** How long an eviction's entry in disruptedPods waits for its pod to go. */
export const DISRUPTION_TIMEOUT_MS = 2 * 60_000;

/** Creates the disruption controller. */
export function disruptionController(kit: ControllerKit, options: WorkloadOptions = {}): Controller {
  const pdbDef = kit.kind('policy/v1', 'PodDisruptionBudget');
  const pdbs = kit.informerOf(pdbDef);
  const pods = kit.informerOf(kit.kind('v1', 'Pod'));
  const owners = {
    replicaSets: kit.informerOf(kit.kind('apps/v1', 'ReplicaSet')),
    deployments: kit.informerOf(kit.kind('apps/v1', 'Deployment')),
    statefulSets: kit.informerOf(kit.kind('apps/v1', 'StatefulSet')),
  };
  return kindLoop({
    name: 'disruption', ctx: kit.ctx, clock: kit.clock, workers: options.workers ?? 1,
    objects: pdbs,
    sync: (key) => syncPdb(kit, pdbDef, pdbs, pods, owners, key),
    dependents: (enqueue) => [
      pods.addHandler((ev) => {
        for (const pdb of pdbs.list(ev.object.metadata?.namespace ?? '')) {
          if (pdbSelects(pdb, ev.object) || (ev.old !== undefined && pdbSelects(pdb, ev.old))) enqueue(pdb);
        }
      }),
    ],
  });
}

type Owners = { replicaSets: Informer<ReplicaSet>; deployments: Informer<Deployment>; statefulSets: Informer<StatefulSet> };

/** `getExpectedScale`: the summed scale of the pods' distinct controllers. */
function expectedScale(pods: readonly Pod[], owners: Owners): { count: number } | { error: string } {
  const seen = new Map<string, number>();
  for (const pod of pods) {
    const ns = pod.metadata?.namespace ?? '';
    const ref = controllerRefOf(pod);
    let found: ReplicaSet | Deployment | StatefulSet | undefined;
    if (ref?.kind === 'ReplicaSet') {
      const rs = owners.replicaSets.get(ns, ref.name);
      if (rs !== undefined && uidOf(rs) === ref.uid) {
        const dRef = controllerRefOf(rs);
        const d = dRef?.kind === 'Deployment' ? owners.deployments.get(ns, dRef.name) : undefined;
        found = d !== undefined && uidOf(d) === dRef?.uid ? d : rs;
      }
    } else if (ref?.kind === 'StatefulSet') {
      const sts = owners.statefulSets.get(ns, ref.name);
      if (sts !== undefined && uidOf(sts) === ref.uid) found = sts;
    }
    if (found === undefined) return { error: `found no controllers for pod ${JSON.stringify(pod.metadata?.name ?? '')}` };
    seen.set(uidOf(found), found.spec?.replicas ?? 1);
  }
  let count = 0;
  for (const n of seen.values()) count += n;
  return { count };
}

/**
 * `getExpectedPodCount`: how many pods the budget expects and how many of them it wants healthy.
 * maxUnavailable and a percentage minAvailable count against the summed scale of the pods'
 * controllers, a number minAvailable against the selected pods.
 */
function expectedPodCount(spec: PodDisruptionBudgetSpec, selected: readonly Pod[], owners: Owners): { expected: number; desired: number } | { error: string } {
  const { maxUnavailable, minAvailable } = spec;
  if (maxUnavailable === undefined && typeof minAvailable !== 'string') return { expected: selected.length, desired: minAvailable ?? 0 };
  const scale = expectedScale(selected, owners);
  if ('error' in scale) return scale;
  const expected = scale.count;
  if (maxUnavailable !== undefined) return { expected, desired: Math.max(0, expected - (scaledValue(maxUnavailable, expected, true) ?? 0)) };
  return { expected, desired: scaledValue(minAvailable, expected, true) ?? 0 };
}

async function syncPdb(kit: ControllerKit, pdbDef: KindDef<PodDisruptionBudget>, pdbs: Informer<PodDisruptionBudget>, pods: Informer<Pod>, owners: Owners, key: string): Promise<number | undefined> {
  const pdb = pdbs.getByKey(key);
  if (pdb === undefined) return undefined;
  const { namespace } = splitKey(key);
  const prior = pdb.status;
  const now = kit.now();
  const selected = pods.list(namespace).filter((p) => pdbSelects(pdb, p));
  if (selected.length === 0) kit.recorder.event(pdb, 'Normal', 'NoPods', 'No matching pods found');

  // Evictions not yet followed by their pod's deletion, for at most two minutes.
  const disrupted: Record<string, string> = {};
  let recheck: number | undefined;
  for (const [podName, at] of Object.entries(prior?.disruptedPods ?? {})) {
    const pod = selected.find((p) => p.metadata?.name === podName);
    const since = timeOf(at) ?? 0;
    if (pod === undefined || isTerminating(pod)) continue;
    if (since + DISRUPTION_TIMEOUT_MS <= now) continue;
    disrupted[podName] = at;
    const left = since + DISRUPTION_TIMEOUT_MS - now;
    recheck = recheck === undefined ? left : Math.min(recheck, left);
  }
  const disruptedNames = new Set(Object.keys(disrupted));

  const counts = expectedPodCount(pdb.spec ?? {}, selected, owners);
  const error = 'error' in counts ? counts.error : undefined;
  const { expected, desired } = 'error' in counts ? { expected: 0, desired: 0 } : counts;
  const healthy = selected.filter((p) => isHealthy(p, disruptedNames)).length;
  let allowed = healthy - desired;
  if (expected <= 0 || allowed <= 0 || error !== undefined) allowed = 0;
  if (error !== undefined) kit.recorder.event(pdb, 'Warning', 'CalculateExpectedPodCountFailed', `Failed to calculate the number of expected pods: ${error}`);

  const generation = asNumber(pdb.metadata?.generation);
  const [condStatus, reason, message] = error !== undefined ? ['False', 'SyncFailed', error] : allowed > 0 ? ['True', 'SufficientPods', ''] : ['False', 'InsufficientPods', ''];
  const current = prior?.conditions?.find((c) => c.type === 'DisruptionAllowed');
  const since = current !== undefined && current.status === condStatus ? current.lastTransitionTime ?? timestamp(now) : timestamp(now);
  const cond: Condition = { type: 'DisruptionAllowed', status: condStatus, lastTransitionTime: since, reason, message, observedGeneration: generation ?? 0 };
  const status: PodDisruptionBudgetStatus = {
    ...(Object.keys(disrupted).length > 0 ? { disruptedPods: disrupted } : {}),
    disruptionsAllowed: allowed,
    currentHealthy: error === undefined ? healthy : prior?.currentHealthy ?? 0,
    desiredHealthy: error === undefined ? desired : prior?.desiredHealthy ?? 0,
    expectedPods: error === undefined ? expected : prior?.expectedPods ?? 0,
    ...(generation !== undefined ? { observedGeneration: generation } : {}),
    conditions: [cond],
  };
  await writeStatus(kit, pdbDef, pdb, status);
  return recheck;
}
