/**
 * Kinds of the `scheduling.platform.io` group (`v1`): PriorityClass.
 */
import type { ObjectBase } from './meta.js';

/** A priority pods name in `priorityClassName` (cluster-scoped); the fields sit at the top level. */
export interface PriorityClass extends ObjectBase {
  kind?: 'PriorityClass';
  value?: number;
  globalDefault?: boolean;
  description?: string;
  preemptionPolicy?: 'PreemptLowerPriority' | 'Never' | string;
}
