/** Small helpers over plain JSON values shared by the patch engines. */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import { setOwn as setKey } from '../../machinery/json/own-keys.js';

// The prototype-safe accessors are machinery's; the server's code knows the setter as setKey.
export { getOwn, setOwn as setKey } from '../../machinery/json/own-keys.js';

/** True for a JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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

/** Copies the own members of `source` onto `target` with {@link setKey} (Object.assign would set a prototype for `__proto__`). */
export function assignOwn(target: JsonObject, source: JsonObject): void {
  for (const [key, value] of Object.entries(source)) if (value !== undefined) setKey(target, key, value);
}

