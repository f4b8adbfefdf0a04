/**
 * Between JSON values and the plain objects protobufjs encodes and decodes (fields `f<number>`),
 * walking the type schema: inline-embedded structs become nested messages, times become seconds
 * and nanoseconds, quantities and int-or-strings their messages, byte strings leave base64, raw
 * extensions carry JSON, maps lists of key-value entries. Decoding gives the JSON a Go server would serialize: unset fields without
 * `omitempty` as their zero value (`null`, `""`, `{}`), zero values of `omitempty` fields left out.
 */
import type { JsonObject, JsonValue } from '../json-numbers.js';
import type { ListSchema, ScalarSchema, StructSchema, TypeSchema, UntypedSchema } from '../schema/type-schema.js';
import { scalarWire } from '../schema/type-schema.js';
import { setOwn } from '../json/own-keys.js';
import { formatGoDurationNanos, parseGoDurationNanos } from '../go-duration.js';
import { readJson, writeJson } from '../json-numbers.js';
import { isJsonObject } from '../json/values.js';

/** What protobufjs takes and gives: nested plain objects, arrays, numbers, strings, booleans and byte arrays. */
export type Plain = string | number | boolean | Uint8Array | Plain[] | { [key: string]: Plain };
type PlainObject = { [key: string]: Plain };

/** The seconds of Go's zero time (0001-01-01T00:00:00Z), which a zero `metav1.Time` encodes as. */
const ZERO_TIME_SECONDS = -62135596800;

function isPlainObject(value: Plain | undefined): value is PlainObject {
  return typeof value === 'object' && !Array.isArray(value) && !(value instanceof Uint8Array);
}

/** Embedded JSON (raw extensions): int64 values beyond 2^53 are written exactly. */
function jsonBytes(value: JsonValue): Uint8Array {
  return Buffer.from(writeJson(value), 'utf8');
}

function parseJsonBytes(bytes: Plain | undefined, exact: boolean): JsonValue {
  if (!(bytes instanceof Uint8Array) || bytes.length === 0) return null;
  const text = Buffer.from(bytes).toString('utf8');
  try {
    return exact ? readJson(text) : JSON.parse(text) as JsonValue;
  } catch {
    return null;
  }
}

/** RFC 3339 time to seconds and nanoseconds. */
function timeToPlain(value: string): PlainObject | undefined {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return undefined;
  const fraction = /\.(\d+)/.exec(value)?.[1] ?? '';
  const nanos = fraction === '' ? 0 : Number(fraction.padEnd(9, '0').slice(0, 9));
  const seconds = Math.floor(ms / 1000);
  const out: PlainObject = { f1: seconds };
  if (nanos !== 0) out.f2 = nanos;
  return out;
}

/** Seconds and nanoseconds to RFC 3339 in UTC (microseconds for MicroTime); null for Go's zero time. */
function plainToTime(value: Plain | undefined, micro: boolean): JsonValue {
  if (!isPlainObject(value)) return null;
  const seconds = longNumber(value.f1);
  const nanos = typeof value.f2 === 'number' ? value.f2 : 0;
  if (seconds === ZERO_TIME_SECONDS && nanos === 0) return null;
  const iso = new Date(seconds * 1000).toISOString().replace(/\.\d+Z$/, '');
  if (!micro) return `${iso}Z`;
  return `${iso}.${String(Math.floor(nanos / 1000)).padStart(6, '0')}Z`;
}

/**
 * An int64 as protobufjs writes it: a number, or for a bigint (an int64 beyond 2^53 that the local
 * server keeps exactly where JSON values say number) its two's-complement halves, which
 * protobufjs's LongBits takes without long.js.
 */
function int64ToPlain(value: number | bigint): Plain {
  if (typeof value === 'number') return value;
  const bits = BigInt.asUintN(64, value);
  return { low: Number(bits & 0xffffffffn), high: Number(bits >> 32n) };
}

/** An int64 protobufjs decoded as a decimal string (`longs: String`): a number, or a bigint beyond 2^53 when `exact`. */
function longValue(value: Plain | undefined, exact: boolean): JsonValue {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return 0;
  const number = Number(value);
  if (!exact || Number.isSafeInteger(number)) return number;
  // A bigint stands where JsonValue says number (the local server's exact int64s).
  return BigInt(value) as unknown as JsonValue;
}

/** An int64 of a fixed message (times, durations) as a number. */
function longNumber(value: Plain | undefined): number {
  return typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : 0;
}

