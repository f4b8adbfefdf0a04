/** Typed reads from plain JSON objects (the describers take objects as the server sends them). */
import type { KubeObject, ObjectMeta } from '../../sdk/types/meta.js';
import { isJsonObject, jsonObjectOrEmpty } from '../../machinery/json/values.js';

/** A JSON object, or an empty one for anything else: machinery's, typed for the describers' reads. */
export const obj: (v: unknown) => Record<string, unknown> = jsonObjectOrEmpty;

/** An object's metadata, spec and status, each empty when absent: what a describer reads first. */
export function partsOf(o: KubeObject): { meta: ObjectMeta; spec: Record<string, unknown>; status: Record<string, unknown> } {
  return { meta: o.metadata ?? {}, spec: obj(o['spec']), status: obj(o['status']) };
}

/** An array of JSON objects (non-objects left out), or an empty array. */
export function objs(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.filter(isJsonObject) : [];
}

/** A string, or `''`; a number, or 0: machinery's, by the describers' short names. */
export { stringOrEmpty as str, numberOrZero as num } from '../../machinery/json/values.js';

/** A boolean, or false. */
export function bool(v: unknown): boolean {
  return v === true;
}

/** An array of strings (others left out). */
export { stringItems as strs } from '../../machinery/json/values.js';

/** A string map (non-string values left out). */
export function strMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(obj(v))) if (typeof val === 'string') out[k] = val;
  return out;
}

/** An int-or-string value (`intstr`) as Go prints it. */
export function intOrString(v: unknown): string {
  if (typeof v === 'number') return String(v);
  return typeof v === 'string' ? v : '0';
}
