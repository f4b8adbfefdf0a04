/**
 * The DaemonSet controller: one pod per node that should run it (taints tolerated, with the
 * tolerations a DaemonSet adds; nodeSelector and required affinity matched), pinned there by
 * node affinity on `metadata.name`; surplus and misplaced pods and failed pods removed; a
 * RollingUpdate replaces old-revision pods while at most maxUnavailable are unavailable; status
 * counts the nodes as the real controller does.
 */
import { LABELS, TAINTS } from '../../../sdk/naming.js';
import type { JsonObject, JsonValue } from '../../../sdk/types/meta.js';
import type { ResourceDef } from '../../registry/types.js';
import { fromObjectSelector } from '../../../machinery/labels/selector.js';
import { asArray, asNumber, asObject, asString, metaOf } from '../../util/json.js';
import type { Controller } from '../../control/controller.js';
import { splitKey, type Informer } from '../../feed/informer.js';
import { kindLoop } from '../../control/kind-loop.js';
import { type ControllerKit, type WorkloadOptions } from '../../control/kit.js';
import { claim, controllerRefOf, nameOf, newControllerRef, uidOf } from './util/controller-ref.js';
import { intOrPercent, scaledValue } from './util/int-or-percent.js';
import { pinToNode, podFitsNode } from './util/node-fit.js';
import { dependentHandler } from './util/owner-events.js';
import { podFromTemplate } from './util/pod-template.js';
import { createdAt, isPodAvailable, isPodReady, isTerminating, nodeNameOf, podPhase } from './util/pods.js';
import { ownedRevisions, truncateHistory, updateRevision } from './util/revisions.js';
import { writeStatus } from './util/status-write.js';
import { createPodFor, deletePodOf } from './util/pod-control.js';

