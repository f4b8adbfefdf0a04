/**
 * Validation of a CRD version's schema: the generic OpenAPI checks (openapi-checks.ts) and the
 * structural-schema rules (every node typed,
 * value validations under allOf/anyOf/oneOf/not free of types, defaults, nullable and markers,
 * metadata restricted to name and generateName, patterns that Go's `regexp` compiles), with the
 * apiserver's messages.
 */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import type { FieldError } from './field-error.js';
import { child, forbidden, index, invalid, key, required } from './field-error.js';
import { validateOpenAPI } from './openapi-checks.js';
import { pruneUnknownFields } from './prune.js';
import { X, additional, asObject, flag, items, junctor, properties, property, stringList, typeOf } from './schema-node.js';
import { compilePattern, validateObject } from './validate-object.js';
import { writeJson } from '../../machinery/json-numbers.js';
import { Re2SyntaxError } from '../../machinery/regex/re2.js';

type Level = 'root' | 'item' | 'field';

/** The structural-schema invariants of a node (types everywhere, metadata restrictions, embedded resources). */
function validateStructural(schema: JsonObject | undefined, level: Level, path: string, errors: FieldError[]): void {
  if (schema === undefined) return;
  const type = typeOf(schema);
  const intOrString = flag(schema, X.intOrString);
  const preserve = flag(schema, X.preserveUnknownFields);
  const embedded = flag(schema, X.embeddedResource);
  if (type === 'array' && schema.items === undefined) errors.push(required(child(path, 'items'), 'must be specified'));
  validateStructural(items(schema), 'item', child(path, 'items'), errors);
  for (const [name, prop] of properties(schema)) validateStructural(prop, 'field', key(child(path, 'properties'), name), errors);
  if (schema.additionalProperties !== undefined) {
    if (level === 'root') errors.push(forbidden(child(path, 'additionalProperties'), 'must not be used at the root'));
    validateStructural(additional(schema), 'field', child(path, 'additionalProperties'), errors);
  }
  if (intOrString && preserve) errors.push(invalid(child(path, X.preserveUnknownFields), true, `must be false if ${X.intOrString} is true`));
  if (intOrString && embedded) errors.push(invalid(child(path, X.embeddedResource), true, `must be false if ${X.intOrString} is true`));
  validateValueValidations(schema, path, isIntOrStringAnyOf(schema), isIntOrStringAllOf(schema), errors);
  if (embedded && type !== 'object') {
    errors.push(type === '' ? required(child(path, 'type'), `must be object if ${X.embeddedResource} is true`) : invalid(child(path, 'type'), type, `must be object if ${X.embeddedResource} is true`));
  } else if (type === '' && !intOrString && !preserve) {
    const where = level === 'root' ? 'at the root' : level === 'item' ? 'for specified array items' : 'for specified object fields';
    errors.push(required(child(path, 'type'), `must not be empty ${where}`));
  } else if (level === 'root' && type !== '' && type !== 'object') {
    errors.push(invalid(child(path, 'type'), type, 'must be object at the root'));
  }
  if (level === 'root' || embedded) {
    const kind = property(schema, 'kind');
    if (kind !== undefined && typeOf(kind) !== 'string') errors.push(invalid(child(key(child(path, 'properties'), 'kind'), 'type'), typeOf(kind), 'must be string'));
    const apiVersion = property(schema, 'apiVersion');
    if (apiVersion !== undefined && typeOf(apiVersion) !== 'string') errors.push(invalid(child(key(child(path, 'properties'), 'apiVersion'), 'type'), typeOf(apiVersion), 'must be string'));
    const metadata = property(schema, 'metadata');
    if (metadata !== undefined && typeOf(metadata) !== 'object' && typeOf(metadata) !== '') errors.push(invalid(child(key(child(path, 'properties'), 'metadata'), 'type'), typeOf(metadata), 'must be object'));
  }
  if (level === 'root') {
    const metadata = property(schema, 'metadata');
    if (metadata !== undefined && !onlyNameAndGenerateName(metadata)) {
      errors.push(forbidden(key(child(path, 'properties'), 'metadata'), 'must not specify anything other than name and generateName, but metadata is implicitly specified'));
    }
  }
  if (embedded && !preserve && properties(schema).length === 0) {
    errors.push(required(child(path, 'properties'), `must not be empty if ${X.embeddedResource} is true without ${X.preserveUnknownFields}`));
  }
}

