/**
 * The values a Go template sees, modelled on `reflect.Value` for the data kubectl gives it: the
 * object decoded from JSON into `map[string]interface{}` (objects), `[]interface{}` (arrays),
 * `string`, `bool`, `int64` (integral numbers) and `float64` (the others), plus what templates
 * make themselves (`int` constants and lengths, `uint8` bytes of strings, `complex128`).
 *
 * Elements of maps and slices are held in `interface{}` values, and Go's error messages and
 * comparisons tell the two apart (`can't evaluate field x in type interface {}`), so a value
 * read out of a map or slice stays {@link IfaceValue} until the evaluator unwraps it where Go does.
 */

/** A Go integer type the engine produces. */
export type IntType = 'int' | 'int64' | 'uint8';

/** `reflect.Value{}`: no value at all (a missing map key, the result of an empty pipeline). */
export interface InvalidValue { readonly kind: 'invalid' }
/** An `interface{}` holding a decoded JSON value, or nil when `raw` is null. */
export interface IfaceValue { readonly kind: 'iface'; readonly raw: unknown }
export interface StringValue { readonly kind: 'string'; readonly v: string }
export interface BoolValue { readonly kind: 'bool'; readonly v: boolean }
export interface IntValue { readonly kind: 'int'; readonly type: IntType; readonly v: bigint }
export interface FloatValue { readonly kind: 'float'; readonly v: number }
export interface ComplexValue { readonly kind: 'complex'; readonly re: number; readonly im: number }
/** `map[string]interface{}` (a JSON object; own properties only). */
export interface MapValue { readonly kind: 'map'; readonly v: Readonly<Record<string, unknown>> }
/**
 * `[]interface{}`: a window `[offset, offset+len)` of a backing array with capacity `cap`
 * (positions past the array's end hold nil, as the spare capacity of a Go slice does).
 */
export interface SliceValue { readonly kind: 'slice'; readonly backing: readonly unknown[]; readonly offset: number; readonly len: number; readonly cap: number }

/** A value during execution. */
export type GoValue = InvalidValue | IfaceValue | StringValue | BoolValue | IntValue | FloatValue | ComplexValue | MapValue | SliceValue;
/** A value with a concrete type (what an `interface{}` argument of a Go function receives, or nil). */
export type Concrete = Exclude<GoValue, InvalidValue | IfaceValue>;

export const INVALID: InvalidValue = { kind: 'invalid' };
/** A nil `interface{}`. */
export const NIL_IFACE: IfaceValue = { kind: 'iface', raw: null };

export function str(v: string): StringValue {
  return { kind: 'string', v };
}

export function bool(v: boolean): BoolValue {
  return { kind: 'bool', v };
}

const SMALL_INTS: IntValue[] = Array.from({ length: 1024 }, (_, i) => ({ kind: 'int', type: 'int', v: BigInt(i) }));

export function int(v: bigint | number, type: IntType = 'int'): IntValue {
  if (type === 'int' && typeof v === 'number' && v >= 0 && v < SMALL_INTS.length) return SMALL_INTS[v] as IntValue;
  return { kind: 'int', type, v: typeof v === 'bigint' ? v : BigInt(v) };
}

export function float(v: number): FloatValue {
  return { kind: 'float', v };
}

/**
 * The capacity Go's JSON decoder leaves on a decoded array of `len` elements: it appends one by
 * one, and append doubles the capacity (up to 512 elements, where the sizes are exact allocation
 * classes); beyond that we take the length.
 */
export function decodedCapacity(len: number): number {
  if (len === 0 || len > 512) return len;
  let cap = 1;
  while (cap < len) cap *= 2;
  return cap;
}

/** A JSON array as the `[]interface{}` Go's decoder makes of it. */
export function sliceOf(items: readonly unknown[]): SliceValue {
  return { kind: 'slice', backing: items, offset: 0, len: items.length, cap: decodedCapacity(items.length) };
}

/** The element i (0 ≤ i < cap) of a slice, as the `interface{}` it is. */
export function sliceElem(s: SliceValue, i: number): IfaceValue {
  const raw = s.backing[s.offset + i];
  return raw === undefined ? NIL_IFACE : { kind: 'iface', raw };
}

/** True when Go's JSON decoding (int64 first, then float64) gives an integer. */
function isJsonInteger(n: number): boolean {
  return Number.isInteger(n) && Math.abs(n) < 2 ** 63;
}

/** The concrete value inside an interface holding decoded JSON; nil gives the invalid value. */
export function fromRaw(raw: unknown): Concrete | InvalidValue {
  if (raw === null || raw === undefined) return INVALID;
  switch (typeof raw) {
    case 'string': return str(raw);
    case 'boolean': return bool(raw);
    case 'number': return isJsonInteger(raw) ? int(raw, 'int64') : float(raw);
    case 'bigint': return int(raw, 'int64');
    case 'object': return Array.isArray(raw) ? sliceOf(raw) : { kind: 'map', v: raw as Record<string, unknown> };
    default: return str(String(raw));
  }
}

/**
 * A map lookup of own properties only (`__proto__`, `constructor` are plain keys). A key whose
 * value is undefined is absent, as JSON would have it.
 */
export function mapLookup(m: Readonly<Record<string, unknown>>, key: string): IfaceValue | undefined {
  if (!Object.prototype.hasOwnProperty.call(m, key)) return undefined;
  const raw = m[key];
  return raw === undefined ? undefined : { kind: 'iface', raw };
}

/** The keys of a map (those JSON would have), unordered. */
export function mapKeys(m: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(m).filter((k) => m[k] !== undefined);
}

/** `indirectInterface`: the value inside an interface (invalid for nil), other values as they are. */
export function indirectInterface(v: GoValue): GoValue {
  return v.kind === 'iface' ? fromRaw(v.raw) : v;
}

/** `indirect`: through interfaces; `isNil` when one holds nil. */
export function indirect(v: GoValue): { value: GoValue; isNil: boolean } {
  if (v.kind === 'iface') {
    return v.raw === null || v.raw === undefined ? { value: v, isNil: true } : { value: fromRaw(v.raw), isNil: false };
  }
  return { value: v, isNil: false };
}

/** Go's type string of a value (`reflect.Value.Type().String()`). */
export function typeName(v: GoValue): string {
  switch (v.kind) {
    case 'invalid': return '<nil>';
    case 'iface': return 'interface {}';
    case 'string': return 'string';
    case 'bool': return 'bool';
    case 'int': return v.type;
    case 'float': return 'float64';
    case 'complex': return 'complex128';
    case 'map': return 'map[string]interface {}';
    case 'slice': return '[]interface {}';
  }
}

/** The length Go reports for strings (bytes), maps and slices. */
export function byteLength(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** `isTrue(indirectInterface(v))`: the truth of a value in if, with, and, or, not. Every value of ours has one. */
export function isTrue(v: GoValue): boolean {
  switch (v.kind) {
    case 'invalid': return false;
    case 'iface': return isTrue(fromRaw(v.raw));
    case 'string': return v.v.length > 0;
    case 'bool': return v.v;
    case 'int': return v.v !== 0n;
    case 'float': return v.v !== 0;
    case 'complex': return v.re !== 0 || v.im !== 0;
    case 'map': return mapKeys(v.v).length > 0;
    case 'slice': return v.len > 0;
  }
}
