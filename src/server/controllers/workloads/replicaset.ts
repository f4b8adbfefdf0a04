/**
 * The ReplicaSet controller, which is also the ReplicationController manager (the two kinds differ
 * only in their group and the form of their selector, as kube-controller-manager runs one
 * controller over both): keeps `spec.replicas` active pods matching the selector. It claims
 * pods (adopts matching orphans, releases owned pods that stopped matching), creates missing ones
 * in slow-start batches and deletes surplus ones in the order a real controller gives them up
 * (unassigned, pending, not ready, cheap, doubled up, recently ready, restarted, young first),
 * then writes the status counts (replicas, fullyLabeled, ready, available after minReadySeconds)
 * and the ReplicaFailure condition.
 */
import type { ReplicaSet, ReplicaSetStatus } from '../../../sdk/types/generated/apps-v1.js';
import type { Pod, ReplicationController } from '../../../sdk/types/generated/core-v1.js';
import type { KindDef } from '../../registry/kind-def.js';
import { fromLabelMap, fromObjectSelector, matchesLabels, type LabelSelector } from '../../../machinery/labels/selector.js';
import { nameOf, uidOf } from '../../util/json.js';
import type { Controller } from '../../control/controller.js';
import { objectKeyOf, splitKey, type Informer } from '../../feed/informer.js';
import { reconcileLoop } from '../../control/reconcile-loop.js';
import type { ControllerKit} from '../../control/kit.js';
import { errorMessage, type WorkloadOptions } from '../../control/kit.js';
import { newCondition, removeCondition, setCondition } from './util/conditions.js';
import { findCondition } from '../../util/conditions.js';
import { claim, controllerRefOf, newControllerRef } from './util/controller-ref.js';
import { dependentHandler } from './util/owner-events.js';
import { podFromTemplate } from './util/pod-template.js';
import { isPodActive, isPodAvailable, isPodReady, podsToDelete } from './util/pods.js';
import { slowStartBatch } from './util/slow-start.js';
import { apiVersionOf } from '../../../machinery/group-version.js';
import { writeStatus } from './util/status-write.js';
import { createPodFor, deletePodOf } from './util/pod-control.js';

/** Pods created or deleted per sync at most (client-go's burstReplicas). */
export const BURST_REPLICAS = 500;

/** An object that keeps a number of replicas of a pod template running. */
type ReplicaObject = ReplicaSet | ReplicationController;

/** A kind of object that keeps a number of replicas of a pod template running. */
interface ReplicaKind {
  group: string;
  version: string;
  kind: 'ReplicaSet' | 'ReplicationController';
  /** The controller's name (its work queue's). */
  name: string;
  /** The kind's def. */
  def(kit: ControllerKit): KindDef<ReplicaObject>;
  /** The pods an object selects. */
  selector(obj: ReplicaObject): LabelSelector;
}

/** apps/v1 ReplicaSets: a LabelSelector. */
const REPLICA_SET_KIND: ReplicaKind = {
  group: 'apps', version: 'v1', kind: 'ReplicaSet', name: 'replicaset',
  def: (kit) => kit.kind('apps/v1', 'ReplicaSet'),
  selector: (rs) => fromObjectSelector(rs.spec?.selector),
};

/** core/v1 ReplicationControllers: a map of labels that must all match. */
const REPLICATION_CONTROLLER_KIND: ReplicaKind = {
  group: '', version: 'v1', kind: 'ReplicationController', name: 'replicationmanager',
  def: (kit) => kit.kind('v1', 'ReplicationController'),
  selector: (rc) => fromLabelMap(rc.spec?.selector),
};

/** Creates the ReplicaSet controller. */
export function replicaSetController(kit: ControllerKit, options: WorkloadOptions = {}): Controller {
  return replicaController(kit, REPLICA_SET_KIND, options);
}

/** Creates the ReplicationController manager. */
export function replicationManager(kit: ControllerKit, options: WorkloadOptions = {}): Controller {
  return replicaController(kit, REPLICATION_CONTROLLER_KIND, options);
}

function replicaController(kit: ControllerKit, kind: ReplicaKind, options: WorkloadOptions): Controller {
  const rsDef = kind.def(kit);
  const podDef = kit.kind('v1', 'Pod');
  const replicaSets = kit.informerOf(rsDef);
  const pods = kit.informerOf(podDef);

  const loop = reconcileLoop({
    name: kind.name, ctx: kit.ctx, clock: kit.clock, workers: options.workers ?? 5,
    reconcile: (key) => syncReplicaSet(kit, kind, rsDef, podDef, replicaSets, pods, key, (k, ms) => loop.queue.addAfter(k, ms)),
    initialKeys: () => replicaSets.list().map(objectKeyOf),
    subscriptions: [
      replicaSets.addHandler((ev) => loop.queue.add(objectKeyOf(ev.object))),
      pods.addHandler(dependentHandler({ owners: replicaSets, kind: kind.kind, selectorOf: kind.selector }, (rs, ev) => {
        const key = objectKeyOf(rs);
        loop.queue.add(key);
        // A pod that just turned ready becomes available after minReadySeconds: look again then.
        const minReady = rs.spec?.minReadySeconds ?? 0;
        if (minReady > 0 && ev.type === 'MODIFIED' && ev.old !== undefined && !isPodReady(ev.old) && isPodReady(ev.object)) {
          loop.queue.addAfter(key, minReady * 1000 + 1000);
        }
      })),
    ],
  });
  return loop;
}

function replicasOf(rs: ReplicaObject): number {
  return rs.spec?.replicas ?? 1;
}

