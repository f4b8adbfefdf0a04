/**
 * The StatefulSet controller: pods named `<set>-<ordinal>` with a stable hostname under the
 * governing Service, created and removed in ordinal order one at a time (OrderedReady: each must
 * be Running and Ready before the next) or all at once (Parallel); the template's revisions kept
 * as ControllerRevisions; a RollingUpdate replaces pods at or above `partition`, highest ordinal
 * first, one at a time; status reports currentRevision/updateRevision and the replica counts.
 */
import { LABELS } from '../../../sdk/naming.js';
import type { JsonObject } from '../../../sdk/types/meta.js';
import type { ControllerRevision, StatefulSet, StatefulSetStatus } from '../../../sdk/types/generated/apps-v1.js';
import type { Pod } from '../../../sdk/types/generated/core-v1.js';
import type { KindDef } from '../../registry/kind-def.js';
import { fromObjectSelector } from '../../../machinery/labels/selector.js';
import { asNumber, asObject, metaOf, nameOf, uidOf } from '../../util/json.js';
import type { Controller } from '../../control/controller.js';
import { splitKey, type Informer } from '../../feed/informer.js';
import { kindLoop } from '../../control/kind-loop.js';
import { errorMessage, type ControllerKit, type WorkloadOptions } from '../../control/kit.js';
import { claim, controllerRefOf, newControllerRef } from './util/controller-ref.js';
import { dependentHandler } from './util/owner-events.js';
import { podFromTemplate } from './util/pod-template.js';
import { isPodAvailable, isPodReady, isTerminating, podPhase } from './util/pods.js';
import { ownedRevisions, truncateHistory, updateRevision } from './util/revisions.js';
import { writeStatus } from './util/status-write.js';

/** Creates the StatefulSet controller. */
export function statefulSetController(kit: ControllerKit, options: WorkloadOptions = {}): Controller {
  const setDef = kit.kind('apps/v1', 'StatefulSet');
  const podDef = kit.kind('v1', 'Pod');
  const revDef = kit.kind('apps/v1', 'ControllerRevision');
  const sets = kit.informerOf(setDef);
  const pods = kit.informerOf(podDef);
  kit.informerOf(revDef);
  return kindLoop({
    name: 'statefulset', ctx: kit.ctx, clock: kit.clock, workers: options.workers ?? 5,
    objects: sets,
    sync: (key) => syncSet(kit, setDef, podDef, revDef, sets, pods, key),
    dependents: (enqueue) => [pods.addHandler(dependentHandler({ owners: sets, kind: 'StatefulSet' }, enqueue))],
  });
}

/** The ordinal of a pod named `<set>-<n>`, or undefined. */
export function ordinalOf(setName: string, podName: string): number | undefined {
  if (!podName.startsWith(`${setName}-`)) return undefined;
  const rest = podName.slice(setName.length + 1);
  return /^(0|[1-9]\d*)$/.test(rest) ? Number(rest) : undefined;
}

function revisionOfPod(pod: Pod): string {
  return pod.metadata?.labels?.[LABELS.controllerRevisionHash] ?? '';
}

function runningAndReady(pod: Pod): boolean {
  return podPhase(pod) === 'Running' && isPodReady(pod);
}

