/**
 * Decoding a parsed JSON value into a Go type described by a {@link TypeSchema}, as Go's
 * encoding/json does: values of the wrong type fail with Go's `json: cannot unmarshal ...` text
 * (decoding goes on and the first error is the one reported, as Go's saved errors), and the result
 * is what encoding the Go value again gives: nulls gone, `omitempty` fields that hold their zero
 * value gone, null map values and list items turned into their type's zero value, quantities in
 * their stored form (`cpu: 0.5` → `"500m"`, `1024Mi` → `1Gi`). The API server decodes request
 * bodies with it, the kubeconfig and kustomization readers their files; {@link GoDecodeOptions}
 * holds where their Go decoders differ.
 */
import { goBase64Problem, canonicalGoBase64 } from '../go-base64.js';
import { goJsonValueKind } from '../go-json-syntax.js';
import { parseTimeError } from '../go-time.js';
import { asJsonNumber, numberLiteralOf, type JsonObject, type JsonValue } from '../json-numbers.js';
import { setOwn } from '../json/own-keys.js';
import { canonicalQuantity } from '../quantity/format.js';
import { QUANTITY_ERRORS } from '../quantity/parse.js';
import { fieldFacts, goStructName, goTypeName, scalarWire, structField } from './type-schema.js';
import type { ScalarSchema, StructSchema, TypeSchema, UntypedSchema } from './type-schema.js';

/** How the decoders of the API server, kubeconfig and kustomize differ. */
export interface GoDecodeOptions {
  /**
   * A field the struct does not declare: `collect` drops it and lists its path (the API server,
   * for strict field validation); `keep` keeps it as it is (kubeconfig); `fail` is Go's
   * `DisallowUnknownFields` error `json: unknown field "x"` (kustomize). An open struct keeps it whatever this says.
   */
  unknownFields: 'collect' | 'keep' | 'fail';
  /** A key names the field whose name it matches case-insensitively when none matches exactly, as encoding/json does (the API server's decoder matches exactly). */
  foldCase?: boolean;
  /** A null field is left out whatever its type (a pointer in Go), also one of free JSON, which the API server keeps as null. */
  dropNullFields?: boolean;
  /** `[]byte` fields come out as Go encodes them again: canonical base64, left out when empty (kubeconfig's are all `omitempty`). By default they are checked and kept as written. */
  canonicalBytes?: boolean;
  /** A null list item or map value of a list or map type becomes `[]` or `{}` rather than null. */
  emptyCollections?: boolean;
  /** The text of a number beyond float64 whose own text was not kept (one a patch copied from its body into the object). */
  hugeText?: string | undefined;
  /**
   * The value is a map already (the result of a strategic merge patch), which the API server turns
   * into its type with the unstructured converter, not the JSON decoder: a value of the wrong shape
   * for a struct, map or list is worded as that converter words it.
   */
  fromUnstructured?: boolean;
}

/** What decoding found. */
export interface GoDecodeResult {
  /** The decoded value (a new value; the input is not changed); undefined for null or a value of the wrong type. */
  value: JsonValue | undefined;
  /** Paths of the fields the types do not declare, as strict decoding names them (`spec.replica`, `spec.containers[0].foo`), with `collect`. */
  unknownFields: string[];
  /** The first error, in Go's words. */
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

const lowerCaseNames = new WeakMap<StructSchema, Map<string, string>>();

class Decoder {
  readonly unknownFields: string[] = [];
  error: string | undefined;

  constructor(private readonly options: GoDecodeOptions) {}

  /**
   * A struct, map or list given a value of another shape. The unstructured converter words it by
   * the Go kind it was given (`cannot restore map from string`), without a field path.
   */
  private shapeError(value: JsonValue, shape: 'struct' | 'map' | 'slice', goType: string, at: Frame): void {
    if (this.options.fromUnstructured !== true) {
      this.typeError(goJsonValueKind(value), goType, at);
      return;
    }
    this.fail(shape === 'struct' ? `cannot restore struct from: ${reflectKind(value)}` : `cannot restore ${shape} from ${reflectKind(value)}`);
  }

  /** The text Go quotes for a number: its kept literal, else what it is known by. */
  private text(value: number | bigint, literal: string | undefined): string {
    if (literal !== undefined) return literal;
    if (typeof value === 'bigint') return value.toString();
    return !Number.isFinite(value) && this.options.hugeText !== undefined ? this.options.hugeText : goNumber(value);
  }

  private typeError(what: string, goType: string, at: Frame): void {
    if (this.error !== undefined) return;
    this.error = at.struct === '' && at.fields.length === 0
      ? `json: cannot unmarshal ${what} into Go value of type ${goType}`
      : `json: cannot unmarshal ${what} into Go struct field ${at.struct}.${at.fields.join('.')} of type ${goType}`;
  }

  private fail(message: string): void {
    this.error ??= message;
  }

