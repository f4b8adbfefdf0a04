/** Small helpers over plain JSON values shared by the patch engines. */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';

/** True for a JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep equality of two JSON values (key order does not matter). */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  let count = 0;
  for (const key of Object.keys(a)) {
    const av = a[key];
    if (av === undefined) continue;
    count++;
    const bv = getOwn(b, key);
    if (bv === undefined || !jsonEqual(av, bv)) return false;
  }
  for (const key of Object.keys(b)) if (b[key] !== undefined) count--;
  return count === 0;
}

/** A deep copy of a JSON value (undefined members dropped). */
export function cloneJson<T extends JsonValue>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => cloneJson(item)) as T;
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) if (item !== undefined) setKey(out, key, cloneJson(item));
  return out as T;
}

/** Formats a value the way Go's `%v` prints decoded JSON in apimachinery's error messages. */
export function goFormat(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '<nil>';
  if (Array.isArray(value)) return `[${value.map((item) => goFormat(item)).join(' ')}]`;
  if (typeof value === 'object') {
    const keys = Object.keys(value).filter((key) => value[key] !== undefined).sort();
    return `map[${keys.map((key) => `${key}:${goFormat(value[key])}`).join(' ')}]`;
  }
  return String(value);
}

/**
 * The own member `key` of `target`, or undefined. Plain `target[key]` would also find what
 * Object.prototype has under `__proto__`, `constructor`, `toString` ... for a key the object lacks.
 */
export function getOwn(target: JsonObject, key: string): JsonValue | undefined {
  return Object.hasOwn(target, key) ? target[key] : undefined;
}

/** Copies the own members of `source` onto `target` with {@link setKey} (Object.assign would set a prototype for `__proto__`). */
export function assignOwn(target: JsonObject, source: JsonObject): void {
  for (const [key, value] of Object.entries(source)) if (value !== undefined) setKey(target, key, value);
}

/** Sets `key` on `target` as an own data property, also for `__proto__` (which assignment would not). */
export function setKey(target: JsonObject, key: string, value: JsonValue): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
