/**
 * Kinds of the `policy` group (`policy/v1`): PodDisruptionBudget.
 */
import type { Condition, LabelSelector, ObjectBase } from './meta.js';

/** How many pods of a set may be disrupted (evicted) at once. */
export interface PodDisruptionBudget extends ObjectBase {
  kind?: 'PodDisruptionBudget';
  spec?: {
    minAvailable?: number | string;
    maxUnavailable?: number | string;
    selector?: LabelSelector;
    unhealthyPodEvictionPolicy?: 'IfHealthyBudget' | 'AlwaysAllow' | string;
  };
  status?: {
    observedGeneration?: number;
    disruptedPods?: Record<string, string>;
    disruptionsAllowed?: number;
    currentHealthy?: number;
    desiredHealthy?: number;
    expectedPods?: number;
    conditions?: Condition[];
  };
}
