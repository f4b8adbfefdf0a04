/**
 * The field errors of the schema validators: the server's one `field.Error`
 * (`../validation/field-errors.ts`), with bad values printed as the apiextensions server's
 * validators print them (`%q` for strings, `%v` for numbers, `%#v` for maps and lists).
 */
import type { JsonValue } from '../../sdk/types/meta.js';
import { supportedDetail, type FieldError } from '../validation/field-errors.js';

export type { FieldError };

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

export function required(field: string, detail = ''): FieldError {
  return { type: 'FieldValueRequired', field, detail };
}

export function invalid(field: string, value: JsonValue | bigint | undefined, detail: string): FieldError {
  return { type: 'FieldValueInvalid', field, valueText: goValue(value), detail };
}

/** An Invalid error about the value's type (reason FieldValueTypeInvalid). */
export function typeInvalid(field: string, value: JsonValue | bigint | undefined, detail: string): FieldError {
  return { type: 'FieldValueTypeInvalid', field, valueText: goValue(value), detail };
}

export function forbidden(field: string, detail: string): FieldError {
  return { type: 'FieldValueForbidden', field, detail };
}

export function notSupported(field: string, value: JsonValue | undefined, supported: string[]): FieldError {
  return { type: 'FieldValueNotSupported', field, valueText: goValue(value), detail: supportedDetail(supported) };
}

export function duplicate(field: string, value: JsonValue): FieldError {
  return { type: 'FieldValueDuplicate', field, valueText: goValue(value) };
}

export function tooLong(field: string, max: number): FieldError {
  return { type: 'FieldValueTooLong', field, detail: `may not be more than ${max} ${max === 1 ? 'byte' : 'bytes'}` };
}

export function tooMany(field: string, actual: number, max: number): FieldError {
  return { type: 'FieldValueTooMany', field, valueText: String(actual), detail: `must have at most ${max} ${max === 1 ? 'item' : 'items'}` };
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