/** The tolerations every daemon pod gets (`AddOrUpdateDaemonPodTolerations`). */
export function daemonTolerations(hostNetwork: boolean): JsonObject[] {
  const out: JsonObject[] = [
    { key: TAINTS.notReady, operator: 'Exists', effect: 'NoExecute' },
    { key: TAINTS.unreachable, operator: 'Exists', effect: 'NoExecute' },
    { key: 'node.platform.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.platform.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.platform.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: TAINTS.unschedulable, operator: 'Exists', effect: 'NoSchedule' },
  ];
  if (hostNetwork) out.push({ key: 'node.platform.io/network-unavailable', operator: 'Exists', effect: 'NoSchedule' });
  return out;
}

function withDaemonTolerations(podSpec: JsonObject): void {
  const list: JsonValue[] = asArray(podSpec.tolerations) ?? [];
  for (const t of daemonTolerations(podSpec.hostNetwork === true)) {
    if (!list.some((x) => asObject(x)?.key === t.key && asObject(x)?.effect === t.effect)) list.push(t);
  }
  podSpec.tolerations = list;
}

/** Creates the DaemonSet controller. */
export function daemonSetController(kit: ControllerKit, options: WorkloadOptions = {}): Controller {
  const dsDef = kit.def('apps', 'v1', 'daemonsets');
  const podDef = kit.def('', 'v1', 'pods');
  const revDef = kit.def('apps', 'v1', 'controllerrevisions');
  const sets = kit.informers.informerFor(dsDef);
  const pods = kit.informers.informerFor(podDef);
  const nodes = kit.informer('', 'v1', 'nodes');
  kit.informers.informerFor(revDef);
  return kindLoop({
    name: 'daemonset', ctx: kit.ctx, clock: kit.clock, workers: options.workers ?? 2,
    objects: sets,
    sync: (key) => syncDaemonSet(kit, dsDef, podDef, revDef, sets, pods, nodes, key),
    dependents: (enqueue) => [
      pods.addHandler(dependentHandler({ owners: sets, kind: 'DaemonSet' }, enqueue)),
      nodes.addHandler(() => {
        for (const ds of sets.list()) enqueue(ds);
      }),
    ],
  });
}

async function syncDaemonSet(kit: ControllerKit, dsDef: ResourceDef, podDef: ResourceDef, revDef: ResourceDef, sets: Informer, pods: Informer, nodes: Informer, key: string): Promise<void> {
  const ds = sets.getByKey(key);
  if (ds === undefined) return;
  const { namespace, name } = splitKey(key);
  const spec = asObject(ds.spec) ?? {};
  const owned = await claim({
    client: kit.client, def: podDef, owner: ds, ownerApiVersion: 'apps/v1', ownerKind: 'DaemonSet', selector: fromObjectSelector(spec.selector),
    candidates: pods.list(namespace), recheckOwner: () => kit.client.get(dsDef, namespace, name),
  });
  if (typeof asObject(ds.metadata)?.deletionTimestamp === 'string') return;
  const revisions = ownedRevisions(kit, revDef, ds);
  const { revision, collisionCount } = await updateRevision(kit, revDef, ds, 'DaemonSet', revisions);
  const hash = asString(asObject(asObject(revision.metadata)?.labels)?.[LABELS.controllerRevisionHash]) ?? '';
  const template = asObject(spec.template) ?? {};
  const templateSpec = structuredClone(asObject(template.spec) ?? {});
  withDaemonTolerations(templateSpec);
  const ref = newControllerRef(ds, 'apps/v1', 'DaemonSet');
  const generation = asNumber(asObject(ds.metadata)?.generation) ?? 1;
  const byNode = new Map<string, JsonObject[]>();
  for (const p of owned) {
    const n = nodeNameOf(p) || nodeOfAffinity(p);
    if (n === '') continue;
    byNode.set(n, [...(byNode.get(n) ?? []), p]);
  }
  const toCreate: string[] = [];
  const toDelete: JsonObject[] = [];
  const allNodes = nodes.list();
  let desired = 0;
  for (const node of allNodes) {
    const nodeName = nameOf(node);
    const should = podFitsNode(templateSpec, node);
    const here = (byNode.get(nodeName) ?? []).filter((p) => !isTerminating(p));
    if (should) {
      desired++;
      const failed = here.filter((p) => podPhase(p) === 'Failed');
      toDelete.push(...failed);
      const live = here.filter((p) => podPhase(p) !== 'Failed');
      if (live.length === 0 && failed.length === 0) toCreate.push(nodeName);
      else if (live.length > 1) toDelete.push(...live.sort((a, b) => createdAt(a) - createdAt(b)).slice(1));
    } else {
      toDelete.push(...here.filter((p) => podPhase(p) !== 'Succeeded' && podPhase(p) !== 'Failed'));
    }
  }
  for (const [nodeName, list] of byNode) if (!allNodes.some((n) => nameOf(n) === nodeName)) toDelete.push(...list.filter((p) => !isTerminating(p)));

  // RollingUpdate: old-revision pods go while no more than maxUnavailable are unavailable.
  const strategy = asObject(spec.updateStrategy) ?? {};
  const minReady = asNumber(spec.minReadySeconds) ?? 0;
  if ((asString(strategy.type) ?? 'RollingUpdate') === 'RollingUpdate') {
    const maxUnavailable = Math.max(scaledValue(intOrPercent(asObject(strategy.rollingUpdate)?.maxUnavailable) ?? 1, desired, true) ?? 1, 0);
    const current = owned.filter((p) => !isTerminating(p) && !toDelete.includes(p));
    let unavailable = current.filter((p) => !isPodAvailable(p, minReady, kit.now())).length + toCreate.length;
    const old = current.filter((p) => asString(asObject(asObject(p.metadata)?.labels)?.[LABELS.controllerRevisionHash]) !== hash);
    old.sort((a, b) => Number(isPodAvailable(a, minReady, kit.now())) - Number(isPodAvailable(b, minReady, kit.now())));
    for (const p of old) {
      const available = isPodAvailable(p, minReady, kit.now());
      if (available && unavailable >= maxUnavailable) break;
      toDelete.push(p);
      if (available) unavailable++;
    }
  }
  await Promise.all(toCreate.map(async (nodeName) => {
    const pod = podFromTemplate({ ...template, spec: structuredClone(templateSpec) }, namespace, ref, { generateName: `${name}-` });
    const meta = metaOf(pod);
    meta.labels = { ...(asObject(meta.labels) ?? {}), [LABELS.controllerRevisionHash]: hash, 'pod-template-generation': String(generation) };
    pinToNode(asObject(pod.spec) ?? {}, nodeName);
    await createPodFor(kit, podDef, namespace, pod, ds);
  }));
  await Promise.all([...new Set(toDelete)].map((pod) => deletePodOf(kit, podDef, namespace, pod, ds)));

  const live = pods.ownedBy(uidOf(ds)).filter((p) => controllerRefOf(p)?.uid === uidOf(ds) && !isTerminating(p) && asString(asObject(p.metadata)?.namespace) === namespace);
  let scheduled = 0;
  let misscheduled = 0;
  let ready = 0;
  let available = 0;
  let updated = 0;
  for (const node of allNodes) {
    const should = podFitsNode(templateSpec, node);
    const here = live.filter((p) => (nodeNameOf(p) || nodeOfAffinity(p)) === nameOf(node));
    if (here.length === 0) continue;
    if (!should) {
      misscheduled++;
      continue;
    }
    scheduled++;
    const p = here[0];
    if (p === undefined) continue;
    if (isPodReady(p)) ready++;
    if (isPodAvailable(p, minReady, kit.now())) available++;
    if (asString(asObject(asObject(p.metadata)?.labels)?.[LABELS.controllerRevisionHash]) === hash) updated++;
  }
  const next: JsonObject = {
    currentNumberScheduled: scheduled, numberMisscheduled: misscheduled, desiredNumberScheduled: desired, numberReady: ready,
    observedGeneration: generation, updatedNumberScheduled: updated, numberAvailable: available, numberUnavailable: Math.max(0, desired - available),
  };
  if (collisionCount > 0) next.collisionCount = collisionCount;
  for (const k of ['updatedNumberScheduled', 'numberAvailable', 'numberUnavailable'] as const) if (next[k] === 0) delete next[k];
  const prior = asObject(ds.status) ?? {};
  if (prior.conditions !== undefined) next.conditions = prior.conditions;
  await writeStatus(kit, dsDef, ds, next);
  await truncateHistory(kit, revDef, ds, ownedRevisions(kit, revDef, ds), new Set([nameOf(revision), ...owned.map((p) => `${name}-${asString(asObject(asObject(p.metadata)?.labels)?.[LABELS.controllerRevisionHash]) ?? ''}`)]));
}

/** The node a daemon pod is pinned to by its affinity (before the scheduler binds it). */
function nodeOfAffinity(pod: JsonObject): string {
  const terms = asArray(asObject(asObject(asObject(asObject(pod.spec)?.affinity)?.nodeAffinity)?.requiredDuringSchedulingIgnoredDuringExecution)?.nodeSelectorTerms) ?? [];
  for (const t of terms) {
    for (const f of asArray(asObject(t)?.matchFields) ?? []) {
      const field = asObject(f) ?? {};
      if (field.key === 'metadata.name' && field.operator === 'In') return asString((asArray(field.values) ?? [])[0]) ?? '';
    }
  }
  return '';
}
