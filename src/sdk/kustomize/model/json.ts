/**
 * Plain-JSON helpers of the kustomize engine. Resources are kept as the JSON values kustomize's
 * YAML nodes decode to; these helpers give the node operations it relies on (typed reads, safe
 * writes of keys that are data, deep copies, the text of a scalar).
 */
import { getOwn as getKey, setOwn as setKey } from '../../../machinery/json/own-keys.js';
import { isJsonObject } from '../../../machinery/json/values.js';

/** A JSON object as the engine handles it. */
export type JsonMap = Record<string, unknown>;

/** A plain object (not an array, not null): machinery's check, typed for the engine's maps. */
export const isMap: (value: unknown) => value is JsonMap = isJsonObject;

/** A new empty object. Keys are data: `__proto__` and friends are plain keys (see {@link setKey}). */
export function newMap(): JsonMap {
  return {};
}

// Keys are data: machinery's prototype-safe accessors (setOwn, getOwn) under the engine's names for them.
export { setKey, getKey };

/** True when `value` is undefined or null (kyaml's "missing or null"). */
export function isMissingOrNull(value: unknown): value is null | undefined {
  return value === undefined || value === null;
}

/** kyaml's `IsNilOrEmpty`: missing, null, `{}` or `[]`. */
export function isNilOrEmpty(value: unknown): boolean {
  if (isMissingOrNull(value)) return true;
  if (Array.isArray(value)) return value.length === 0;
  return isMap(value) && Object.keys(value).length === 0;
}

/** A deep copy of a JSON value (keys copied as data). */
export function deepCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => deepCopy(item)) as T;
  if (isMap(value)) {
    const out = newMap();
    for (const [k, v] of Object.entries(value)) setKey(out, k, deepCopy(v));
    return out as T;
  }
  return value;
}

/**
 * The text of a scalar as a YAML node holds it (`Value` of a go-yaml node): strings as they are,
 * numbers and booleans as printed, `null` and non-scalars as the empty string.
 */
export function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return '';
}

/** The node kind kyaml would see: `map`, `seq`, `scalar`, or `null` for null and missing values. */
export function nodeKind(value: unknown): 'map' | 'seq' | 'scalar' | 'null' {
  if (isMissingOrNull(value)) return 'null';
  if (Array.isArray(value)) return 'seq';
  if (isMap(value)) return 'map';
  return 'scalar';
}

/** The object at `path` under `root`, created (as `{}`) where missing or null. */
export function lookupCreateMap(root: JsonMap, path: readonly string[]): JsonMap {
  let current = root;
  for (const key of path) {
    const next = getKey(current, key);
    if (isMap(next)) {
      current = next;
      continue;
    }
    const created = newMap();
    setKey(current, key, created);
    current = created;
  }
  return current;
}

/** The value at `path` under `root`, or undefined when a step is missing or not an object. */
export function lookup(root: unknown, path: readonly string[]): unknown {
  let current: unknown = root;
  for (const key of path) {
    if (!isMap(current)) return undefined;
    current = getKey(current, key);
  }
  return current;
}
