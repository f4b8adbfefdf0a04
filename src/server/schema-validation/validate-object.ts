/**
 * Validation of custom resources against their CRD schema, with the messages kube-openapi's
 * validator and the apiextensions server produce: `spec.replicas: Invalid value: "string":
 * spec.replicas in body must be of type integer: "string"`, `spec.name: Required value`, ...
 */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import { getOwn } from '../../machinery/json/own-keys.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import type { FieldError } from './field-error.js';
import { child, duplicate, index, invalid, notSupported, required, tooLong, tooMany, typeInvalid } from './field-error.js';
import { matchesNumberFormat, matchesStringFormat } from './formats.js';
import { isJsonInteger, isJsonNumber, writeJson } from '../../machinery/json-numbers.js';
import { X, additional, asObject, flag, items, junctor, numberOf, properties, stringList, typeOf } from './schema-node.js';
import { Re2SyntaxError, compileRe2, type Re2Regex } from '../../machinery/regex/re2.js';

/** Options of {@link validateObject}. */
export interface ValidateOptions {
  /** Path of the value (empty for an object root). */
  path?: string;
  /** Skip `apiVersion`, `kind` and `metadata` of the root and of embedded resources (validated elsewhere). Default true. */
  skipMeta?: boolean;
}

/**
 * The JSON schema type of a value as kube-openapi infers it from the Go value: integers (int64 in
 * Go; a bigint or a number within ±(2^53 - 1) here) are `integer`, other numbers (float64) `number`.
 */
function jsonType(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (isJsonNumber(value)) return isJsonInteger(value) ? 'integer' : 'number';
  if (typeof value === 'object') return 'object';
  return typeof value;
}

/** The Go format kube-openapi infers for a number: `int64` for an integer, `float64` otherwise. */
function numberFormat(value: number | bigint): string {
  return isJsonInteger(value) ? 'int64' : 'float64';
}

function fitsType(type: string, value: JsonValue): boolean {
  switch (type) {
    case 'object':
      return asObject(value) !== undefined;
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
      return isJsonInteger(value);
    case 'number':
      return isJsonNumber(value);
    default:
      return true;
  }
}

function runeLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * Compiled schema patterns, or why one does not compile. They run on RE2 as Go's `regexp` runs
 * them: with a backtracking engine, one custom resource whose value defeated a pattern such as
 * `^(a+)+$` stopped the whole server. A CRD whose pattern RE2 refuses is refused, so only one
 * stored before that rule can fail here.
 */
const patternCache = new Map<string, Re2Regex | Re2SyntaxError>();
/** A schema pattern compiled once (the CRD's check and every value's share it), or why it does not compile. */
export function compilePattern(pattern: string): Re2Regex | Re2SyntaxError {
  let compiled = patternCache.get(pattern);
  if (compiled === undefined) {
    try {
      compiled = compileRe2(pattern);
    } catch (err) {
      if (!(err instanceof Re2SyntaxError)) throw err;
      compiled = err;
    }
    if (patternCache.size > 1000) patternCache.clear();
    patternCache.set(pattern, compiled);
  }
  return compiled;
}

/** `value` is a multiple of `multiple` (exactly for a bigint and an integral divisor). */
function isMultipleOf(value: number | bigint, multiple: number): boolean {
  if (typeof value === 'bigint' && Number.isInteger(multiple)) return value % BigInt(multiple) === 0n;
  const quotient = Number(value) / multiple;
  return Math.abs(quotient - Math.round(quotient)) <= 1e-9;
}

class Validator {
  readonly errors: FieldError[] = [];
  constructor(private readonly skipMeta: boolean) {}

  /** The name kube-openapi uses in messages: the path, or "." at the root. */
  private name(path: string): string {
    return path === '' ? '.' : path;
  }

