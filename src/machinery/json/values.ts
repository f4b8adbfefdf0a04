/**
 * Small operations on decoded JSON values that the patch engines, the server and the client share:
 * telling an object from an array, deep copies and member-wise assignment that treat every key as
 * data (see own-keys.ts), and Go's `%v` text of a value for error messages.
 */
import type { JsonObject } from '../json-numbers.js';
import { setOwn } from './own-keys.js';

/** True for a JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value as a JSON object, or undefined when it is none (an array, null or a scalar). */
export function asJsonObject(value: unknown): JsonObject | undefined {
  return isJsonObject(value) ? value : undefined;
}

/** The value when it is a string, else `''` (Go's zero value): for reading optional string fields. */
export function stringOrEmpty(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The value when it is a string other than `''`, else undefined: an empty field read as an unset one. */
export function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The value when it is a number, else 0 (a bigint too): for reading optional counts. */
export function numberOrZero(value: unknown): number {
  return typeof value === 'number' ? value : 0;
}

/** The string items of the value when it is an array (other items left out), else none. */
export function stringItems(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item: unknown): item is string => typeof item === 'string') : [];
}

/** The value as a JSON object, or an empty one when it is none: for reading nested fields that may be absent. */
export function jsonObjectOrEmpty(value: unknown): JsonObject {
  return isJsonObject(value) ? value : {};
}

/**
 * A deep copy of a JSON value that shares nothing with it: members whose value is undefined are
 * left out (as serializing would), and every key, `__proto__` included, is copied as an own member.
 */
export function cloneJson<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => cloneJson(item)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (item !== undefined) setOwn(out, key, cloneJson(item));
  return out as T;
}

/** Copies the own members of `source` onto `target` as own members (Object.assign would set a prototype for `__proto__`). */
export function assignOwn(target: Record<string, unknown>, source: Readonly<Record<string, unknown>>): void {
  for (const [key, value] of Object.entries(source)) if (value !== undefined) setOwn(target, key, value);
}

/**
 * A decoded JSON value as Go's `fmt.Sprintf("%v", v)` prints it in apimachinery's messages:
 * `<nil>`, `[a b]`, `map[k:v]` with the keys sorted, scalars as they are.
 */
export function goFormat(value: unknown): string {
  if (value === undefined || value === null) return '<nil>';
  if (Array.isArray(value)) return `[${value.map((item: unknown) => goFormat(item)).join(' ')}]`;
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object).filter((key) => object[key] !== undefined).sort();
    return `map[${keys.map((key) => `${key}:${goFormat(object[key])}`).join(' ')}]`;
  }
  return String(value);
}
