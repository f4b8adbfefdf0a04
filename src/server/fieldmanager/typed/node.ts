/**
 * How a value behaves under its schema: a leaf (scalar or atomic value, compared and owned whole),
 * a granular object (struct, map or deduced object whose keys are visited), or a granular list
 * (`set` or `map` list whose items are visited).
 */
import type { JsonValue } from '../../../sdk/types/meta.js';
import type { ListSchema, TypeSchema } from '../../../sdk/types/schema/index.js';

export type Node =
  | { readonly kind: 'leaf' }
  | { readonly kind: 'object'; readonly schema: TypeSchema }
  | { readonly kind: 'list'; readonly schema: ListSchema };

const LEAF: Node = Object.freeze({ kind: 'leaf' });

import { isJsonObject as isObject } from '../../../machinery/json/values.js';
export { isObject };

/** The behaviour of `value` (present, possibly null) under `schema`. */
export function resolveNode(schema: TypeSchema, value: JsonValue): Node {
  switch (schema.kind) {
    case 'untyped':
      return isObject(value) ? { kind: 'object', schema } : LEAF;
    case 'struct':
      if (schema.elementRelationship === 'atomic') return LEAF;
      return value === null || isObject(value) ? { kind: 'object', schema } : LEAF;
    case 'map':
      if (schema.mapType === 'atomic') return LEAF;
      return value === null || isObject(value) ? { kind: 'object', schema } : LEAF;
    case 'list':
      if (schema.listType === 'atomic') return LEAF;
      return value === null || Array.isArray(value) ? { kind: 'list', schema } : LEAF;
    default:
      return LEAF;
  }
}

/** The behaviour of a node seen on two sides (absent sides take the other's; a disagreement is a leaf). */
export function resolvePair(schema: TypeSchema, lhs: JsonValue | undefined, rhs: JsonValue | undefined): Node {
  if (lhs === undefined) return resolveNode(schema, rhs as JsonValue);
  if (rhs === undefined) return resolveNode(schema, lhs);
  const a = resolveNode(schema, lhs);
  const b = resolveNode(schema, rhs);
  if (a.kind === b.kind) return a;
  // A typed container that is null on one side stays a container; otherwise the shapes disagree.
  return LEAF;
}

/** Absent, null, or a list or map with no (defined) members: compared and merged as a leaf. */
export function isEmptyContainer(value: JsonValue | undefined): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  return isObject(value) && Object.keys(value).every((key) => value[key] === undefined);
}

/** Own keys of an object with a defined value. */
export function objectEntries(value: JsonValue | undefined): [string, JsonValue][] {
  if (!isObject(value)) return [];
  const out: [string, JsonValue][] = [];
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item !== undefined) out.push([key, item]);
  }
  return out;
}