  validate(value: JsonValue, schema: JsonObject, path: string, isResourceRoot: boolean): void {
    const type = typeOf(schema);
    if (value === null) {
      if (schema.nullable === true) return;
      if (type !== '') {
        this.errors.push(typeInvalid(path, 'null', `${this.name(path)} in body must be of type ${type}: "null"`));
        return;
      }
    }
    if (isJsonNumber(value) && typeof schema.format === 'string' && schema.format !== '' && type !== '') {
      // kube-openapi's type validator checks a number's format first: a float64 where the schema
      // says `format: int64` is `must be of type int64: "float64"`.
      const actual = jsonType(value);
      const format = numberFormat(value);
      if (!(type === actual || format === schema.format || (actual === 'integer' && type === 'number'))) {
        this.errors.push(typeInvalid(path, format, `${this.name(path)} in body must be of type ${schema.format}: ${JSON.stringify(format)}`));
        return;
      }
    }
    if (flag(schema, X.intOrString)) {
      if (!(typeof value === 'string' || isJsonInteger(value))) {
        this.errors.push(typeInvalid(path, jsonType(value), `${this.name(path)} in body must be of type integer,string: ${JSON.stringify(jsonType(value))}`));
        return;
      }
    } else if (type !== '' && !fitsType(type, value)) {
      this.errors.push(typeInvalid(path, jsonType(value), `${this.name(path)} in body must be of type ${type}: ${JSON.stringify(jsonType(value))}`));
      return;
    }
    this.checkEnum(value, schema, path);
    if (typeof value === 'string') this.checkString(value, schema, path);
    if (isJsonNumber(value)) this.checkNumber(value, schema, path);
    if (Array.isArray(value)) this.checkArray(value, schema, path);
    const obj = asObject(value);
    if (obj !== undefined) this.checkObject(obj, schema, path, isResourceRoot || flag(schema, X.embeddedResource));
    this.checkJunctors(value, schema, path);
  }

  private checkEnum(value: JsonValue, schema: JsonObject, path: string): void {
    const allowed = schema.enum;
    if (!Array.isArray(allowed) || allowed.length === 0) return;
    if (allowed.some((candidate) => jsonEqual(candidate, value))) return;
    this.errors.push(notSupported(path, value, allowed.map((v) => (typeof v === 'string' ? v : writeJson(v)))));
  }

  private checkString(value: string, schema: JsonObject, path: string): void {
    const n = this.name(path);
    const max = numberOf(schema, 'maxLength');
    if (max !== undefined && runeLength(value) > max) this.errors.push(tooLong(path, max));
    const min = numberOf(schema, 'minLength');
    if (min !== undefined && runeLength(value) < min) this.errors.push(invalid(path, value, `${n} in body should be at least ${min} chars long`));
    if (typeof schema.pattern === 'string') {
      // kube-openapi's Pattern: a pattern that does not compile fails every value, saying so.
      const re = compilePattern(schema.pattern);
      if (re instanceof Re2SyntaxError) this.errors.push(invalid(path, value, `${n} in body should match '${schema.pattern}, but pattern is invalid: ${re.message}'`));
      else if (!re.test(value)) this.errors.push(invalid(path, value, `${n} in body should match '${schema.pattern}'`));
    }
    if (typeof schema.format === 'string' && !matchesStringFormat(schema.format, value)) {
      this.errors.push(typeInvalid(path, value, `${n} in body must be of type ${schema.format}: ${JSON.stringify(value)}`));
    }
  }

  /** Bounds, multipleOf and format of a number (a bigint compares exactly with number bounds). */
  private checkNumber(value: number | bigint, schema: JsonObject, path: string): void {
    const n = this.name(path);
    const min = numberOf(schema, 'minimum');
    if (min !== undefined) {
      if (schema.exclusiveMinimum === true ? value <= min : value < min) {
        this.errors.push(invalid(path, value, `${n} in body should be greater than ${schema.exclusiveMinimum === true ? '' : 'or equal to '}${min}`));
      }
    }
    const max = numberOf(schema, 'maximum');
    if (max !== undefined) {
      if (schema.exclusiveMaximum === true ? value >= max : value > max) {
        this.errors.push(invalid(path, value, `${n} in body should be less than ${schema.exclusiveMaximum === true ? '' : 'or equal to '}${max}`));
      }
    }
    const multiple = numberOf(schema, 'multipleOf');
    if (multiple !== undefined && multiple > 0 && !isMultipleOf(value, multiple)) {
      this.errors.push(invalid(path, value, `${n} in body should be a multiple of ${multiple}`));
    }
    if (typeof schema.format === 'string' && !matchesNumberFormat(schema.format, value)) {
      this.errors.push(typeInvalid(path, value, `${n} in body must be of type ${schema.format}: ${JSON.stringify(String(value))}`));
    }
  }

  private checkArray(value: JsonValue[], schema: JsonObject, path: string): void {
    const n = this.name(path);
    const max = numberOf(schema, 'maxItems');
    if (max !== undefined && value.length > max) this.errors.push(tooMany(path, value.length, max));
    const min = numberOf(schema, 'minItems');
    if (min !== undefined && value.length < min) this.errors.push(invalid(path, value, `${n} in body should have at least ${min} items`));
    const listType = schema[X.listType];
    if (schema.uniqueItems === true || listType === 'set') this.checkDuplicates(value, path, listType === 'set');
    if (listType === 'map') this.checkMapKeys(value, schema, path);
    const item = items(schema);
    if (item !== undefined) value.forEach((entry, i) => this.validate(entry, item, index(path, i), false));
  }

