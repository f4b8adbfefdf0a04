/**
 * The DaemonSet controller: one pod per node that should run it (taints tolerated, with the
 * tolerations a DaemonSet adds; nodeSelector and required affinity matched), pinned there by
 * node affinity on `metadata.name`; surplus and misplaced pods and failed pods removed; a
 * RollingUpdate replaces old-revision pods while at most maxUnavailable are unavailable; status
 * counts the nodes as the real controller does.
 */
import { LABELS, TAINTS } from '../../../sdk/naming.js';
import type { ControllerRevision, DaemonSet, DaemonSetStatus } from '../../../sdk/types/generated/apps-v1.js';
import type { Node, Pod, PodSpec, Toleration } from '../../../sdk/types/generated/core-v1.js';
import type { KindDef } from '../../registry/kind-def.js';
import { fromObjectSelector } from '../../../machinery/labels/selector.js';
import { asNumber, nameOf, uidOf } from '../../util/json.js';
import type { Controller } from '../../control/controller.js';
import { splitKey, type Informer } from '../../feed/informer.js';
import { type ControllerKit, type WorkloadOptions } from '../../control/kit.js';
import { claim, controllerRefOf, newControllerRef } from './util/controller-ref.js';
import { scaledValue } from './util/int-or-percent.js';
import { kindLoop } from '../../control/kind-loop.js';
import { pinToNode, podFitsNode } from './util/node-fit.js';
import { dependentHandler } from './util/owner-events.js';
import { podFromTemplate } from './util/pod-template.js';
import { createdAt, isPodAvailable, isPodReady, isTerminating, nodeNameOf, podPhase } from './util/pods.js';
import { ownedRevisions, truncateHistory, updateRevision } from './util/revisions.js';
import { writeStatus } from './util/status-write.js';
import { createPodFor, deletePodOf } from './util/pod-control.js';