/** The root `metadata` schema may only say `type: object` and constrain `name` / `generateName`. */
function onlyNameAndGenerateName(metadata: JsonObject): boolean {
  for (const name of Object.keys(metadata)) {
    if (name === 'type' || name === 'default' || name === 'description') continue;
    if (name !== 'properties') return false;
  }
  return properties(metadata).every(([name]) => name === 'name' || name === 'generateName');
}

function isTypeSchema(schema: JsonObject | undefined, type: string): boolean {
  return schema !== undefined && Object.keys(schema).length === 1 && schema.type === type;
}

/** `anyOf: [{type: integer}, {type: string}]` on an int-or-string node. */
function isIntOrStringAnyOf(schema: JsonObject): boolean {
  if (!flag(schema, X.intOrString)) return false;
  const anyOf = junctor(schema, 'anyOf');
  return anyOf.length === 2 && isTypeSchema(anyOf[0], 'integer') && isTypeSchema(anyOf[1], 'string');
}

/** `allOf: [{anyOf: [{type: integer}, {type: string}]}, ...]` on an int-or-string node. */
function isIntOrStringAllOf(schema: JsonObject): boolean {
  if (!flag(schema, X.intOrString)) return false;
  const first = junctor(schema, 'allOf')[0];
  if (first === undefined) return false;
  const anyOf = junctor(first, 'anyOf');
  return anyOf.length === 2 && isTypeSchema(anyOf[0], 'integer') && isTypeSchema(anyOf[1], 'string');
}

function validateValueValidations(schema: JsonObject, path: string, skipAnyOf: boolean, skipFirstAllOfAnyOf: boolean, errors: FieldError[]): void {
  if (!skipAnyOf) junctor(schema, 'anyOf').forEach((s, i) => validateNested(s, false, false, index(child(path, 'anyOf'), i), errors));
  junctor(schema, 'allOf').forEach((s, i) => validateNested(s, skipFirstAllOfAnyOf && i === 0, false, index(child(path, 'allOf'), i), errors));
  junctor(schema, 'oneOf').forEach((s, i) => validateNested(s, false, false, index(child(path, 'oneOf'), i), errors));
  const not = asObject(schema.not);
  if (not !== undefined) validateNested(not, false, false, child(path, 'not'), errors);
  const pattern = schema.pattern;
  if (typeof pattern === 'string' && pattern !== '') {
    const compiled = compilePattern(pattern);
    if (compiled instanceof Re2SyntaxError) errors.push(invalid(child(path, 'pattern'), pattern, `must be a valid regular expression, but isn't: ${compiled.message}`));
  }
}

/** Schemas under allOf/anyOf/oneOf/not may only constrain values, never declare structure. */
function validateNested(schema: JsonObject, skipAnyOf: boolean, skipAllOfAnyOf: boolean, path: string, errors: FieldError[]): void {
  validateValueValidations(schema, path, skipAnyOf, skipAllOfAnyOf, errors);
  const item = items(schema);
  if (item !== undefined) validateNested(item, false, false, child(path, 'items'), errors);
  for (const [name, prop] of properties(schema)) validateNested(prop, false, false, key(child(path, 'properties'), name), errors);
  const rules: [boolean, string, string][] = [
    [typeOf(schema) !== '', 'type', 'must be empty to be structural'],
    [schema.additionalProperties !== undefined, 'additionalProperties', 'must be undefined to be structural'],
    [schema.default !== undefined, 'default', 'must be undefined to be structural'],
    [typeof schema.title === 'string' && schema.title !== '', 'title', 'must be empty to be structural'],
    [typeof schema.description === 'string' && schema.description !== '', 'description', 'must be empty to be structural'],
    [schema.nullable === true, 'nullable', 'must be false to be structural'],
    [schema[X.preserveUnknownFields] !== undefined, X.preserveUnknownFields, 'must be undefined to be structural'],
    [flag(schema, X.embeddedResource), X.embeddedResource, 'must be false to be structural'],
    [flag(schema, X.intOrString), X.intOrString, 'must be false to be structural'],
    [stringList(schema[X.listMapKeys]).length > 0, X.listMapKeys, 'must be empty to be structural'],
    [schema[X.listType] !== undefined, X.listType, 'must be undefined to be structural'],
    [schema[X.mapType] !== undefined, X.mapType, 'must be undefined to be structural'],
  ];
  for (const [broken, name, detail] of rules) if (broken) errors.push(forbidden(child(path, name), detail));
  if (property(schema, 'metadata') !== undefined) errors.push(forbidden(key(child(path, 'properties'), 'metadata'), 'must not be specified in a nested context'));
}