  /** A key the struct does not declare. */
  private unknown(out: JsonObject, key: string, item: JsonValue, strict: string): void {
    switch (this.options.unknownFields) {
      case 'keep':
        setOwn(out, key, item);
        return;
      case 'fail':
        this.fail(`json: unknown field ${JSON.stringify(key)}`);
        return;
      default:
        if (this.unknownFields.length < MAX_STRICT_ERRORS && !this.unknownFields.includes(strict)) this.unknownFields.push(strict);
    }
  }

  /** The declared field `key` names (its name and type). */
  private field(schema: StructSchema, key: string): [string, TypeSchema] | undefined {
    const exact = structField(schema, key);
    if (exact !== undefined) return [key, exact];
    if (this.options.foldCase !== true) return undefined;
    let names = lowerCaseNames.get(schema);
    if (names === undefined) {
      names = new Map(Object.keys(schema.fields).map((name) => [name.toLowerCase(), name]));
      lowerCaseNames.set(schema, names);
    }
    const name = names.get(key.toLowerCase());
    const field = name === undefined ? undefined : structField(schema, name);
    return name === undefined || field === undefined ? undefined : [name, field];
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
      const strict = at.strict === '' ? key : `${at.strict}.${key}`;
      const field = this.field(schema, key);
      if (field === undefined) {
        if (schema.open === true) setOwn(out, key, item);
        else this.unknown(out, key, item, strict);
        continue;
      }
      if (item === null && this.options.dropNullFields === true) continue;
      const [fieldName, fieldType] = field;
      const decoded = this.value(item, fieldType, { strict, fields: [...at.fields, fieldName], struct: name }, numberLiteralOf(value, key));
      if (decoded === undefined || omittedWhenZero(schema, fieldName, fieldType, decoded)) continue;
      setOwn(out, fieldName, decoded);
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
      const decoded = item === null ? undefined : this.value(item, values, { ...at, strict }, numberLiteralOf(value, key));
      setOwn(out, key, decoded ?? this.zero(values));
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
      const decoded = item === null ? undefined : this.value(item, items, { ...at, strict: `${at.strict}[${i}]` }, numberLiteralOf(value, i));
      return decoded ?? this.zero(items);
    });
  }

  /** Zero value of a Go type, as a null map value or list item decodes to. */
  private zero(schema: TypeSchema): JsonValue {
    if (this.options.emptyCollections === true && (schema.kind === 'list' || schema.kind === 'map')) return schema.kind === 'list' ? [] : {};
    return zeroValue(schema);
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
        if (typeof value === 'string') return this.bytes(value);
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
        this.typeError(goJsonValueKind(value), 'int32', at);
        return undefined;
      case 'time':
      case 'microTime':
        if (typeof value !== 'string') {
          this.typeError(goJsonValueKind(value), 'string', at);
          return undefined;
        }
        {
          const problem = parseTimeError(value);
          if (problem !== undefined) this.fail(problem);
        }
        return value;
      case 'duration':
        if (typeof value === 'string') return value;
        this.typeError(goJsonValueKind(value), 'string', at);
        return undefined;
    }
    this.typeError(goJsonValueKind(value), goType, at);
    return undefined;
  }

  /** A `[]byte`: base64 with Go's rules. */
  private bytes(value: string): JsonValue | undefined {
    const problem = goBase64Problem(value);
    if (problem !== undefined) {
      this.fail(problem);
      return this.options.canonicalBytes === true ? undefined : value;
    }
    if (this.options.canonicalBytes !== true) return value;
    const canonical = canonicalGoBase64(value);
    return canonical === '' ? undefined : canonical;
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

  private untyped(value: JsonValue, schema: UntypedSchema, at: Frame): JsonValue | undefined {
    switch (schema.wire) {
      case 'schemaOrBool':
        if (typeof value === 'boolean' || (typeof value === 'object' && value !== null && !Array.isArray(value))) return value;
        if (value === null) return undefined;
        this.typeError(goJsonValueKind(value), 'v1.JSONSchemaPropsOrBool', at);
        return undefined;
      case 'schemaOrArray':
      case 'schemaOrStringArray':
        if (typeof value === 'object') return value ?? undefined;
        this.typeError(goJsonValueKind(value), schema.wire === 'schemaOrArray' ? 'v1.JSONSchemaPropsOrArray' : 'v1.JSONSchemaPropsOrStringArray', at);
        return undefined;
      default:
        return value;
    }
  }
}

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

/** A number as it appears in Go's messages (`1.5`, `1e+21`). */
function goNumber(value: number): string {
  return String(value).replace(/e\+?(\d)/, 'e+$1');
}

/** Zero value of a Go type, as a null map value or list item decodes to (a nil slice or map is null). */
function zeroValue(schema: TypeSchema): JsonValue {
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

/** Decodes `value` as a value of the Go type `schema` (see {@link GoDecodeOptions}). */
export function goDecode(value: JsonValue, schema: TypeSchema, options: GoDecodeOptions): GoDecodeResult {
  const decoder = new Decoder(options);
  const decoded = decoder.value(value, schema, { strict: '', fields: [], struct: '' });
  const result: GoDecodeResult = { value: decoded, unknownFields: decoder.unknownFields };
  if (decoder.error !== undefined) result.error = decoder.error;
  return result;
}
