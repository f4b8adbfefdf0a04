/**
 * Merge of an applied configuration into the live object (structured-merge-diff's `Merge`): the
 * configuration's values win, nothing is removed, granular objects merge key by key, `set`/`map`
 * lists merge item by item. Merged lists keep the live order for items the configuration does not
 * mention and follow the configuration's order for the items it does.
 */
import type { JsonObject, JsonValue } from '../../../sdk/types/meta.js';
import type { ListSchema, TypeSchema } from '../../../sdk/types/schema/index.js';
import { childType } from '../../../sdk/types/schema/index.js';
import { setOwn as setKey } from '../../../machinery/json/own-keys.js';
import { indexItems } from './list-items.js';
import { isEmptyContainer, isObject, resolvePair } from './node.js';

/** Merges `rhs` (configuration) over `lhs` (live); at least one is present. */
export function mergeValues(lhs: JsonValue | undefined, rhs: JsonValue | undefined, schema: TypeSchema): JsonValue {
  if (rhs === undefined) return lhs as JsonValue;
  if (lhs === undefined) return rhs;
  const node = resolvePair(schema, lhs, rhs);
  if (node.kind === 'leaf' || (isEmptyContainer(lhs) && isEmptyContainer(rhs))) return rhs;
  if (node.kind === 'object') return mergeObjects(lhs, rhs, node.schema);
  return mergeLists(lhs, rhs, node.schema);
}

function mergeObjects(lhs: JsonValue, rhs: JsonValue, schema: TypeSchema): JsonObject {
  const left = isObject(lhs) ? lhs : {};
  const right = isObject(rhs) ? rhs : {};
  const out: JsonObject = {};
  for (const key of Object.keys(left)) {
    const l = left[key];
    if (l === undefined) continue;
    const r = Object.hasOwn(right, key) ? right[key] : undefined;
    setKey(out, key, mergeValues(l, r, childType(schema, key).schema));
  }
  for (const key of Object.keys(right)) {
    const r = right[key];
    if (r === undefined || (Object.hasOwn(left, key) && left[key] !== undefined)) continue;
    setKey(out, key, r);
  }
  return out;
}

function mergeLists(lhs: JsonValue, rhs: JsonValue, schema: ListSchema): JsonValue[] {
  const left = indexItems(schema, Array.isArray(lhs) ? lhs : undefined);
  const right = indexItems(schema, Array.isArray(rhs) ? rhs : undefined);
  const out: JsonValue[] = [];
  const emit = (key: string): void => {
    const rItems = right.byKey.get(key);
    const lItems = left.byKey.get(key);
    if (rItems === undefined) {
      out.push(...(lItems ?? []));
    } else if (lItems === undefined || lItems.length > 1 || rItems.length > 1) {
      // Duplicates in the live list are replaced by what the configuration says for that key.
      out.push(...rItems);
    } else {
      out.push(mergeValues(lItems[0], rItems[0], schema.items));
    }
  };
  // The configuration's items that are also live, in configuration order: they are placed in
  // that order, while live-only items keep their place relative to them.
  const shared = right.order.filter((pe) => left.byKey.has(pe.key));
  let nextShared = 0;
  let li = 0;
  let ri = 0;
  while (li < left.order.length || ri < right.order.length) {
    if (li < left.order.length && ri < right.order.length) {
      const lpe = left.order[li]!;
      const rpe = right.order[ri]!;
      if (lpe.key === rpe.key) {
        emit(lpe.key);
        li++;
        ri++;
        nextShared++;
        continue;
      }
      const want = shared[nextShared];
      if (right.byKey.has(lpe.key) && want !== undefined && want.key !== lpe.key) {
        li++;
        continue;
      }
    }
    if (li < left.order.length) {
      const lpe = left.order[li]!;
      if (!right.byKey.has(lpe.key)) {
        emit(lpe.key);
        li++;
        continue;
      }
    }
    if (ri < right.order.length) {
      const rpe = right.order[ri]!;
      emit(rpe.key);
      ri++;
      if (shared[nextShared]?.key === rpe.key) nextShared++;
    }
  }
  // Items without an identity (invalid in a typed list) are kept from the live list.
  return out;
}