  private checkDuplicates(value: JsonValue[], path: string, asSet: boolean): void {
    const seen = new Set<string>();
    value.forEach((entry, i) => {
      const id = writeJson(entry);
      if (seen.has(id)) {
        if (asSet) this.errors.push(duplicate(index(path, i), entry));
        else this.errors.push(invalid(path, value, `${this.name(path)} in body shouldn't contain duplicates`));
      }
      seen.add(id);
    });
  }

  private checkMapKeys(value: JsonValue[], schema: JsonObject, path: string): void {
    const keys = stringList(schema[X.listMapKeys]);
    if (keys.length === 0) return;
    const seen = new Set<string>();
    value.forEach((entry, i) => {
      const obj = asObject(entry);
      if (obj === undefined) return;
      const id = writeJson(keys.map((k) => getOwn(obj, k) ?? null));
      if (seen.has(id)) this.errors.push(duplicate(index(path, i), Object.fromEntries(keys.map((k) => [k, getOwn(obj, k) ?? null]))));
      seen.add(id);
    });
  }

  private checkObject(value: JsonObject, schema: JsonObject, path: string, isResource: boolean): void {
    const n = this.name(path);
    const count = Object.keys(value).filter((k) => value[k] !== undefined).length;
    const max = numberOf(schema, 'maxProperties');
    if (max !== undefined && count > max) this.errors.push(tooMany(path, count, max));
    const min = numberOf(schema, 'minProperties');
    if (min !== undefined && count < min) this.errors.push(invalid(path, value, `${n} in body should have at least ${min} properties`));
    for (const name of stringList(schema.required)) {
      if (isResource && this.skipMeta && (name === 'metadata' || name === 'apiVersion' || name === 'kind')) continue;
      if (getOwn(value, name) === undefined) this.errors.push(required(child(path, name)));
    }
    const declared = new Set<string>();
    for (const [name, prop] of properties(schema)) {
      declared.add(name);
      if (isResource && this.skipMeta && (name === 'metadata' || name === 'apiVersion' || name === 'kind')) continue;
      const item = getOwn(value, name);
      if (item !== undefined) this.validate(item, prop, child(path, name), false);
    }
    const extra = additional(schema);
    if (extra !== undefined) {
      for (const name of Object.keys(value)) {
        const item = value[name];
        if (item !== undefined && !declared.has(name)) this.validate(item, extra, child(path, name), false);
      }
    }
  }

  private checkJunctors(value: JsonValue, schema: JsonObject, path: string): void {
    const n = this.name(path);
    const passes = (s: JsonObject): boolean => {
      const inner = new Validator(this.skipMeta);
      inner.validate(value, s, path, false);
      return inner.errors.length === 0;
    };
    for (const s of junctor(schema, 'allOf')) this.validate(value, s, path, false);
    const anyOf = junctor(schema, 'anyOf');
    if (anyOf.length > 0 && !anyOf.some(passes)) this.errors.push(invalid(path, value, `${n} in body must validate at least one schema (anyOf)`));
    const oneOf = junctor(schema, 'oneOf');
    if (oneOf.length > 0 && oneOf.filter(passes).length !== 1) this.errors.push(invalid(path, value, `${n} in body must validate one and only one schema (oneOf)`));
    const not = asObject(schema.not);
    if (not !== undefined && passes(not)) this.errors.push(invalid(path, value, `${n} in body must not validate the schema (not)`));
  }
}

/**
 * Validates `obj` against a CRD version's `openAPIV3Schema`: types (and nullable), required,
 * enum, pattern, length/items/properties bounds, numeric bounds, multipleOf, formats (date-time,
 * int32, int64, ...), list-type set/map uniqueness, allOf/anyOf/oneOf/not. `apiVersion`, `kind`
 * and `metadata` of the resource are left to object-meta validation. Returns every error found.
 */
export function validateObject(obj: JsonValue, openAPIV3Schema: JsonObject, options: ValidateOptions = {}): FieldError[] {
  const validator = new Validator(options.skipMeta ?? true);
  const path = options.path ?? '';
  validator.validate(obj, openAPIV3Schema, path, path === '');
  return validator.errors;
}
