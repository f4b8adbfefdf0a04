/**
 * What the disruption controller and the eviction endpoint share about PodDisruptionBudgets:
 * which pods a budget selects (v1: an empty selector selects every pod of the namespace) and
 * whether a pod counts as healthy.
 */
import type { JsonObject } from '../../../../sdk/types/meta.js';
import { fromObjectSelector, matchesLabels } from '../../../../machinery/labels/selector.js';
import { asObject } from '../../../util/json.js';
import { isPodReady, isTerminating } from './pods.js';

/** True when the budget selects the pod. */
export function pdbSelects(pdb: JsonObject, pod: JsonObject): boolean {
  const selector = asObject(pdb.spec)?.selector;
  if (selector === undefined || selector === null) return false;
  return matchesLabels(fromObjectSelector(selector), asObject(asObject(pod.metadata)?.labels));
}

/** `countHealthyPods`: ready and not being deleted (nor listed as being disrupted). */
export function isHealthy(pod: JsonObject, disrupted: ReadonlySet<string> = new Set()): boolean {
  const name = String(asObject(pod.metadata)?.name ?? '');
  return !isTerminating(pod) && !disrupted.has(name) && isPodReady(pod);
}
