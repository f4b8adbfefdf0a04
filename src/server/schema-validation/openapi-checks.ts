/**
 * The apiextensions API's generic checks of a CRD schema: OpenAPI keywords it does not support,
 * types, defaults where they are forbidden, and the list and map markers.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { FieldError } from './field-error.js';
import { child, forbidden, index, invalid, key, notSupported, required } from './field-error.js';
import { X, additional, asObject, flag, items, junctor, properties, property, stringList, typeOf } from './schema-node.js';

const TYPES = ['array', 'boolean', 'integer', 'number', 'object', 'string'];
const META_FIELDS = new Set(['metadata', 'kind', 'apiVersion']);

export interface Standard {
  insideResourceMeta: boolean;
  defaultsForbiddenReason?: string;
}

/** The apiextensions API's generic checks of one schema node and everything below it. */
export function validateOpenAPI(schema: JsonObject | undefined, path: string, std: Standard, isRoot: boolean, errors: FieldError[]): void {
  if (schema === undefined) return;
  const type = typeOf(schema);
  if (type !== '' && !TYPES.includes(type)) {
    if (type === 'null') errors.push(forbidden(child(path, 'type'), 'type cannot be set to null, use nullable as an alternative'));
    else errors.push(notSupported(child(path, 'type'), type, TYPES));
  }
  if (schema.default !== undefined && std.defaultsForbiddenReason !== undefined) errors.push(forbidden(child(path, 'default'), `must not be set ${std.defaultsForbiddenReason}`));
  if (schema.id !== undefined) errors.push(forbidden(child(path, 'id'), 'id is not supported'));
  if (schema.additionalItems !== undefined) errors.push(forbidden(child(path, 'additionalItems'), 'additionalItems is not supported'));
  if (asObject(schema.patternProperties) !== undefined && Object.keys(schema.patternProperties as JsonObject).length > 0) errors.push(forbidden(child(path, 'patternProperties'), 'patternProperties is not supported'));
  if (asObject(schema.definitions) !== undefined && Object.keys(schema.definitions as JsonObject).length > 0) errors.push(forbidden(child(path, 'definitions'), 'definitions is not supported'));
  if (schema.dependencies !== undefined) errors.push(forbidden(child(path, 'dependencies'), 'dependencies is not supported'));
  if (schema.$ref !== undefined) errors.push(forbidden(child(path, '$ref'), '$ref is not supported'));
  if (Array.isArray(schema.items)) errors.push(forbidden(child(path, 'items'), 'items must be a schema object and not an array'));
  if (std.insideResourceMeta && flag(schema, X.embeddedResource)) errors.push(forbidden(child(path, X.embeddedResource), 'must not be used inside of resource meta'));
  if (schema.uniqueItems === true) errors.push(forbidden(child(path, 'uniqueItems'), 'uniqueItems cannot be set to true since the runtime complexity becomes quadratic'));

  const props = properties(schema);
  if (schema.additionalProperties !== undefined) {
    if (props.length > 0 && (schema.additionalProperties === false || additional(schema) !== undefined)) {
      errors.push(forbidden(child(path, 'additionalProperties'), 'additionalProperties and properties are mutual exclusive'));
    }
    const sub: Standard = std.insideResourceMeta ? { ...std, defaultsForbiddenReason: 'inside additionalProperties applying to object metadata' } : std;
    validateOpenAPI(additional(schema), child(path, 'additionalProperties'), sub, false, errors);
  }
  for (const [name, prop] of props) {
    let sub = std;
    if ((isRoot || flag(schema, X.embeddedResource)) && META_FIELDS.has(name)) {
      sub = { ...std, insideResourceMeta: true };
      if (isRoot) sub = { ...sub, defaultsForbiddenReason: `in top-level ${name}` };
    }
    validateOpenAPI(prop, key(child(path, 'properties'), name), sub, false, errors);
  }
  validateOpenAPI(asObject(schema.not), child(path, 'not'), std, false, errors);
  for (const name of ['allOf', 'oneOf', 'anyOf'] as const) junctor(schema, name).forEach((s, i) => validateOpenAPI(s, index(child(path, name), i), std, false, errors));
  validateOpenAPI(items(schema), child(path, 'items'), std, false, errors);

  const preserve = schema[X.preserveUnknownFields];
  if (preserve === false) errors.push(invalid(child(path, X.preserveUnknownFields), false, 'must be true or undefined'));
  const mapType = schema[X.mapType];
  if (mapType !== undefined && type !== 'object') {
    errors.push(type === '' ? required(child(path, 'type'), `must be object if ${X.mapType} is specified`) : invalid(child(path, 'type'), type, `must be object if ${X.mapType} is specified`));
  }
  if (mapType !== undefined && mapType !== 'atomic' && mapType !== 'granular') errors.push(notSupported(child(path, X.mapType), mapType, ['atomic', 'granular']));
  const listType = schema[X.listType];
  if (listType !== undefined && type !== 'array') {
    errors.push(type === '' ? required(child(path, 'type'), `must be array if ${X.listType} is specified`) : invalid(child(path, 'type'), type, `must be array if ${X.listType} is specified`));
  } else if (listType === 'set') {
    const item = items(schema);
    if (item !== undefined && typeOf(item) === 'array' && item[X.listType] !== undefined && item[X.listType] !== 'atomic') {
      errors.push(invalid(child(child(path, 'items'), X.listType), item[X.listType], `must be atomic as item of a list with ${X.listType}=set`));
    }
    if (item !== undefined && typeOf(item) === 'object' && item[X.mapType] !== 'atomic') {
      errors.push(invalid(child(child(path, 'items'), X.mapType), item[X.mapType] ?? null, `must be atomic as item of a list with ${X.listType}=set`));
    }
  }
  if (listType !== undefined && listType !== 'atomic' && listType !== 'set' && listType !== 'map') errors.push(notSupported(child(path, X.listType), listType, ['atomic', 'set', 'map']));
  const mapKeys = stringList(schema[X.listMapKeys]);
  if (mapKeys.length > 0) {
    if (listType === undefined) errors.push(required(child(path, X.listType), `must be map if ${X.listMapKeys} is non-empty`));
    else if (listType !== 'map') errors.push(invalid(child(path, X.listType), listType, `must be map if ${X.listMapKeys} is non-empty`));
  }
  if (listType === 'map') validateMapList(schema, path, mapKeys, errors);
  if (listType === 'set' || listType === 'map') {
    const item = items(schema);
    if (item?.nullable === true) errors.push(forbidden(child(child(path, 'items'), 'nullable'), `cannot be nullable when ${X.listType} is ${String(listType)}`));
  }
}