/** The pods of the other ReplicaSets of the same owner (a Deployment's rollout), for node ranks. */
function relatedPods(replicaSets: Informer<ReplicaObject>, pods: Informer<Pod>, rs: ReplicaObject): Pod[] {
  const ns = rs.metadata?.namespace ?? '';
  const ownerRef = controllerRefOf(rs);
  const siblings = ownerRef === undefined ? [rs] : replicaSets.ownedBy(ownerRef.uid).filter((r) => controllerRefOf(r)?.uid === ownerRef.uid);
  const out: Pod[] = [];
  for (const s of siblings) for (const p of pods.ownedBy(uidOf(s))) if (p.metadata?.namespace === ns) out.push(p);
  return out;
}

async function syncReplicaSet(
  kit: ControllerKit, kind: ReplicaKind, rsDef: KindDef<ReplicaObject>, podDef: KindDef<Pod>, replicaSets: Informer<ReplicaObject>, pods: Informer<Pod>, key: string,
  requeueAfter: (key: string, ms: number) => void,
): Promise<void> {
  const rs = replicaSets.getByKey(key);
  if (rs === undefined) return;
  const { namespace, name } = splitKey(key);
  const selector = kind.selector(rs);
  const candidates = pods.list(namespace).filter(isPodActive);
  const owned = await claim({
    client: kit.client, def: podDef, owner: rs, ownerApiVersion: apiVersionOf(kind), ownerKind: kind.kind, selector, candidates,
    recheckOwner: () => kit.client.get(rsDef, namespace, name),
  });
  let manageError: { reason: string; message: string } | undefined;
  if (rs.metadata?.deletionTimestamp === undefined) {
    manageError = await manageReplicas(kit, kind, podDef, rs, owned, relatedPods(replicaSets, pods, rs));
  }
  const current = pods.ownedBy(uidOf(rs)).filter((p) => isPodActive(p) && controllerRefOf(p)?.uid === uidOf(rs) && p.metadata?.namespace === namespace);
  const minReady = rs.spec?.minReadySeconds ?? 0;
  const status = calculateStatus(rs, current, manageError, kit.now());
  const updated = await writeStatus(kit, rsDef, rs, status);
  const st = (updated ?? rs).status ?? { replicas: 0 };
  if (manageError === undefined && minReady > 0 && (st.readyReplicas ?? 0) === replicasOf(rs) && (st.availableReplicas ?? 0) !== replicasOf(rs)) {
    requeueAfter(key, minReady * 1000);
  }
  if (manageError !== undefined) throw new Error(manageError.message);
}

async function manageReplicas(kit: ControllerKit, kind: ReplicaKind, podDef: KindDef<Pod>, rs: ReplicaObject, owned: Pod[], related: Pod[]): Promise<{ reason: string; message: string } | undefined> {
  const diff = owned.length - replicasOf(rs);
  const namespace = rs.metadata?.namespace ?? '';
  const name = nameOf(rs);
  if (diff < 0) {
    const count = Math.min(-diff, BURST_REPLICAS);
    const ref = newControllerRef(rs, apiVersionOf(kind), kind.kind);
    const template = rs.spec?.template;
    const result = await slowStartBatch(count, 1, async () => {
      await createPodFor(kit, podDef, namespace, podFromTemplate(template, namespace, ref, { generateName: `${name}-` }), rs);
    });
    return result.error === undefined ? undefined : { reason: 'FailedCreate', message: errorMessage(result.error) };
  }
  if (diff > 0) {
    const victims = podsToDelete(owned, related, Math.min(diff, BURST_REPLICAS), kit.now());
    const results = await Promise.allSettled(victims.map(async (pod) => {
      try {
        await deletePodOf(kit, podDef, namespace, pod, rs);
      } catch (e) {
        kit.recorder.event(rs, 'Warning', 'FailedDelete', `Error deleting: ${errorMessage(e)}`);
        throw e;
      }
    }));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    return failed === undefined ? undefined : { reason: 'FailedDelete', message: errorMessage(failed.reason) };
  }
  return undefined;
}

/** `calculateStatus`: counts over the owned active pods and the ReplicaFailure condition. */
function calculateStatus(rs: ReplicaObject, owned: readonly Pod[], manageError: { reason: string; message: string } | undefined, now: number): ReplicaSetStatus {
  const templateLabels = rs.spec?.template?.metadata?.labels ?? {};
  const full = fromObjectSelector({ matchLabels: templateLabels });
  const minReady = rs.spec?.minReadySeconds ?? 0;
  let fullyLabeled = 0;
  let ready = 0;
  let available = 0;
  for (const p of owned) {
    if (matchesLabels(full, p.metadata?.labels)) fullyLabeled++;
    if (isPodReady(p)) {
      ready++;
      if (isPodAvailable(p, minReady, now)) available++;
    }
  }
  const previous = rs.status ?? { replicas: 0 };
  const status: ReplicaSetStatus = { replicas: owned.length };
  if (fullyLabeled > 0) status.fullyLabeledReplicas = fullyLabeled;
  if (ready > 0) status.readyReplicas = ready;
  if (available > 0) status.availableReplicas = available;
  const generation = rs.metadata?.generation;
  if (generation !== undefined && generation > 0) status.observedGeneration = generation;
  if (previous.conditions !== undefined) status.conditions = previous.conditions;
  if (manageError !== undefined) {
    if (findCondition(status, 'ReplicaFailure') === undefined) setCondition(status, newCondition('ReplicaFailure', 'True', manageError.reason, manageError.message, now, false));
  } else {
    removeCondition(status, 'ReplicaFailure');
  }
  return status;
}
