/**
 * How the evaluator sees JSON values through Go's eyes: kubectl's JSONPath runs on Go values
 * decoded from JSON (maps, slices, strings, int64, float64, bool, nil), and both its output and
 * its comparisons depend on those types.
 */
import { formatGoFloat, isGoInteger } from '../go-number.js';
import { goSprint } from '../json/go-sprint.js';

/** A float literal of a template (`1.0`, `2.5`): a Go float64 even when its value is whole. */
export class FloatLiteral {
  readonly value: number;
  constructor(value: number) {
    this.value = value;
  }
}

/** No value at all (Go's invalid reflect.Value), as the body of a range over nothing sees. */
export const NO_VALUE: unique symbol = Symbol('no value');

/** A value the evaluator handles. */
export type Value = unknown;

/** A JSON object (Go map). */
export function isMap(v: Value): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof FloatLiteral);
}

/** Go's type name of a decoded JSON value, as kubectl's messages print it. */
export function goTypeName(v: Value): string {
  if (Array.isArray(v)) return '[]interface {}';
  if (isMap(v)) return 'map[string]interface {}';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (v instanceof FloatLiteral) return 'float64';
  if (typeof v === 'number') return isGoInteger(v) ? 'int64' : 'float64';
  return '<invalid reflect.Value>';
}

/** Go's `%v` of a value. */
export function goValueText(v: Value): string {
  if (v === NO_VALUE) return '<invalid reflect.Value>';
  if (v instanceof FloatLiteral) return formatGoFloat(v.value);
  return goSprint(v);
}

/** The UTF-8 bytes of a string (what Go yields when indexing one). */
export function utf8Bytes(s: string): number[] {
  return Array.from(new TextEncoder().encode(s));
}
