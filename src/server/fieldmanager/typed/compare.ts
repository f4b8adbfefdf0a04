/**
 * Field-level comparison of two versions of an object (structured-merge-diff's `Compare`): which
 * fields the newer one added, modified and removed. A node (object, list item) present on one side
 * only is itself added or removed, together with everything under it; that is what puts `"."`
 * entries into the managedFields of updates.
 */
import type { JsonValue } from '../../../sdk/types/meta.js';
import type { ListSchema, TypeSchema } from '../../../sdk/types/schema/index.js';
import { childType } from '../../../sdk/types/schema/index.js';
import { FieldSet } from '../field-set.js';
import type { PathElement } from '../path-element.js';
import { fieldElement } from '../path-element.js';
import { jsonEqual } from '../../../machinery/json/equal.js';
import { indexItems } from './list-items.js';
import { isEmptyContainer, isObject, resolvePair } from './node.js';

/** What changed between two objects. */
export interface Comparison {
  added: FieldSet;
  modified: FieldSet;
  removed: FieldSet;
}

/** Sets under construction, allocated on first use (most nodes of an object do not change). */
interface Acc {
  added?: FieldSet;
  modified?: FieldSet;
  removed?: FieldSet;
}

/** Compares child `pe` (values `lhs`/`rhs`, either may be absent) and records it into `acc`. */
function compareChild(acc: Acc, pe: PathElement, lhs: JsonValue | undefined, rhs: JsonValue | undefined, schema: TypeSchema): void {
  const node = resolvePair(schema, lhs, rhs);
  const leaf = node.kind === 'leaf' || (isEmptyContainer(lhs) && isEmptyContainer(rhs));
  if (leaf) {
    if (lhs === undefined) (acc.added ??= new FieldSet()).addMember(pe);
    else if (rhs === undefined) (acc.removed ??= new FieldSet()).addMember(pe);
    else if (!jsonEqual(lhs, rhs)) (acc.modified ??= new FieldSet()).addMember(pe);
    return;
  }
  const inner: Acc = {};
  if (node.kind === 'object') compareObjects(inner, lhs, rhs, node.schema);
  else if (node.kind === 'list') compareLists(inner, lhs, rhs, node.schema);
  if (inner.added !== undefined) (acc.added ??= new FieldSet()).addChild(pe, inner.added);
  if (inner.modified !== undefined) (acc.modified ??= new FieldSet()).addChild(pe, inner.modified);
  if (inner.removed !== undefined) (acc.removed ??= new FieldSet()).addChild(pe, inner.removed);
  if (lhs === undefined) (acc.added ??= new FieldSet()).addMember(pe);
  else if (rhs === undefined) (acc.removed ??= new FieldSet()).addMember(pe);
}

function compareObjects(acc: Acc, lhs: JsonValue | undefined, rhs: JsonValue | undefined, schema: TypeSchema): void {
  const left = isObject(lhs) ? lhs : undefined;
  const right = isObject(rhs) ? rhs : undefined;
  if (left !== undefined) {
    for (const key of Object.keys(left)) {
      const l = left[key];
      if (l === undefined) continue;
      const r = right !== undefined && Object.hasOwn(right, key) ? right[key] : undefined;
      compareChild(acc, fieldElement(key), l, r, childType(schema, key).schema);
    }
  }
  if (right !== undefined) {
    for (const key of Object.keys(right)) {
      const r = right[key];
      if (r === undefined || (left !== undefined && Object.hasOwn(left, key) && left[key] !== undefined)) continue;
      compareChild(acc, fieldElement(key), undefined, r, childType(schema, key).schema);
    }
  }
}

function compareLists(acc: Acc, lhs: JsonValue | undefined, rhs: JsonValue | undefined, schema: ListSchema): void {
  const left = indexItems(schema, Array.isArray(lhs) ? lhs : undefined);
  const right = indexItems(schema, Array.isArray(rhs) ? rhs : undefined);
  for (const pe of right.order) {
    const rItems = right.byKey.get(pe.key) as JsonValue[];
    const lItems = left.byKey.get(pe.key);
    if (rItems.length > 1 || (lItems !== undefined && lItems.length > 1)) {
      // Duplicated items are compared as one opaque value.
      if (lItems === undefined) (acc.added ??= new FieldSet()).addMember(pe);
      else if (!jsonEqual(lItems, rItems)) (acc.modified ??= new FieldSet()).addMember(pe);
      continue;
    }
    compareChild(acc, pe, lItems?.[0], rItems[0], schema.items);
  }
  for (const pe of left.order) {
    if (right.byKey.has(pe.key)) continue;
    const lItems = left.byKey.get(pe.key) as JsonValue[];
    if (lItems.length > 1) (acc.removed ??= new FieldSet()).addMember(pe);
    else compareChild(acc, pe, lItems[0], undefined, schema.items);
  }
}

/** Compares two versions of an object root. */
export function compareObjectsAt(lhs: JsonValue, rhs: JsonValue, schema: TypeSchema): Comparison {
  const acc: Acc = {};
  compareObjects(acc, lhs, rhs, schema);
  return { added: acc.added ?? new FieldSet(), modified: acc.modified ?? new FieldSet(), removed: acc.removed ?? new FieldSet() };
}
