/**
 * Decoding a JSON object into a built-in kind as the API server's Go decoder does: values of the
 * wrong type fail with Go's `json: cannot unmarshal ...` text, fields the type does not declare
 * are dropped (and listed, for strict field validation), and the result is what encoding the Go
 * value again gives: nulls gone, `omitempty` fields that hold their zero value gone, null map
 * values and list items turned into their type's zero value, quantities in their stored form
 * (`cpu: 0.5` → `"500m"`, `1024Mi` → `1Gi`).
 */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import type { ScalarSchema, StructSchema, TypeSchema } from '../../sdk/types/schema/index.js';
import { fieldFacts, goStructName, goTypeName, scalarWire, structField } from '../../sdk/types/schema/index.js';
import { setOwn as setKey } from '../../machinery/json/own-keys.js';
import { canonicalQuantity } from '../../machinery/quantity/format.js';
import { QUANTITY_ERRORS } from '../../machinery/quantity/parse.js';
import { parseTimeError } from './time.js';
import { asJsonNumber, numberLiteralOf } from '../../machinery/json-numbers.js';

/** What decoding found. */
export interface TypedDecodeResult {
  /** The decoded object (a new value; the input is not changed). */
  value: JsonObject;
  /** Paths of the fields the type does not declare, as strict decoding names them (`spec.replica`, `spec.containers[0].foo`). */
  unknownFields: string[];
  /** The first error, in Go's words, when a value cannot be decoded (the request is refused whatever the field validation). */
  error?: string;
}

/** Go stops collecting strict errors after this many. */
const MAX_STRICT_ERRORS = 100;

interface Frame {
  /** Path of strict errors: field names, map keys and `[i]`. */
  strict: string;
  /** Go's error context: the names of the struct fields on the way (no map keys, no indexes). */
  fields: readonly string[];
  /** The innermost struct being decoded. */
  struct: string;
}

class Decoder {
  readonly unknownFields: string[] = [];
  error: string | undefined;

  /**
   * @param hugeText the text of a number beyond float64 whose own text is not known (see decodeTyped).
   * @param fromUnstructured decode as the unstructured converter does (see decodeTyped).
   */
  constructor(private readonly hugeText: string | undefined, private readonly fromUnstructured = false) {}

  /**
   * A struct, map or list given a value of another shape. The unstructured converter words it by
   * the Go kind it was given (`cannot restore map from string`), without a field path.
   */
  private shapeError(value: JsonValue, shape: 'struct' | 'map' | 'slice', goType: string, at: Frame): void {
    if (!this.fromUnstructured) {
      this.typeError(jsonKind(value), goType, at);
      return;
    }
    this.fail(shape === 'struct' ? `cannot restore struct from: ${reflectKind(value)}` : `cannot restore ${shape} from ${reflectKind(value)}`);
  }

  /** The text Go quotes for a number: its kept literal, else what it is known by. */
  private text(value: number | bigint, literal: string | undefined): string {
    if (literal !== undefined) return literal;
    if (typeof value === 'bigint') return value.toString();
    return !Number.isFinite(value) && this.hugeText !== undefined ? this.hugeText : goNumber(value);
  }

  typeError(what: string, goType: string, at: Frame): void {
    if (this.error !== undefined) return;
    this.error = at.struct === '' && at.fields.length === 0
      ? `json: cannot unmarshal ${what} into Go value of type ${goType}`
      : `json: cannot unmarshal ${what} into Go struct field ${at.struct}.${at.fields.join('.')} of type ${goType}`;
  }

  fail(message: string): void {
    this.error ??= message;
  }

  unknown(path: string): void {
    if (this.unknownFields.length < MAX_STRICT_ERRORS && !this.unknownFields.includes(path)) this.unknownFields.push(path);
  }

  /**
   * Decodes `value`; undefined means the field ends up absent. `literal` is the text of a number
   * that the body reader kept (json-numbers.ts): Go's messages quote it.
   */
  value(value: JsonValue, schema: TypeSchema, at: Frame, literal?: string): JsonValue | undefined {
    switch (schema.kind) {
      case 'struct': return this.struct(value, schema, at);
      case 'map': return this.map(value, schema.values, goTypeName(schema), at);
      case 'list': return this.list(value, schema.items, goTypeName(schema), at);
      case 'scalar': return this.scalar(value, schema, at, literal);
      default: return this.untyped(value, schema, at);
    }
  }