function validateMapList(schema: JsonObject, path: string, mapKeys: string[], errors: FieldError[]): void {
  const item = items(schema);
  if (mapKeys.length === 0) errors.push(required(child(path, X.listMapKeys), `must not be empty if ${X.listType} is map`));
  if (schema.items === undefined) errors.push(required(child(path, 'items'), `must have a schema if ${X.listType} is map`));
  if (item === undefined) return;
  if (typeOf(item) !== 'object') {
    errors.push(invalid(child(child(path, 'items'), 'type'), typeOf(item), `must be object if parent array's ${X.listType} is map`));
    return;
  }
  const seen = new Set<string>();
  const requiredKeys = new Set(stringList(item.required));
  for (const name of mapKeys) {
    const prop = property(item, name);
    if (prop === undefined) {
      errors.push(invalid(child(path, X.listMapKeys), mapKeys, 'entries must all be names of item properties'));
    } else {
      if (typeOf(prop) === 'array' || typeOf(prop) === 'object') {
        errors.push(invalid(child(key(child(child(path, 'items'), 'properties'), name), 'type'), typeOf(item), `must be a scalar type if parent array's ${X.listType} is map`));
      }
      if (!requiredKeys.has(name) && prop.default === undefined) {
        errors.push(required(child(key(child(child(path, 'items'), 'properties'), name), 'default'), `this property is in ${X.listMapKeys}, so it must have a default or be a required property`));
      }
      if (prop.nullable === true) errors.push(forbidden(child(key(child(child(path, 'items'), 'properties'), name), 'nullable'), `this property is in ${X.listMapKeys}, so it cannot be nullable`));
    }
    if (seen.has(name)) errors.push(invalid(child(path, X.listMapKeys), mapKeys, 'must not contain duplicate entries'));
    seen.add(name);
  }
}
