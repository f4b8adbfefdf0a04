/**
 * The rule flags of `create role` and `create clusterrole`.
 */
import type { FlagSpec } from '../../../framework/spec.js';

/** `--verb`, `--resource`, `--resource-name`. */
export const RULE_FLAGS = [
  { name: 'resource', type: 'stringSlice', default: [], description: 'Resource that the rule applies to', complete: { kind: 'resource-type' } },
  { name: 'resource-name', type: 'stringArray', default: [], description: 'Resource in the white list that the rule applies to, repeat this flag for multiple items' },
  { name: 'verb', type: 'stringSlice', default: [], description: 'Verb that applies to the resources contained in the rule', complete: { kind: 'values', values: ['*', 'get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection'] } },
] as const satisfies readonly FlagSpec[];
