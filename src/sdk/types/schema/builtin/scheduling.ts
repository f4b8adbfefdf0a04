/**
 * Schemas of scheduling/v1: PriorityClasses.
 * Field numbers are those of the published generated.proto; descriptions are our own.
 */
import { GROUPS } from '../../../naming.js';
import type { StructSchema } from '../../../../machinery/schema/type-schema.js';
import { kind } from './build.js';
import { PREEMPTION_POLICY } from './core-values.js';
import { OBJECT_META } from './meta.js';
import { BOOLEAN, INT32, STRING } from './scalars.js';

/** PriorityClass (scheduling/v1). */
export const PRIORITY_CLASS: StructSchema = kind('api.scheduling.v1', 'PriorityClass', [{ group: GROUPS.scheduling, version: 'v1', kind: 'PriorityClass' }], 'A named scheduling priority for pods.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  value: [2, INT32, 'The priority; higher is more important. At most one billion for user classes.', 're'],
  globalDefault: [3, BOOLEAN, 'Use this class for pods that name none; at most one class may be the default.'],
  description: [4, STRING, 'What the class is for.'],
  preemptionPolicy: [5, PREEMPTION_POLICY, 'Never or PreemptLowerPriority (the default): whether pods of this class may evict lower-priority pods.', 'p'],
});