function scalarToPlain(value: JsonValue, schema: ScalarSchema): Plain | undefined {
  const number: unknown = value;
  switch (scalarWire(schema)) {
    case 'string': return typeof value === 'string' ? value : undefined;
    case 'bool': return typeof value === 'boolean' ? value : undefined;
    case 'int64': return typeof number === 'number' || typeof number === 'bigint' ? int64ToPlain(number) : undefined;
    case 'int32': case 'double':
      if (typeof number === 'bigint') return Number(number);
      return typeof value === 'number' ? value : undefined;
    case 'bytes': return typeof value === 'string' ? Buffer.from(value, 'base64') : undefined;
    case 'time': case 'microTime': return typeof value === 'string' ? timeToPlain(value) : undefined;
    case 'duration': return typeof value === 'string' ? { f1: Number(parseGoDurationNanos(value) ?? 0n) } : undefined;
    case 'quantity': return typeof value === 'string' || typeof value === 'number' ? { f1: String(value) } : undefined;
    case 'intOrString':
      if (typeof value === 'number') return { f1: 0, f2: value };
      if (typeof number === 'bigint') return { f1: 0, f2: Number(number) };
      return typeof value === 'string' ? { f1: 1, f3: value } : undefined;
  }
}

function plainToScalar(value: Plain | undefined, schema: ScalarSchema, exact: boolean): JsonValue {
  switch (scalarWire(schema)) {
    case 'string': return typeof value === 'string' ? value : '';
    case 'bool': return value === true;
    case 'int64': return longValue(value, exact);
    case 'int32': case 'double': return typeof value === 'number' ? value : 0;
    case 'bytes': return value instanceof Uint8Array ? Buffer.from(value).toString('base64') : null;
    case 'time': return plainToTime(value, false);
    case 'microTime': return plainToTime(value, true);
    case 'duration': return isPlainObject(value) && value.f1 !== undefined ? formatGoDurationNanos(BigInt(Math.trunc(longNumber(value.f1)))) : '0s';
    case 'quantity': return isPlainObject(value) && typeof value.f1 === 'string' ? value.f1 : '0';
    case 'intOrString': {
      if (!isPlainObject(value)) return 0;
      return longNumber(value.f1) === 1 ? (typeof value.f3 === 'string' ? value.f3 : '') : typeof value.f2 === 'number' ? value.f2 : 0;
    }
  }
}

function untypedToPlain(value: JsonValue, schema: UntypedSchema): Plain | undefined {
  const props = schema.ref?.();
  switch (schema.wire) {
    case 'schemaOrBool':
      if (typeof value === 'boolean') return { f1: value };
      return isJsonObject(value) && props !== undefined ? { f1: true, f2: toPlain(value, props) ?? {} } : undefined;
    case 'schemaOrArray':
      if (Array.isArray(value) && props !== undefined) return { f2: value.map((v) => toPlain(v, props) ?? {}) };
      return isJsonObject(value) && props !== undefined ? { f1: toPlain(value, props) ?? {} } : undefined;
    case 'schemaOrStringArray':
      if (Array.isArray(value)) return { f2: value.filter((v): v is string => typeof v === 'string') };
      return isJsonObject(value) && props !== undefined ? { f1: toPlain(value, props) ?? {} } : undefined;
    default:
      return { f1: jsonBytes(value) };
  }
}

function plainToUntyped(value: Plain | undefined, schema: UntypedSchema, exact: boolean): JsonValue {
  const props = schema.ref?.();
  if (!isPlainObject(value)) return null;
  switch (schema.wire) {
    case 'schemaOrBool':
      if (value.f2 !== undefined && props !== undefined) return fromPlain(value.f2, props, exact);
      return value.f1 === true;
    case 'schemaOrArray':
      if (Array.isArray(value.f2) && value.f2.length > 0 && props !== undefined) return value.f2.map((v) => fromPlain(v, props, exact));
      return value.f1 !== undefined && props !== undefined ? fromPlain(value.f1, props, exact) : null;
    case 'schemaOrStringArray':
      if (Array.isArray(value.f2) && value.f2.length > 0) return value.f2.filter((v): v is string => typeof v === 'string');
      return value.f1 !== undefined && props !== undefined ? fromPlain(value.f1, props, exact) : null;
    default:
      return parseJsonBytes(value.f1, exact);
  }
}

function structToPlain(value: JsonObject, schema: StructSchema): PlainObject {
  const out: PlainObject = {};
  for (const inlined of schema.inlined ?? []) {
    const part: JsonObject = {};
    let any = false;
    for (const key of Object.keys(inlined.schema.fields)) {
      const item = value[key];
      if (item !== undefined) {
        part[key] = item;
        any = true;
      }
    }
    if (any) out[`f${inlined.proto}`] = structToPlain(part, inlined.schema);
  }
  const members = schema.members ?? {};
  for (const key of Object.keys(value)) {
    const facts = Object.hasOwn(members, key) ? members[key] : undefined;
    const item = value[key];
    if (facts === undefined || facts.proto <= 0 || item === undefined || item === null) continue;
    const field = schema.fields[key];
    if (field === undefined) continue;
    const plain = toPlain(item, field);
    if (plain !== undefined) out[`f${facts.proto}`] = plain;
  }
  return out;
}

function listToPlain(value: JsonValue[], list: ListSchema): Plain[] {
  return value.map((item) => (item === null ? undefined : toPlain(item, list.items)) ?? zeroPlain(list.items));
}

