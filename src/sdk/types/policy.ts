/**
 * Kinds of the `policy` group (`policy/v1`): PodDisruptionBudget.
 */
export type { PodDisruptionBudget } from './generated/policy-v1.js';
