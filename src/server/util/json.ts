/**
 * Small helpers for reading and copying plain JSON objects without `any`.
 */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import { getOwn, setOwn as setKey } from '../../machinery/json/own-keys.js';

// The prototype-safe accessors are machinery's; the server's code knows the setter as setKey.
export { getOwn, setOwn as setKey } from '../../machinery/json/own-keys.js';
export { assignOwn } from '../../machinery/json/values.js';
// The value as an object, or undefined / an empty object when it is none: machinery's, by the names server code uses.
import { asJsonObject as asObject, jsonObjectOrEmpty as objectOrEmpty } from '../../machinery/json/values.js';
export { asObject, objectOrEmpty };
export { stringItems as stringsOf } from '../../machinery/json/values.js';

/** The value as an array, or undefined. */
export function asArray(v: unknown): JsonValue[] | undefined {
  return Array.isArray(v) ? (v as JsonValue[]) : undefined;
}

/** The value as a string, or undefined. */
export function asString(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/**
 * The value as a number, or undefined. An int64 beyond 2^53 (a bigint, see json-numbers.ts) comes
 * back rounded to the nearest double: right for comparisons and arithmetic on durations and counts.
 */
export function asNumber(v: unknown): number | undefined {
  if (typeof v === 'bigint') return Number(v);
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}


/** `obj[a][b]...` (own members only), or undefined when a step is missing. */
export function getPath(obj: unknown, path: readonly string[]): JsonValue | undefined {
  let cur: unknown = obj;
  for (const p of path) {
    const o = asObject(cur);
    if (o === undefined) return undefined;
    cur = getOwn(o, p);
  }
  return cur as JsonValue | undefined;
}

/** Sets `obj[a][b]... = value`, creating objects on the way (own members only, `__proto__` a plain key). */
export function setPath(obj: JsonObject, path: readonly string[], value: JsonValue): void {
  let cur = obj;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] ?? '';
    let next = asObject(getOwn(cur, key));
    if (next === undefined) {
      next = {};
      setKey(cur, key, next);
    }
    cur = next;
  }
  const last = path[path.length - 1];
  if (last !== undefined) setKey(cur, last, value);
}

/** `metadata.name`, or ''. */
export function nameOf(obj: JsonObject | undefined): string {
  return asString(asObject(obj?.metadata)?.name) ?? '';
}

/** `metadata.namespace`, or ''. */
export function namespaceOf(obj: JsonObject | undefined): string {
  return asString(asObject(obj?.metadata)?.namespace) ?? '';
}

/** `metadata.uid`, or ''. */
export function uidOf(obj: JsonObject | undefined): string {
  return asString(asObject(obj?.metadata)?.uid) ?? '';
}

/** `metadata.finalizers` (a non-string item as ''), of an object of any kind. */
export function finalizersOf(obj: JsonObject): string[] {
  return (asArray(asObject(obj.metadata)?.finalizers) ?? []).map((f) => asString(f) ?? '');
}

/** `obj[key]` as a mutable object (an empty one set first when it is none). */
export function childOf(obj: JsonObject, key: string): JsonObject {
  let child = asObject(getOwn(obj, key));
  if (child === undefined) {
    child = {};
    setKey(obj, key, child);
  }
  return child;
}

/** The object's `metadata` as a mutable object (created when missing). */
export function metaOf(obj: JsonObject): JsonObject {
  return childOf(obj, 'metadata');
}