/** The tolerations every daemon pod gets (`AddOrUpdateDaemonPodTolerations`). */
export function daemonTolerations(hostNetwork: boolean): Toleration[] {
  const out: Toleration[] = [
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

function withDaemonTolerations(podSpec: PodSpec): void {
  const list = podSpec.tolerations ?? [];
  for (const t of daemonTolerations(podSpec.hostNetwork === true)) {
    if (!list.some((x) => x.key === t.key && x.effect === t.effect)) list.push(t);
  }
  podSpec.tolerations = list;
}

/** Creates the DaemonSet controller. */
export function daemonSetController(kit: ControllerKit, options: WorkloadOptions = {}): Controller {
  const dsDef = kit.kind('apps/v1', 'DaemonSet');
  const podDef = kit.kind('v1', 'Pod');
  const revDef = kit.kind('apps/v1', 'ControllerRevision');
  const sets = kit.informerOf(dsDef);
  const pods = kit.informerOf(podDef);
  const nodes = kit.informerOf(kit.kind('v1', 'Node'));
  kit.informerOf(revDef);
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

async function syncDaemonSet(kit: ControllerKit, dsDef: KindDef<DaemonSet>, podDef: KindDef<Pod>, revDef: KindDef<ControllerRevision>, sets: Informer<DaemonSet>, pods: Informer<Pod>, nodes: Informer<Node>, key: string): Promise<void> {
  const ds = sets.getByKey(key);
  if (ds === undefined) return;
  const { namespace, name } = splitKey(key);
  const spec = ds.spec;
  const owned = await claim({
    client: kit.client, def: podDef, owner: ds, ownerApiVersion: 'apps/v1', ownerKind: 'DaemonSet', selector: fromObjectSelector(spec?.selector),
    candidates: pods.list(namespace), recheckOwner: () => kit.client.get(dsDef, namespace, name),
  });
  if (isTerminating(ds)) return;
  const revisions = ownedRevisions(kit, revDef, ds);
  const { revision, collisionCount } = await updateRevision(kit, revDef, ds, 'DaemonSet', revisions);
  const hash = revision.metadata?.labels?.[LABELS.controllerRevisionHash] ?? '';
  const template = spec?.template ?? {};
  // A stored DaemonSet's template has a spec (validation requires its containers).
  const templateSpec = structuredClone(template.spec ?? { containers: [] });
  withDaemonTolerations(templateSpec);
  const ref = newControllerRef(ds, 'apps/v1', 'DaemonSet');
  // An int64, which may be a bigint: read as a number (see registry/kind-def.ts).
  const generation = asNumber(ds.metadata?.generation) ?? 1;
  const byNode = new Map<string, Pod[]>();
  for (const p of owned) {
    const n = nodeNameOf(p) || nodeOfAffinity(p);
    if (n === '') continue;
    byNode.set(n, [...(byNode.get(n) ?? []), p]);
  }
  const toCreate: string[] = [];
  const toDelete: Pod[] = [];
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
  const strategy = spec?.updateStrategy;
  const minReady = spec?.minReadySeconds ?? 0;
  if ((strategy?.type ?? 'RollingUpdate') === 'RollingUpdate') {
    const maxUnavailable = Math.max(scaledValue(strategy?.rollingUpdate?.maxUnavailable ?? 1, desired, true) ?? 1, 0);
    const current = owned.filter((p) => !isTerminating(p) && !toDelete.includes(p));
    let unavailable = current.filter((p) => !isPodAvailable(p, minReady, kit.now())).length + toCreate.length;
    const old = current.filter((p) => p.metadata?.labels?.[LABELS.controllerRevisionHash] !== hash);
    old.sort((a, b) => Number(isPodAvailable(a, minReady, kit.now())) - Number(isPodAvailable(b, minReady, kit.now())));
    for (const p of old) {
      const available = isPodAvailable(p, minReady, kit.now());
      if (available && unavailable >= maxUnavailable) break;
      toDelete.push(p);
      if (available) unavailable++;
    }
  }
  await Promise.all(toCreate.map(async (nodeName) => {
    const podSpec = structuredClone(templateSpec);
    pinToNode(podSpec, nodeName);
    const labels = { ...template.metadata?.labels, [LABELS.controllerRevisionHash]: hash, 'pod-template-generation': String(generation) };
    const pod = podFromTemplate({ ...template, metadata: { ...template.metadata, labels }, spec: podSpec }, namespace, ref, { generateName: `${name}-` });
    await createPodFor(kit, podDef, namespace, pod, ds);
  }));
  await Promise.all([...new Set(toDelete)].map((pod) => deletePodOf(kit, podDef, namespace, pod, ds)));

  const live = pods.ownedBy(uidOf(ds)).filter((p) => controllerRefOf(p)?.uid === uidOf(ds) && !isTerminating(p) && p.metadata?.namespace === namespace);
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
    if (p.metadata?.labels?.[LABELS.controllerRevisionHash] === hash) updated++;
  }
  const next: DaemonSetStatus = {
    currentNumberScheduled: scheduled, numberMisscheduled: misscheduled, desiredNumberScheduled: desired, numberReady: ready,
    observedGeneration: generation, updatedNumberScheduled: updated, numberAvailable: available, numberUnavailable: Math.max(0, desired - available),
  };
  if (collisionCount > 0) next.collisionCount = collisionCount;
  for (const k of ['updatedNumberScheduled', 'numberAvailable', 'numberUnavailable'] as const) if (next[k] === 0) delete next[k];
  const prior = ds.status;
  if (prior?.conditions !== undefined) next.conditions = prior.conditions;
  await writeStatus(kit, dsDef, ds, next);
  await truncateHistory(kit, revDef, ds, ownedRevisions(kit, revDef, ds), new Set([nameOf(revision), ...owned.map((p) => `${name}-${p.metadata?.labels?.[LABELS.controllerRevisionHash] ?? ''}`)]));
}

/** The node a daemon pod is pinned to by its affinity (before the scheduler binds it). */
function nodeOfAffinity(pod: Pod): string {
  const terms = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  for (const t of terms) {
    for (const field of t.matchFields ?? []) {
      if (field.key === 'metadata.name' && field.operator === 'In') return field.values?.[0] ?? '';
    }
  }
  return '';
}