/** Properties and items named in value validations must also be declared in the structural part. */
function validateCompleteness(schema: JsonObject | undefined, path: string, errors: FieldError[]): void {
  if (schema === undefined) return;
  const check = (v: JsonObject, s: JsonObject | undefined, sPath: string, vPath: string): void => {
    if (s === undefined) {
      errors.push(required(sPath, `because it is defined in ${vPath}`));
      return;
    }
    for (const name of ['allOf', 'anyOf', 'oneOf'] as const) junctor(v, name).forEach((n, i) => check(n, s, sPath, index(child(vPath, name), i)));
    const not = asObject(v.not);
    if (not !== undefined) check(not, s, sPath, child(vPath, 'not'));
    const vItems = items(v);
    if (vItems !== undefined) check(vItems, items(s), child(sPath, 'items'), child(vPath, 'items'));
    for (const [name, prop] of properties(v)) check(prop, property(s, name), key(child(sPath, 'properties'), name), key(child(vPath, 'properties'), name));
  };
  for (const name of ['allOf', 'anyOf', 'oneOf'] as const) junctor(schema, name).forEach((n, i) => check(n, schema, path, index(child(path, name), i)));
  const not = asObject(schema.not);
  if (not !== undefined) check(not, schema, path, child(path, 'not'));
  validateCompleteness(items(schema), child(path, 'items'), errors);
  validateCompleteness(additional(schema), child(path, 'additionalProperties'), errors);
  for (const [name, prop] of properties(schema)) validateCompleteness(prop, key(child(path, 'properties'), name), errors);
}

/** Defaults must be valid for their schema and carry no field it would prune. */
function validateDefaults(schema: JsonObject | undefined, path: string, isRoot: boolean, errors: FieldError[]): void {
  if (schema === undefined) return;
  const value = schema.default;
  if (value !== undefined && !isRoot) {
    const problems = validateObject(value, schema, { path: child(path, 'default'), skipMeta: false });
    errors.push(...problems);
    if (problems.length === 0 && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const pruned = pruneUnknownFields(value, schema, { root: false });
      if (writeJson(pruned) !== writeJson(value)) errors.push(invalid(child(path, 'default'), value as JsonValue, 'must not have unknown fields'));
    }
  }
  validateDefaults(items(schema), child(path, 'items'), false, errors);
  validateDefaults(additional(schema), child(path, 'additionalProperties'), false, errors);
  for (const [name, prop] of properties(schema)) validateDefaults(prop, key(child(path, 'properties'), name), false, errors);
}

/**
 * Checks a CRD version's `openAPIV3Schema` as the apiextensions server does before accepting the
 * CRD. `path` is the schema's field path (`spec.versions[0].schema.openAPIV3Schema`); each error
 * names the offending field below it.
 */
export function validateStructuralSchema(openAPIV3Schema: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (openAPIV3Schema.nullable === true) errors.push(forbidden(child(path, 'nullable'), 'nullable cannot be true at the root'));
  validateOpenAPI(openAPIV3Schema, path, { insideResourceMeta: false }, true, errors);
  validateStructural(openAPIV3Schema, 'root', path, errors);
  validateCompleteness(openAPIV3Schema, path, errors);
  if (errors.length > 0) return errors;
  validateDefaults(openAPIV3Schema, path, true, errors);
  return errors;
}