/** The plain value of a null list item or map value: the item type's zero. */
function zeroPlain(schema: TypeSchema): Plain {
  if (schema.kind === 'scalar') {
    const wire = scalarWire(schema);
    if (wire === 'string') return '';
    if (wire === 'bool') return false;
    if (wire === 'bytes') return new Uint8Array();
    if (wire === 'int32' || wire === 'int64' || wire === 'double') return 0;
  }
  return {};
}

/** A JSON value as the plain object protobufjs encodes; undefined when the value does not fit the type (it is left out). */
export function toPlain(value: JsonValue, schema: TypeSchema): Plain | undefined {
  switch (schema.kind) {
    case 'struct': return isJsonObject(value) ? structToPlain(value, schema) : undefined;
    case 'list': return Array.isArray(value) ? listToPlain(value, schema) : undefined;
    case 'map': {
      if (!isJsonObject(value)) return undefined;
      // Entries in key order, as Go's generated marshalling writes them.
      const out: PlainObject[] = [];
      for (const key of Object.keys(value).sort()) {
        const item = value[key];
        if (item === undefined) continue;
        const plain = schema.values.kind === 'list'
          ? { f1: Array.isArray(item) ? listToPlain(item, schema.values) : [] }
          : (item === null ? undefined : toPlain(item, schema.values)) ?? zeroPlain(schema.values);
        out.push({ f1: key, f2: plain });
      }
      return out;
    }
    case 'scalar': return scalarToPlain(value, schema);
    default: return untypedToPlain(value, schema);
  }
}

/** The zero value Go serializes for an unset field without `omitempty` (or a non-pointer struct). */
function zeroJson(schema: TypeSchema): JsonValue {
  switch (schema.kind) {
    case 'struct': return fromPlain({}, schema);
    case 'scalar': return plainToScalar(undefined, schema, false);
    default: return null;
  }
}

function isZero(value: JsonValue, schema: TypeSchema): boolean {
  if (schema.kind === 'list') return Array.isArray(value) && value.length === 0;
  if (schema.kind === 'map') return isJsonObject(value) && Object.keys(value).length === 0;
  if (schema.kind !== 'scalar') return false;
  switch (scalarWire(schema)) {
    case 'string': case 'bytes': return value === '' || value === null;
    case 'int32': case 'int64': case 'double': return value === 0;
    case 'bool': return value === false;
    default: return false;
  }
}

function plainToStruct(value: PlainObject, schema: StructSchema, exact: boolean): JsonObject {
  const out: JsonObject = {};
  for (const inlined of schema.inlined ?? []) {
    const part = value[`f${inlined.proto}`];
    Object.assign(out, plainToStruct(isPlainObject(part) ? part : {}, inlined.schema, exact));
  }
  const members = schema.members ?? {};
  for (const key of Object.keys(members)) {
    const facts = members[key];
    const field = schema.fields[key];
    if (facts === undefined || field === undefined || facts.proto <= 0) continue;
    const plain = value[`f${facts.proto}`];
    const present = plain !== undefined && !(Array.isArray(plain) && plain.length === 0 && facts.emitEmpty !== true);
    const always = schema.alwaysPresent?.includes(key) === true;
    if (!present) {
      if (always) out[key] = facts.pointer === true ? null : zeroJson(field);
      continue;
    }
    const decoded = fromPlain(plain, field, exact);
    if (facts.pointer !== true && facts.emitEmpty !== true && isZero(decoded, field)) continue;
    out[key] = decoded;
  }
  return out;
}

/**
 * A decoded plain object (protobufjs `toObject` with `longs: String`, or numbers) as the JSON a Go
 * server serializes. int64 values beyond 2^53 become numbers (rounded), or bigints when `exact`
 * (the local server, which keeps them exactly).
 */
export function fromPlain(value: Plain | undefined, schema: TypeSchema, exact = false): JsonValue {
  switch (schema.kind) {
    case 'struct': return plainToStruct(isPlainObject(value) ? value : {}, schema, exact);
    case 'list': return Array.isArray(value) ? value.map((item) => fromPlain(item, schema.items, exact)) : null;
    case 'map': {
      if (!Array.isArray(value)) return null;
      const out: JsonObject = {};
      for (const entry of value) {
        if (!isPlainObject(entry)) continue;
        const key = typeof entry.f1 === 'string' ? entry.f1 : '';
        const item = entry.f2;
        if (schema.values.kind === 'list') {
          const items = isPlainObject(item) && Array.isArray(item.f1) ? item.f1 : [];
          setOwn(out, key, items.map((v) => fromPlain(v, (schema.values as ListSchema).items, exact)));
          continue;
        }
        // Keys are data: `__proto__` too is a key like any other.
        setOwn(out, key, fromPlain(item, schema.values, exact));
      }
      return out;
    }
    case 'scalar': return plainToScalar(value, schema, exact);
    default: return plainToUntyped(value, schema, exact);
  }
}