  private struct(value: JsonValue, schema: StructSchema, at: Frame): JsonValue | undefined {
    if (value === null) return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) {
      this.shapeError(value, 'struct', goTypeName(schema), at);
      return undefined;
    }
    const name = goStructName(schema);
    const out: JsonObject = {};
    for (const key of Object.keys(value)) {
      const item = value[key];
      if (item === undefined) continue;
      const field = structField(schema, key);
      const strict = at.strict === '' ? key : `${at.strict}.${key}`;
      if (field === undefined) {
        if (schema.open === true) {
          setKey(out, key, item);
          continue;
        }
        this.unknown(strict);
        continue;
      }
      const decoded = this.value(item, field, { strict, fields: [...at.fields, key], struct: name }, numberLiteralOf(value, key));
      if (decoded === undefined || omittedWhenZero(schema, key, field, decoded)) continue;
      setKey(out, key, decoded);
    }
    return out;
  }

  private map(value: JsonValue, values: TypeSchema, goType: string, at: Frame): JsonValue | undefined {
    if (value === null) return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) {
      this.shapeError(value, 'map', goType, at);
      return undefined;
    }
    const out: JsonObject = {};
    for (const key of Object.keys(value)) {
      const item = value[key];
      if (item === undefined) continue;
      const strict = at.strict === '' ? key : `${at.strict}.${key}`;
      const decoded = item === null ? zeroValue(values) : this.value(item, values, { ...at, strict }, numberLiteralOf(value, key));
      setKey(out, key, decoded ?? zeroValue(values));
    }
    return out;
  }

  private list(value: JsonValue, items: TypeSchema, goType: string, at: Frame): JsonValue | undefined {
    if (value === null) return undefined;
    if (!Array.isArray(value)) {
      this.shapeError(value, 'slice', goType, at);
      return undefined;
    }
    return value.map((item, i) => {
      const decoded = item === null ? zeroValue(items) : this.value(item, items, { ...at, strict: `${at.strict}[${i}]` }, numberLiteralOf(value, i));
      return decoded ?? zeroValue(items);
    });
  }

  private scalar(value: JsonValue, schema: ScalarSchema, at: Frame, literal: string | undefined): JsonValue | undefined {
    if (value === null) return undefined;
    const goType = goTypeName(schema);
    // A bigint stands where JsonValue says number (json-numbers.ts).
    const number = asJsonNumber(value);
    switch (scalarWire(schema)) {
      case 'string':
        if (typeof value === 'string') return value;
        break;
      case 'bool':
        if (typeof value === 'boolean') return value;
        break;
      case 'double':
        if (typeof number === 'bigint') return Number(number);
        if (typeof number === 'number') {
          if (Number.isFinite(number)) return number;
          this.typeError(`number ${this.text(number, literal)}`, goType, at);
          return undefined;
        }
        break;
      case 'int32':
      case 'int64':
        if (number !== undefined) return this.integer(number, scalarWire(schema) === 'int32', goType, at, literal);
        break;
      case 'bytes':
        if (typeof value === 'string') {
          const problem = base64Problem(value);
          if (problem !== undefined) this.fail(problem);
          return value;
        }
        break;
      case 'quantity': {
        // Go's decoder hands Quantity.UnmarshalJSON the raw JSON: other values fail to parse as text.
        const decoded = typeof value === 'string' || typeof value === 'number' ? canonicalQuantity(value)
          : typeof number === 'bigint' ? canonicalQuantity(number.toString()) : { error: QUANTITY_ERRORS.format };
        if ('error' in decoded) {
          this.fail(decoded.error);
          return undefined;
        }
        return decoded.value;
      }
      case 'intOrString':
        if (typeof value === 'string') return value;
        if (number !== undefined) return this.integer(number, true, 'int32', at, literal);
        this.typeError(jsonKind(value), 'int32', at);
        return undefined;
      case 'time':
      case 'microTime':
        if (typeof value !== 'string') {
          this.typeError(jsonKind(value), 'string', at);
          return undefined;
        }
        {
          const problem = parseTimeError(value);
          if (problem !== undefined) this.fail(problem);
        }
        return value;
      case 'duration':
        if (typeof value === 'string') return value;
        this.typeError(jsonKind(value), 'string', at);
        return undefined;
    }
    this.typeError(jsonKind(value), goType, at);
    return undefined;
  }

  /**
   * Go's strconv.ParseInt of the number's text: an integer literal within the type's range. A kept
   * literal is never one (json-numbers.ts keeps the text of fractions, exponents and integers
   * beyond int64), so `1.0`, `1e3` and `1e-400` fail as in Go, with their text.
   */
  private integer(value: number | bigint, int32: boolean, goType: string, at: Frame, literal: string | undefined): JsonValue | undefined {
    const limit = int32 ? 2 ** 31 : 2 ** 63;
    const fits = typeof value === 'bigint' ? !int32 : Number.isInteger(value) && value >= -limit && value < limit;
    if (literal !== undefined || !fits) {
      this.typeError(`number ${this.text(value, literal)}`, goType, at);
      return undefined;
    }
    // A bigint stands where JsonValue says number.
    return value as JsonValue;
  }

  private untyped(value: JsonValue, schema: TypeSchema & { kind: 'untyped' }, at: Frame): JsonValue | undefined {
    switch (schema.wire) {
      case 'schemaOrBool':
        if (typeof value === 'boolean' || (typeof value === 'object' && value !== null && !Array.isArray(value))) return value;
        if (value === null) return undefined;
        this.typeError(jsonKind(value), 'v1.JSONSchemaPropsOrBool', at);
        return undefined;
      case 'schemaOrArray':
      case 'schemaOrStringArray':
        if (typeof value === 'object') return value ?? undefined;
        this.typeError(jsonKind(value), schema.wire === 'schemaOrArray' ? 'v1.JSONSchemaPropsOrArray' : 'v1.JSONSchemaPropsOrStringArray', at);
        return undefined;
      default:
        return value;
    }
  }
}

