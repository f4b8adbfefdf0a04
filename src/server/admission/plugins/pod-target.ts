/**
 * Helpers for plugins that act on pods.
 */
import type { JsonObject } from '../../../sdk/types/meta.js';
import { asObject } from '../../util/json.js';
import type { AdmissionAttributes } from '../types.js';

/** True for a write to the pod itself (not a sub-resource). */
export function isPodWrite(attrs: AdmissionAttributes, ops: readonly string[] = ['CREATE']): boolean {
  return attrs.def.group === '' && attrs.def.plural === 'pods' && attrs.subresource === '' && ops.includes(attrs.operation) && attrs.object !== undefined;
}

/** The pod's spec (created when missing). */
export function podSpec(pod: JsonObject): JsonObject {
  const spec = asObject(pod.spec) ?? {};
  pod.spec = spec;
  return spec;
}
