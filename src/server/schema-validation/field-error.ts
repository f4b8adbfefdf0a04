/**
 * Field errors in the apiserver's wording (k8s.io/apimachinery `field.Error`): the field path, the
 * error body (`Required value`, `Invalid value: "x": detail`, ...) and the Status cause reason.
 */
import type { JsonValue } from '../../sdk/types/meta.js';

/** One invalid field, as a Status cause carries it. */
export interface FieldError {
  /** Path of the field: `spec.replicas`, `spec.items[0].name`. */
  field: string;
  /** The error body: `Invalid value: "string": spec.replicas in body must be of type integer: "string"`. */
  message: string;
  /** Cause type: `FieldValueInvalid`, `FieldValueRequired`, `FieldValueForbidden`, ... */
  reason: string;
}

/** Go's rendering of a bad value in an error body (`%q` for strings, `%v` for numbers, `%#v` otherwise). */
export function goValue(value: JsonValue | bigint | undefined): string {
  if (value === undefined || value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  // A bigint (an int64 beyond 2^53, json-numbers.ts) prints its digits as Go's %v does.
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return `[]interface {}{${value.map((item) => goValue(item)).join(', ')}}`;
  const keys = Object.keys(value).filter((key) => value[key] !== undefined).sort();
  return `map[string]interface {}{${keys.map((key) => `${JSON.stringify(key)}:${goValue(value[key])}`).join(', ')}}`;
}

function withDetail(body: string, detail: string): string {
  return detail === '' ? body : `${body}: ${detail}`;
}

export function required(field: string, detail = ''): FieldError {
  return { field, message: withDetail('Required value', detail), reason: 'FieldValueRequired' };
}

export function invalid(field: string, value: JsonValue | bigint | undefined, detail: string): FieldError {
  return { field, message: withDetail(`Invalid value: ${goValue(value)}`, detail), reason: 'FieldValueInvalid' };
}

/** An Invalid error about the value's type (reason FieldValueTypeInvalid). */
export function typeInvalid(field: string, value: JsonValue | bigint | undefined, detail: string): FieldError {
  return { field, message: withDetail(`Invalid value: ${goValue(value)}`, detail), reason: 'FieldValueTypeInvalid' };
}

export function forbidden(field: string, detail: string): FieldError {
  return { field, message: withDetail('Forbidden', detail), reason: 'FieldValueForbidden' };
}

export function notSupported(field: string, value: JsonValue | undefined, supported: string[]): FieldError {
  const detail = supported.length === 0 ? '' : `supported values: ${supported.map((s) => JSON.stringify(s)).join(', ')}`;
  return { field, message: withDetail(`Unsupported value: ${goValue(value)}`, detail), reason: 'FieldValueNotSupported' };
}

export function duplicate(field: string, value: JsonValue): FieldError {
  return { field, message: `Duplicate value: ${goValue(value)}`, reason: 'FieldValueDuplicate' };
}

export function tooLong(field: string, max: number): FieldError {
  return { field, message: `Too long: may not be more than ${max} ${max === 1 ? 'byte' : 'bytes'}`, reason: 'FieldValueTooLong' };
}

export function tooMany(field: string, actual: number, max: number): FieldError {
  return { field, message: `Too many: ${actual}: must have at most ${max} ${max === 1 ? 'item' : 'items'}`, reason: 'FieldValueTooMany' };
}

/** `a.b` + `c` = `a.b.c`; `a` + `[0]` = `a[0]`; keys that are not identifiers are bracketed as `a[key]`. */
export function child(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}

export function index(path: string, i: number): string {
  return `${path}[${i}]`;
}

export function key(path: string, name: string): string {
  return `${path}[${name}]`;
}
