/**
 * What the disruption controller and the eviction endpoint share about PodDisruptionBudgets:
 * which pods a budget selects (v1: an empty selector selects every pod of the namespace) and
 * whether a pod counts as healthy.
 */
import type { Pod } from '../../../../sdk/types/generated/core-v1.js';
import type { PodDisruptionBudget } from '../../../../sdk/types/generated/policy-v1.js';
import { fromObjectSelector, matchesLabels } from '../../../../machinery/labels/selector.js';
import { isPodReady, isTerminating } from './pods.js';

/** True when the budget selects the pod. */
export function pdbSelects(pdb: PodDisruptionBudget, pod: Pod): boolean {
  const selector = pdb.spec?.selector;
  if (selector === undefined || selector === null) return false;
  return matchesLabels(fromObjectSelector(selector), pod.metadata?.labels);
}

/** `countHealthyPods`: ready and not being deleted (nor listed as being disrupted). */
export function isHealthy(pod: Pod, disrupted: ReadonlySet<string> = new Set()): boolean {
  const name = pod.metadata?.name ?? '';
  return !isTerminating(pod) && !disrupted.has(name) && isPodReady(pod);
}