async function syncSet(kit: ControllerKit, setDef: KindDef<StatefulSet>, podDef: KindDef<Pod>, revDef: KindDef<ControllerRevision>, sets: Informer<StatefulSet>, pods: Informer<Pod>, key: string): Promise<number | undefined> {
  const set = sets.getByKey(key);
  if (set === undefined) return undefined;
  const { namespace, name } = splitKey(key);
  const spec = set.spec;
  const owned = await claim({
    client: kit.client, def: podDef, owner: set, ownerApiVersion: 'apps/v1', ownerKind: 'StatefulSet', selector: fromObjectSelector(spec?.selector),
    candidates: pods.list(namespace).filter((p) => ordinalOf(name, nameOf(p)) !== undefined || controllerRefOf(p)?.uid === uidOf(set)),
    recheckOwner: () => kit.client.get(setDef, namespace, name),
  });
  if (isTerminating(set)) return undefined;
  const revisions = ownedRevisions(kit, revDef, set);
  const { revision: update, collisionCount } = await updateRevision(kit, revDef, set, 'StatefulSet', revisions);
  const updateName = nameOf(update);
  const status = set.status;
  const currentName = status?.currentRevision ?? updateName;
  const replicas = spec?.replicas ?? 1;
  const parallel = spec?.podManagementPolicy === 'Parallel';
  const strategy = spec?.updateStrategy;
  const partition = strategy?.rollingUpdate?.partition ?? 0;
  const minReady = spec?.minReadySeconds ?? 0;
  const byOrdinal = new Map<number, Pod>();
  const condemned: Pod[] = [];
  for (const p of owned) {
    const ord = ordinalOf(name, nameOf(p));
    if (ord === undefined) continue;
    if (ord < replicas) byOrdinal.set(ord, p);
    else condemned.push(p);
  }
  condemned.sort((a, b) => (ordinalOf(name, nameOf(b)) ?? 0) - (ordinalOf(name, nameOf(a)) ?? 0));
  const ref = newControllerRef(set, 'apps/v1', 'StatefulSet');
  /** `newVersionedStatefulSetPod`: below the partition of a RollingUpdate a new pod keeps the current revision. */
  const revisionFor = (ord: number): ControllerRevision => {
    const rolling = (strategy?.type ?? 'RollingUpdate') === 'RollingUpdate';
    if (rolling && ord < partition) return revisions.find((r) => nameOf(r) === currentName) ?? update;
    return update;
  };
  const newPod = (ord: number): JsonObject => {
    const rev = revisionFor(ord);
    // A revision's data is raw JSON (the template it recorded), not a typed object.
    const data = asObject(asObject(rev.data)?.spec)?.template;
    const template: JsonObject = structuredClone(asObject(data) ?? spec?.template ?? {});
    delete template.$patch;
    const podName = `${name}-${ord}`;
    const pod = podFromTemplate(template, namespace, ref, { name: podName });
    const meta = metaOf(pod);
    meta.labels = { ...(asObject(meta.labels) ?? {}), [LABELS.controllerRevisionHash]: nameOf(rev), [LABELS.statefulSetPodName]: podName, [LABELS.podIndex]: String(ord) };
    const podSpec = asObject(pod.spec) ?? {};
    podSpec.hostname = podName;
    const serviceName = spec?.serviceName ?? '';
    if (serviceName !== '') podSpec.subdomain = serviceName;
    return pod;
  };
  const event = (verb: 'Create' | 'Delete', podName: string, err?: unknown): void => {
    if (err === undefined) kit.recorder.event(set, 'Normal', `Successful${verb}`, `${verb.toLowerCase()} Pod ${podName} in StatefulSet ${name} successful`);
    else kit.recorder.event(set, 'Warning', `Failed${verb}`, `${verb.toLowerCase()} Pod ${podName} in StatefulSet ${name} failed error: ${errorMessage(err)}`);
  };
  const create = async (ord: number): Promise<void> => {
    try {
      await kit.client.create(podDef, namespace, newPod(ord));
      event('Create', `${name}-${ord}`);
    } catch (e) {
      event('Create', `${name}-${ord}`, e);
      throw e;
    }
  };
  const remove = async (pod: Pod): Promise<void> => {
    try {
      await kit.client.delete(podDef, namespace, nameOf(pod));
      event('Delete', nameOf(pod));
    } catch (e) {
      event('Delete', nameOf(pod), e);
      throw e;
    }
  };

  let requeue: number | undefined;
  let blocked = false;
  for (let ord = 0; ord < replicas && !blocked; ord++) {
    const pod = byOrdinal.get(ord);
    if (pod === undefined) {
      await create(ord);
      if (!parallel) blocked = true;
      continue;
    }
    if (podPhase(pod) === 'Failed' && !isTerminating(pod)) {
      await remove(pod);
      if (!parallel) blocked = true;
      continue;
    }
    if (!parallel && (isTerminating(pod) || !runningAndReady(pod))) blocked = true;
    else if (!parallel && minReady > 0 && !isPodAvailable(pod, minReady, kit.now())) {
      blocked = true;
      requeue = minReady * 1000;
    }
  }
  if (!blocked) {
    for (const pod of condemned) {
      if (isTerminating(pod)) {
        if (!parallel) break;
        continue;
      }
      await remove(pod);
      if (!parallel) break;
    }
  }
  // Rolling update: the highest ordinal at or above the partition still at an old revision goes,
  // once every pod is Running and Ready.
  const all = [...byOrdinal.values()];
  if (!blocked && condemned.length === 0 && strategy?.type !== 'OnDelete' && all.length === replicas && all.every((p) => runningAndReady(p) && !isTerminating(p))) {
    for (let ord = replicas - 1; ord >= partition; ord--) {
      const pod = byOrdinal.get(ord);
      if (pod !== undefined && revisionOfPod(pod) !== updateName) {
        await remove(pod);
        break;
      }
    }
  }

  const current = pods.ownedBy(uidOf(set)).filter((p) => controllerRefOf(p)?.uid === uidOf(set) && p.metadata?.namespace === namespace && ordinalOf(name, nameOf(p)) !== undefined);
  const active = current.filter((p) => !isTerminating(p) || podPhase(p) === 'Running');
  const updated = active.filter((p) => revisionOfPod(p) === updateName).length;
  let currentRevision = currentName;
  const ready = active.filter(isPodReady).length;
  if (updated === replicas && ready === replicas && active.length === replicas) currentRevision = updateName;
  const next: StatefulSetStatus = {
    // An int64, which may be a bigint: read as a number (see registry/kind-def.ts).
    observedGeneration: asNumber(set.metadata?.generation) ?? 0,
    replicas: active.length,
    readyReplicas: ready,
    currentReplicas: active.filter((p) => revisionOfPod(p) === currentRevision).length,
    updatedReplicas: updated,
    currentRevision,
    updateRevision: updateName,
    collisionCount,
    availableReplicas: active.filter((p) => isPodAvailable(p, minReady, kit.now())).length,
  };
  for (const k of ['readyReplicas', 'currentReplicas', 'updatedReplicas', 'availableReplicas'] as const) if (next[k] === 0) delete next[k];
  if (status?.conditions !== undefined) next.conditions = status.conditions;
  await writeStatus(kit, setDef, set, next);
  await truncateHistory(kit, revDef, set, ownedRevisions(kit, revDef, set), new Set([...current.map(revisionOfPod), currentRevision, updateName]));
  return requeue;
}
