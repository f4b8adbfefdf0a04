/**
 * Schemas of policy v1 and v1beta1: PodDisruptionBudgets and Evictions.
 * Field numbers are those of the published generated.proto; descriptions are our own.
 */
import { GROUPS } from '../../../naming.js';
import type { StructSchema } from '../../../../machinery/schema/type-schema.js';
import { keyedList, kind, mapOf, message, named, withPatchStrategy } from './build.js';
import { CONDITION, DELETE_OPTIONS, LABEL_SELECTOR, OBJECT_META } from './meta.js';
import { INT32, INT64, INT_OR_STRING, STRING, TIME } from './scalars.js';

/** Values of `v1.UnhealthyPodEvictionPolicyType`. */
export const UNHEALTHY_POD_EVICTION_POLICY_TYPE = named(STRING, 'v1.UnhealthyPodEvictionPolicyType', ['AlwaysAllow', 'IfHealthyBudget']);
/** Values of `v1beta1.UnhealthyPodEvictionPolicyType`. */
export const UNHEALTHY_POD_EVICTION_POLICY_TYPE_V1BETA1 = named(STRING, 'v1beta1.UnhealthyPodEvictionPolicyType', ['AlwaysAllow', 'IfHealthyBudget']);

/** PodDisruptionBudgetSpec (policy/v1). */
export const POD_DISRUPTION_BUDGET_SPEC: StructSchema = message('api.policy.v1', 'PodDisruptionBudgetSpec', 'The pods a budget covers and how many must stay.', {
  minAvailable: [1, INT_OR_STRING, 'Pods (or percentage) that must still be available after an eviction. Excludes maxUnavailable.', 'p'],
  selector: [2, withPatchStrategy(LABEL_SELECTOR, 'replace'), 'The pods covered. An empty selector selects every pod of the namespace (in v1).', 'p'],
  maxUnavailable: [3, INT_OR_STRING, 'Pods (or percentage) that may be unavailable after an eviction. Excludes minAvailable.', 'p'],
  unhealthyPodEvictionPolicy: [4, UNHEALTHY_POD_EVICTION_POLICY_TYPE, 'IfHealthyBudget (the default) or AlwaysAllow: whether running but unready pods may be evicted regardless of the budget.', 'p'],
});

/** PodDisruptionBudgetStatus (policy/v1). */
export const POD_DISRUPTION_BUDGET_STATUS: StructSchema = message('api.policy.v1', 'PodDisruptionBudgetStatus', 'The observed state of a budget.', {
  observedGeneration: [1, INT64, 'The metadata.generation the controller last acted on.'],
  disruptedPods: [2, mapOf(TIME), 'Pods evicted but not yet gone, with when; the controller counts them as unavailable for a while.'],
  disruptionsAllowed: [3, INT32, 'Evictions allowed now.', 're'],
  currentHealthy: [4, INT32, 'Healthy pods now.', 're'],
  desiredHealthy: [5, INT32, 'Healthy pods needed.', 're'],
  expectedPods: [6, INT32, 'Pods the budget counts in all.', 're'],
  conditions: [7, keyedList(['type'], CONDITION, { key: 'type' }), 'Conditions (DisruptionAllowed).'],
});

/** PodDisruptionBudget (policy/v1). */
export const POD_DISRUPTION_BUDGET: StructSchema = kind('api.policy.v1', 'PodDisruptionBudget', [{ group: GROUPS.policy, version: 'v1', kind: 'PodDisruptionBudget' }], 'Limits how many pods of a set voluntary disruptions (evictions) may take down at once.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, POD_DISRUPTION_BUDGET_SPEC, 'The pods and the limit.'],
  status: [3, POD_DISRUPTION_BUDGET_STATUS, 'The observed state of the budget. Read-only.'],
});

/** Eviction (policy/v1). */
export const EVICTION: StructSchema = kind('api.policy.v1', 'Eviction', [{ group: GROUPS.policy, version: 'v1', kind: 'Eviction' }], 'A request to evict a pod while honouring disruption budgets; posted to pods/eviction.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  deleteOptions: [2, DELETE_OPTIONS, 'Options of the deletion of the pod.', 'p'],
});

/** PodDisruptionBudgetSpec (policy/v1beta1). */
export const POD_DISRUPTION_BUDGET_SPEC_V1BETA1: StructSchema = message('api.policy.v1beta1', 'PodDisruptionBudgetSpec', 'The pods a budget covers and how many must stay.', {
  minAvailable: [1, INT_OR_STRING, 'Pods (or percentage) that must still be available after an eviction. Excludes maxUnavailable.', 'p'],
  selector: [2, LABEL_SELECTOR, 'The pods covered. An empty selector selects every pod of the namespace (in v1).', 'p'],
  maxUnavailable: [3, INT_OR_STRING, 'Pods (or percentage) that may be unavailable after an eviction. Excludes minAvailable.', 'p'],
  unhealthyPodEvictionPolicy: [4, UNHEALTHY_POD_EVICTION_POLICY_TYPE_V1BETA1, 'IfHealthyBudget (the default) or AlwaysAllow: whether running but unready pods may be evicted regardless of the budget.', 'p'],
});

/** PodDisruptionBudgetStatus (policy/v1beta1). */
export const POD_DISRUPTION_BUDGET_STATUS_V1BETA1: StructSchema = message('api.policy.v1beta1', 'PodDisruptionBudgetStatus', 'The observed state of a budget.', {
  observedGeneration: [1, INT64, 'The metadata.generation the controller last acted on.'],
  disruptedPods: [2, mapOf(TIME), 'Pods evicted but not yet gone, with when; the controller counts them as unavailable for a while.'],
  disruptionsAllowed: [3, INT32, 'Evictions allowed now.', 're'],
  currentHealthy: [4, INT32, 'Healthy pods now.', 're'],
  desiredHealthy: [5, INT32, 'Healthy pods needed.', 're'],
  expectedPods: [6, INT32, 'Pods the budget counts in all.', 're'],
  conditions: [7, keyedList(['type'], CONDITION, { key: 'type' }), 'Conditions (DisruptionAllowed).'],
});

/** PodDisruptionBudget (policy/v1beta1). */
export const POD_DISRUPTION_BUDGET_V1BETA1: StructSchema = kind('api.policy.v1beta1', 'PodDisruptionBudget', [{ group: GROUPS.policy, version: 'v1beta1', kind: 'PodDisruptionBudget' }], 'Limits how many pods of a set voluntary disruptions (evictions) may take down at once.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, POD_DISRUPTION_BUDGET_SPEC_V1BETA1, 'The pods and the limit.'],
  status: [3, POD_DISRUPTION_BUDGET_STATUS_V1BETA1, 'The observed state of the budget. Read-only.'],
});
