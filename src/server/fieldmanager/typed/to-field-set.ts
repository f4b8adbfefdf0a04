/**
 * The set of fields a value mentions (structured-merge-diff's `ToFieldSet`): every scalar and
 * atomic value, every list item, every map entry that is not a declared struct field, and every
 * field whose value is null or an empty object. With
 * `validate`, also the errors that make an applied object untypable (wrong shapes, missing list
 * keys, duplicate items, fields a closed schema does not declare).
 */
import type { JsonValue } from '../../../sdk/types/meta.js';
import type { ScalarSchema, TypeSchema } from '../../../sdk/types/schema/index.js';
import { childType } from '../../../sdk/types/schema/index.js';
import { FieldSet } from '../field-set.js';
import type { PathElement } from '../path-element.js';
import { fieldElement, pathElementString } from '../path-element.js';
import { listItemElement } from './list-items.js';
import { isObject, objectEntries, resolveNode } from './node.js';
import { isJsonNumber, writeJson } from '../../../machinery/json-numbers.js';

/** Collected validation errors, each `<path>: <message>`. */
export type TypeErrors = string[];

function describe(value: JsonValue): string {
  return writeJson(value);
}

function shapeError(schema: TypeSchema, value: JsonValue): string | undefined {
  if (value === null) return undefined;
  switch (schema.kind) {
    case 'struct':
    case 'map':
      return isObject(value) ? undefined : `expected map, got ${describe(value)}`;
    case 'list':
      return Array.isArray(value) ? undefined : `expected list, got ${describe(value)}`;
    case 'scalar':
      if (isObject(value) || Array.isArray(value)) return `expected scalar, got ${describe(value)}`;
      return scalarTypeError(schema, value);
    default:
      return undefined;
  }
}

/** structured-merge-diff's complaint about a scalar of the wrong type (typed scalars of built-in kinds only). */
function scalarTypeError(schema: ScalarSchema, value: string | number | boolean): string | undefined {
  switch (schema.type) {
    case 'integer':
    case 'number':
      return isJsonNumber(value) ? undefined : `expected numeric (int or float), got ${typeof value === 'string' ? 'string' : 'bool'}`;
    case 'string':
      return typeof value === 'string' ? undefined : `expected string, got &value.valueUnstructured{Value:${String(value)}}`;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `expected boolean, got ${String(value)}`;
    default:
      return undefined;
  }
}

function walk(value: JsonValue, schema: TypeSchema, prefix: string, errors: TypeErrors | undefined): FieldSet | undefined {
  const node = resolveNode(schema, value);
  if (node.kind === 'leaf') return undefined; // the caller records the leaf itself
  const set = new FieldSet();
  if (node.kind === 'object') {
    for (const [key, item] of objectEntries(value)) {
      const child = childType(node.schema, key);
      const pe = fieldElement(key);
      if (errors !== undefined && child.unknown) {
        errors.push(`${prefix}${pathElementString(pe)}: field not declared in schema`);
        continue;
      }
      // Map entries are owned as such; so are fields set to null or to an empty object.
      const own = !child.declared || item === null || (isObject(item) && Object.keys(item).every((k) => item[k] === undefined));
      visit(set, pe, item, child.schema, own, prefix, errors);
    }
    return set;
  }
  if (!Array.isArray(value)) return set;
  const seen = new Set<string>();
  value.forEach((item, index) => {
    const pe: PathElement | string = listItemElement(node.schema, item);
    if (typeof pe === 'string') {
      errors?.push(`${prefix}: element ${index}: ${pe}`);
      return;
    }
    if (errors !== undefined && seen.has(pe.key)) errors.push(`${prefix}: duplicate entries for key ${pathElementString(pe)}`);
    seen.add(pe.key);
    visit(set, pe, item, node.schema.items, true, prefix, errors);
  });
  return set;
}

/** Records child `pe` of `set`: a leaf is a member; a node contributes its fields, and is a member when `own`. */
function visit(set: FieldSet, pe: PathElement, item: JsonValue, schema: TypeSchema, own: boolean, prefix: string, errors: TypeErrors | undefined): void {
  const path = prefix + pathElementString(pe);
  if (errors !== undefined) {
    const shape = shapeError(schema, item);
    if (shape !== undefined) {
      errors.push(`${path}: ${shape}`);
      return;
    }
  }
  if (resolveNode(schema, item).kind === 'leaf') {
    set.addMember(pe);
    return;
  }
  set.addChild(pe, walk(item, schema, path, errors));
  if (own) set.addMember(pe);
}

/** The field set of `value` (an object root). With `errors`, type errors are appended to it. */
export function toFieldSet(value: JsonValue, schema: TypeSchema, errors?: TypeErrors): FieldSet {
  if (errors !== undefined) {
    const shape = shapeError(schema, value);
    if (shape !== undefined) {
      errors.push(shape);
      return new FieldSet();
    }
  }
  return walk(value, schema, '', errors) ?? new FieldSet();
}