/** Go's word for the kind of a JSON value in type errors. */
/** The Go kind of a decoded JSON value in an unstructured object (an integer is an int64). */
function reflectKind(value: JsonValue): string {
  if (Array.isArray(value)) return 'slice';
  switch (typeof value) {
    case 'string': return 'string';
    case 'bigint': return 'int64';
    case 'number': return Number.isInteger(value) ? 'int64' : 'float64';
    case 'boolean': return 'bool';
    default: return 'map';
  }
}

function jsonKind(value: JsonValue): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string': return 'string';
    case 'number': case 'bigint': return 'number';
    case 'boolean': return 'bool';
    default: return 'object';
  }
}

/** A number as it appears in Go's messages (`1.5`, `1e+21`). */
function goNumber(value: number): string {
  return String(value).replace(/e\+?(\d)/, 'e+$1');
}

const BASE64_CHAR = /[A-Za-z0-9+/]/;

/** Go's `base64.StdEncoding` error for a string, or undefined when it decodes (`\r` and `\n` are skipped). */
export function base64Problem(text: string): string | undefined {
  let count = 0;
  let padding = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? '';
    if (c === '\r' || c === '\n') continue;
    if (c === '=') {
      // Padding may only complete the last quantum.
      const position = count % 4;
      if (position < 2) return `illegal base64 data at input byte ${i}`;
      padding++;
      count++;
      const rest = text.slice(i + 1).replace(/[\r\n]/g, '');
      if (position === 2) {
        if (rest[0] !== '=') return `illegal base64 data at input byte ${i + 1 < text.length ? i + 1 : i}`;
        if (rest.length > 1) return `illegal base64 data at input byte ${i + 2}`;
        return undefined;
      }
      if (rest.length > 0) return `illegal base64 data at input byte ${i + 1}`;
      return undefined;
    }
    if (padding > 0 || !BASE64_CHAR.test(c)) return `illegal base64 data at input byte ${i}`;
    count++;
  }
  if (count % 4 !== 0) return `illegal base64 data at input byte ${text.length - (count % 4)}`;
  return undefined;
}

/** Zero value of a Go type, as a null map value or list item decodes to. */
export function zeroValue(schema: TypeSchema): JsonValue {
  switch (schema.kind) {
    case 'struct': return {};
    case 'scalar':
      switch (scalarWire(schema)) {
        case 'string': return '';
        case 'int32': case 'int64': case 'double': case 'intOrString': return 0;
        case 'bool': return false;
        case 'quantity': return '0';
        default: return null;
      }
    default: return null;
  }
}

/** A struct field that Go's `omitempty` leaves out when it holds this value. */
function omittedWhenZero(parent: StructSchema, key: string, field: TypeSchema, value: JsonValue): boolean {
  const facts = fieldFacts(parent, key);
  if (facts === undefined || facts.emitEmpty === true) return false;
  if (field.kind === 'map' || field.kind === 'list') {
    return (Array.isArray(value) && value.length === 0) || (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0);
  }
  if (facts.pointer === true || field.kind !== 'scalar') return false;
  switch (scalarWire(field)) {
    case 'string': case 'bytes': return value === '';
    case 'int32': case 'int64': case 'double': return value === 0;
    case 'bool': return value === false;
    default: return false;
  }
}

/**
 * Decodes `obj` as a value of the built-in struct `schema`. `hugeText` names a number beyond
 * float64 whose own text was not kept (one a patch copied from its body into the object).
 * `fromUnstructured`: the object is a map already (the result of a strategic merge patch), which
 * the API server turns into its type with the unstructured converter, not the JSON decoder: a
 * value of the wrong shape for a struct, map or list is worded as that converter words it.
 */
export function decodeTyped(obj: JsonObject, schema: StructSchema, hugeText?: string, fromUnstructured = false): TypedDecodeResult {
  const decoder = new Decoder(hugeText, fromUnstructured);
  const value = decoder.value(obj, schema, { strict: '', fields: [], struct: '' }) as JsonObject | undefined;
  const result: TypedDecodeResult = { value: value ?? {}, unknownFields: decoder.unknownFields };
  if (decoder.error !== undefined) result.error = decoder.error;
  return result;
}
