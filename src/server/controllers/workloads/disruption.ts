/**
 * The disruption controller: keeps each PodDisruptionBudget's status current (expectedPods,
 * desiredHealthy from minAvailable or maxUnavailable against the pods' controllers' scale,
 * currentHealthy, disruptionsAllowed, the DisruptionAllowed condition, observedGeneration) and
 * forgets `disruptedPods` entries the eviction endpoint made once their pods are gone or after
 * two minutes.
 */
import type { JsonObject } from '../../../sdk/types/meta.js';
import { timestamp } from '../../util/time.js';
import type { ResourceDef } from '../../registry/types.js';
import { asNumber, asObject, asString, uidOf } from '../../util/json.js';
import type { Controller } from '../../control/controller.js';
import { splitKey, type Informer } from '../../feed/informer.js';
import { kindLoop } from '../../control/kind-loop.js';
import type { ControllerKit, WorkloadOptions } from '../../control/kit.js';
import { newCondition } from './util/conditions.js';
import { findCondition } from '../../util/conditions.js';
import { controllerRefOf } from './util/controller-ref.js';
import { intOrPercent, scaledValue } from './util/int-or-percent.js';
import { isHealthy, pdbSelects } from './util/pdb.js';
import { timeOf } from './util/pods.js';
import { writeStatus } from './util/status-write.js';

/** How long an eviction's entry in disruptedPods waits for its pod to go. */
export const DISRUPTION_TIMEOUT_MS = 2 * 60_000;

/** Creates the disruption controller. */
export function disruptionController(kit: ControllerKit, options: WorkloadOptions = {}): Controller {
  const pdbDef = kit.def('policy', 'v1', 'poddisruptionbudgets');
  const pdbs = kit.informers.informerFor(pdbDef);
  const pods = kit.informer('', 'v1', 'pods');
  const owners = {
    replicaSets: kit.informer('apps', 'v1', 'replicasets'),
    deployments: kit.informer('apps', 'v1', 'deployments'),
    statefulSets: kit.informer('apps', 'v1', 'statefulsets'),
  };
  return kindLoop({
    name: 'disruption', ctx: kit.ctx, clock: kit.clock, workers: options.workers ?? 1,
    objects: pdbs,
    sync: (key) => syncPdb(kit, pdbDef, pdbs, pods, owners, key),
    dependents: (enqueue) => [
      pods.addHandler((ev) => {
        const ns = asString(asObject(ev.object.metadata)?.namespace) ?? '';
        for (const pdb of pdbs.list(ns)) {
          if (pdbSelects(pdb, ev.object) || (ev.old !== undefined && pdbSelects(pdb, ev.old))) enqueue(pdb);
        }
      }),
    ],
  });
}

type Owners = { replicaSets: Informer; deployments: Informer; statefulSets: Informer };

/** `getExpectedScale`: the summed scale of the pods' distinct controllers. */
function expectedScale(pods: readonly JsonObject[], owners: Owners): { count: number } | { error: string } {
  const seen = new Map<string, number>();
  for (const pod of pods) {
    const ns = asString(asObject(pod.metadata)?.namespace) ?? '';
    const ref = controllerRefOf(pod);
    let found: JsonObject | undefined;
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
    if (found === undefined) return { error: `found no controllers for pod ${JSON.stringify(asString(asObject(pod.metadata)?.name) ?? '')}` };
    seen.set(uidOf(found), asNumber(asObject(found.spec)?.replicas) ?? 1);
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
function expectedPodCount(spec: JsonObject, selected: readonly JsonObject[], owners: Owners): { expected: number; desired: number } | { error: string } {
  const maxUnavailable = intOrPercent(spec.maxUnavailable);
  const minAvailable = intOrPercent(spec.minAvailable);
  if (maxUnavailable === undefined && typeof minAvailable !== 'string') return { expected: selected.length, desired: minAvailable ?? 0 };
  const scale = expectedScale(selected, owners);
  if ('error' in scale) return scale;
  const expected = scale.count;
  if (maxUnavailable !== undefined) return { expected, desired: Math.max(0, expected - (scaledValue(maxUnavailable, expected, true) ?? 0)) };
  return { expected, desired: scaledValue(minAvailable, expected, true) ?? 0 };
}

async function syncPdb(kit: ControllerKit, pdbDef: ResourceDef, pdbs: Informer, pods: Informer, owners: Owners, key: string): Promise<number | undefined> {
  const pdb = pdbs.getByKey(key);
  if (pdb === undefined) return undefined;
  const { namespace } = splitKey(key);
  const spec = asObject(pdb.spec) ?? {};
  const prior = asObject(pdb.status) ?? {};
  const now = kit.now();
  const selected = pods.list(namespace).filter((p) => pdbSelects(pdb, p));
  if (selected.length === 0) kit.recorder.event(pdb, 'Normal', 'NoPods', 'No matching pods found');

  // Evictions not yet followed by their pod's deletion, for at most two minutes.
  const disrupted: JsonObject = {};
  let recheck: number | undefined;
  for (const [podName, at] of Object.entries(asObject(prior.disruptedPods) ?? {})) {
    const pod = selected.find((p) => asObject(p.metadata)?.name === podName);
    const since = timeOf(at) ?? 0;
    if (pod === undefined || typeof asObject(pod.metadata)?.deletionTimestamp === 'string') continue;
    if (since + DISRUPTION_TIMEOUT_MS <= now) continue;
    disrupted[podName] = at;
    const left = since + DISRUPTION_TIMEOUT_MS - now;
    recheck = recheck === undefined ? left : Math.min(recheck, left);
  }
  const disruptedNames = new Set(Object.keys(disrupted));

  const counts = expectedPodCount(spec, selected, owners);
  const error = 'error' in counts ? counts.error : undefined;
  const { expected, desired } = 'error' in counts ? { expected: 0, desired: 0 } : counts;
  const healthy = selected.filter((p) => isHealthy(p, disruptedNames)).length;
  let allowed = healthy - desired;
  if (expected <= 0 || allowed <= 0 || error !== undefined) allowed = 0;
  if (error !== undefined) kit.recorder.event(pdb, 'Warning', 'CalculateExpectedPodCountFailed', `Failed to calculate the number of expected pods: ${error}`);

  const status: JsonObject = {};
  if (Object.keys(disrupted).length > 0) status.disruptedPods = disrupted;
  status.disruptionsAllowed = allowed;
  status.currentHealthy = error === undefined ? healthy : asNumber(prior.currentHealthy) ?? 0;
  status.desiredHealthy = error === undefined ? desired : asNumber(prior.desiredHealthy) ?? 0;
  status.expectedPods = error === undefined ? expected : asNumber(prior.expectedPods) ?? 0;
  const generation = asNumber(asObject(pdb.metadata)?.generation);
  if (generation !== undefined) status.observedGeneration = generation;
  const [condStatus, reason, message] = error !== undefined ? ['False', 'SyncFailed', error] : allowed > 0 ? ['True', 'SufficientPods', ''] : ['False', 'InsufficientPods', ''];
  const current = findCondition(prior, 'DisruptionAllowed');
  const cond = newCondition('DisruptionAllowed', condStatus, reason, message, now, false);
  if (current !== undefined && current.status === condStatus) cond.lastTransitionTime = current.lastTransitionTime ?? timestamp(now);
  cond.observedGeneration = generation ?? 0;
  status.conditions = [cond];
  await writeStatus(kit, pdbDef, pdb, status);
  return recheck;
}
