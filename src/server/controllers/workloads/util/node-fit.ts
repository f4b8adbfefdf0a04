/**
 * Whether a pod may run on a node as the DaemonSet controller judges it (`NodeShouldRunDaemonPod`):
 * its NoSchedule and NoExecute taints tolerated, its nodeSelector and required node affinity
 * matched (labels, and `metadata.name` through matchFields), by the scheduler's own filters.
 */
import type { JsonObject, JsonValue } from '../../../../sdk/types/meta.js';
import { matchesNodeAffinity, untoleratedTaint } from '../../../scheduler/fit.js';
import { asArray, asObject } from '../../../util/json.js';

/** The pod spec fits the node: selector, required affinity and taints, as the scheduler's filters judge them. */
export function podFitsNode(podSpec: JsonObject, node: JsonObject): boolean {
  const pod = { spec: podSpec };
  return matchesNodeAffinity(pod, node) && untoleratedTaint(pod, node, ['NoSchedule', 'NoExecute']) === undefined;
}

/** Sets the required node affinity to exactly this node (`ReplaceDaemonSetPodNodeNameNodeAffinity`). */
export function pinToNode(podSpec: JsonObject, nodeName: string): void {
  const field: JsonValue = { key: 'metadata.name', operator: 'In', values: [nodeName] };
  const affinity = asObject(podSpec.affinity) ?? {};
  const nodeAffinity = asObject(affinity.nodeAffinity) ?? {};
  const required = asObject(nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution);
  const terms = (asArray(required?.nodeSelectorTerms) ?? []).map((t) => asObject(t) ?? {});
  if (terms.length === 0) {
    nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution = { nodeSelectorTerms: [{ matchFields: [field] }] };
  } else {
    for (const t of terms) t.matchFields = [field];
    nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution = { nodeSelectorTerms: terms };
  }
  affinity.nodeAffinity = nodeAffinity;
  podSpec.affinity = affinity;
}
