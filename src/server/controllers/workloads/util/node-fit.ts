/**
 * Whether a pod may run on a node as the DaemonSet controller judges it (`NodeShouldRunDaemonPod`):
 * its NoSchedule and NoExecute taints tolerated, its nodeSelector and required node affinity
 * matched (labels, and `metadata.name` through matchFields), by the scheduler's own filters.
 */
import type { Node, NodeSelectorRequirement, PodSpec } from '../../../../sdk/types/generated/core-v1.js';
import { matchesNodeAffinity, untoleratedTaint } from '../../../scheduler/fit.js';

/** The pod spec fits the node: selector, required affinity and taints, as the scheduler's filters judge them. */
export function podFitsNode(podSpec: PodSpec, node: Node): boolean {
  const pod = { spec: podSpec };
  return matchesNodeAffinity(pod, node) && untoleratedTaint(pod, node, ['NoSchedule', 'NoExecute']) === undefined;
}

/** Sets the required node affinity to exactly this node (`ReplaceDaemonSetPodNodeNameNodeAffinity`). */
export function pinToNode(podSpec: PodSpec, nodeName: string): void {
  const field: NodeSelectorRequirement = { key: 'metadata.name', operator: 'In', values: [nodeName] };
  const affinity = podSpec.affinity ?? {};
  const nodeAffinity = affinity.nodeAffinity ?? {};
  const terms = nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  if (terms.length === 0) {
    nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution = { nodeSelectorTerms: [{ matchFields: [field] }] };
  } else {
    for (const t of terms) t.matchFields = [field];
    nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution = { nodeSelectorTerms: terms };
  }
  affinity.nodeAffinity = nodeAffinity;
  podSpec.affinity = affinity;
}
