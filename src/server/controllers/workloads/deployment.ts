/**
 * The Deployment controller: claims the ReplicaSets its selector matches, then per sync either
 * only sizes them (paused, or a change of spec.replicas: proportional scaling) or takes one step
 * of its strategy's rollout, and writes the status (observedGeneration, replica counts, the
 * Progressing condition with its deadline, Available, ReplicaFailure) and the revision
 * annotation. Events: ScalingReplicaSet, SelectingAll, ReplicaSetCreateError.
 */
import type { Deployment, ReplicaSet } from '../../../sdk/types/generated/apps-v1.js';
import type { Pod } from '../../../sdk/types/generated/core-v1.js';
import { fromObjectSelector, matchesLabels } from '../../../machinery/labels/selector.js';
import { asNumber, uidOf } from '../../util/json.js';
import { jsonEqual } from '../../../machinery/json/equal.js';
import type { Controller } from '../../control/controller.js';
import { splitKey, type Informer } from '../../feed/informer.js';
import { kindLoop } from '../../control/kind-loop.js';
import { rolloutRecreate, rolloutRolling } from './deployment-rolling.js';
import { DeploymentSync, type DeploymentDefs } from './deployment-sync.js';
import { hasProgressDeadline } from './deployment-util.js';
import type { ControllerKit, WorkloadOptions } from '../../control/kit.js';
import { newCondition, setCondition } from './util/conditions.js';
import { findCondition } from '../../util/conditions.js';
import { claim, controllerRefOf } from './util/controller-ref.js';
import { dependentHandler, resolveOwner } from './util/owner-events.js';

/** Creates the Deployment controller. */
export function deploymentController(kit: ControllerKit, options: WorkloadOptions = {}): Controller {
  const defs: DeploymentDefs = { deployments: kit.kind('apps/v1', 'Deployment'), replicaSets: kit.kind('apps/v1', 'ReplicaSet') };
  const deployments = kit.informerOf(defs.deployments);
  const replicaSets = kit.informerOf(defs.replicaSets);
  const pods = kit.informerOf(kit.kind('v1', 'Pod'));
  const lookup = { owners: deployments, kind: 'Deployment' };

  return kindLoop({
    name: 'deployment', ctx: kit.ctx, clock: kit.clock, workers: options.workers ?? 5,
    objects: deployments,
    sync: (key) => syncDeployment(kit, defs, deployments, replicaSets, pods, key),
    dependents: (enqueue) => [
      replicaSets.addHandler(dependentHandler(lookup, enqueue)),
      // Recreate waits for the old pods to be gone.
      pods.addHandler((ev) => {
        if (ev.type !== 'DELETED') return;
        const rsRef = controllerRefOf(ev.object);
        if (rsRef?.kind !== 'ReplicaSet') return;
        const ns = ev.object.metadata?.namespace ?? '';
        const rs = replicaSets.get(ns, rsRef.name);
        const d = rs === undefined ? undefined : resolveOwner(lookup, ns, controllerRefOf(rs));
        if (d?.spec?.strategy?.type === 'Recreate') enqueue(d);
      }),
    ],
  });
}

/** `checkPausedConditions`: Progressing Unknown with DeploymentPaused / DeploymentResumed. */
async function checkPaused(s: DeploymentSync): Promise<void> {
  if (!hasProgressDeadline(s.d)) return;
  const cond = findCondition(s.status, 'Progressing');
  if (cond?.reason === 'ProgressDeadlineExceeded') return;
  const pausedCond = cond?.reason === 'DeploymentPaused';
  const paused = s.d.spec?.paused === true;
  const now = s.kit.now();
  if (paused && !pausedCond) {
    setCondition(s.status, newCondition('Progressing', 'Unknown', 'DeploymentPaused', 'Deployment is paused', now, true));
  } else if (!paused && pausedCond) {
    setCondition(s.status, newCondition('Progressing', 'Unknown', 'DeploymentResumed', 'Deployment is resumed', now, true));
  } else {
    return;
  }
  await s.writeDeployment();
}

/** One sync; returns when to look again (ms), if the progress deadline must be re-checked. */
async function syncDeployment(kit: ControllerKit, defs: DeploymentDefs, deployments: Informer<Deployment>, replicaSets: Informer<ReplicaSet>, pods: Informer<Pod>, key: string): Promise<number | undefined> {
  const d = deployments.getByKey(key);
  if (d === undefined) return undefined;
  const { namespace, name } = splitKey(key);
  const spec = d.spec;
  if (jsonEqual(spec?.selector, {})) {
    kit.recorder.event(d, 'Warning', 'SelectingAll', 'This deployment is selecting all pods. A non-empty selector is required.');
    const generation = asNumber(d.metadata?.generation) ?? 0;
    if ((asNumber(d.status?.observedGeneration) ?? 0) < generation) {
      await kit.client.update(defs.deployments, namespace, name, (o) => {
        o.status = { ...o.status, observedGeneration: generation };
        return true;
      }, 'status');
    }
    return undefined;
  }
  const selector = fromObjectSelector(spec?.selector);
  const rsList = await claim({
    client: kit.client, def: defs.replicaSets, owner: d, ownerApiVersion: 'apps/v1', ownerKind: 'Deployment', selector,
    candidates: replicaSets.list(namespace), recheckOwner: () => kit.client.get(defs.deployments, namespace, name),
  });
  const s = new DeploymentSync(kit, defs, d, rsList);
  if (d.metadata?.deletionTimestamp !== undefined) {
    const { newRS } = await s.newAndOld(false);
    await s.syncStatus(newRS);
    return undefined;
  }
  await checkPaused(s);
  if (spec?.paused === true || await s.isScalingEvent()) {
    const { newRS, oldRSs } = await s.newAndOld(false);
    await s.scale(newRS, oldRSs);
    if (spec?.paused === true) await s.cleanup(s.oldReplicaSets(newRS));
    await s.syncStatus(s.rsList.find((rs) => newRS !== undefined && uidOf(rs) === uidOf(newRS)));
    return undefined;
  }
  if (spec?.strategy?.type === 'Recreate') {
    const podsByRS = new Map<string, Pod[]>();
    for (const rs of rsList) {
      podsByRS.set(uidOf(rs), pods.ownedBy(uidOf(rs)).filter((p) => matchesLabels(selector, p.metadata?.labels) && controllerRefOf(p)?.uid === uidOf(rs)));
    }
    await rolloutRecreate(s, podsByRS);
  } else {
    await rolloutRolling(s);
  }
  return s.requeueAfterMs;
}
