/**
 * Element order of merged lists (apimachinery's "preserve order in strategic merge patch"):
 * `$setElementOrder` first, then the order of the patch list, then the order of the live list.
 */
import { isBigInt, type JsonObject, type JsonValue } from '../../json-numbers.js';
import { goFormat, isJsonObject } from '../../json/values.js';
import { PatchFailure } from '../errors.js';

/** Go's `==` on decoded JSON values as apimachinery compares scalars and merge-key values. */
export function goEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  return a === b || (a === undefined && b === null) || (a === null && b === undefined);
}

export function noMergeKey(item: JsonObject, key: string): PatchFailure {
  return new PatchFailure('internal', `map: ${goFormat(item)} does not contain declared merge key: ${key}`);
}

export function badArgType(expected: string, actual: JsonValue | undefined): PatchFailure {
  const kind = actual === undefined || actual === null ? 'invalid' : Array.isArray(actual) ? 'slice' : typeof actual === 'object' ? 'map' : typeof actual === 'number' ? 'float64' : isBigInt(actual) ? 'int64' : typeof actual;
  return new PatchFailure('internal', `expected a ${expected}, but received a ${kind}`);
}

/** The value items are identified by: the merge key of a map, the item itself otherwise. */
function identity(item: JsonValue, mergeKey: string, maps: boolean): JsonValue | undefined {
  if (!maps) return item;
  return isJsonObject(item) ? item[mergeKey] : undefined;
}

/** Position of each identity in `list` (first occurrence), for O(1) look-ups in the sorts below. */
class OrderIndex {
  private readonly scalars = new Map<unknown, number>();
  constructor(list: readonly JsonValue[], private readonly mergeKey: string, private readonly maps: boolean) {
    list.forEach((item, index) => {
      const id = identity(item, mergeKey, maps);
      // Objects and arrays never compare equal with Go's == on interfaces holding maps; skip them.
      if (id !== undefined && (id === null || typeof id !== 'object') && !this.scalars.has(id)) this.scalars.set(id, index);
    });
  }
  indexOf(item: JsonValue): number {
    const id = identity(item, this.mergeKey, this.maps);
    if (id === undefined || (id !== null && typeof id === 'object')) return -1;
    return this.scalars.get(id) ?? -1;
  }
}

/** Splits items carrying `$patch: delete` from the others. */
export function extractToDeleteItems(list: readonly JsonValue[]): { keep: JsonValue[]; remove: JsonValue[] } {
  const keep: JsonValue[] = [];
  const remove: JsonValue[] = [];
  for (const item of list) {
    if (!isJsonObject(item)) throw badArgType('map', item);
    if (item.$patch === 'delete') remove.push(item);
    else keep.push(item);
  }
  return { keep, remove };
}

function validateMergeKeys(mergeKey: string, ...lists: (readonly JsonValue[])[]): void {
  for (const list of lists) {
    for (const item of list) {
      if (!isJsonObject(item)) throw badArgType('map', item);
      if (!Object.hasOwn(item, mergeKey)) throw noMergeKey(item, mergeKey);
    }
  }
}

/** Sorts `toSort` by the positions of its items in `order` (stable; unknown items keep their place). */
export function normalizeSliceOrder(toSort: JsonValue[], order: readonly JsonValue[], mergeKey: string, maps: boolean): JsonValue[] {
  let deletions: JsonValue[] = [];
  let items = toSort;
  if (maps) {
    validateMergeKeys(mergeKey, toSort, order);
    const split = extractToDeleteItems(toSort);
    items = split.keep;
    deletions = split.remove;
  }
  const index = new OrderIndex(order, mergeKey, maps);
  const keyed = items.map((item, position) => ({ item, position, rank: index.indexOf(item) }));
  keyed.sort((a, b) => (a.rank >= 0 && b.rank >= 0 ? a.rank - b.rank : a.position - b.position));
  return [...keyed.map((entry) => entry.item), ...deletions];
}

/**
 * Interleaves server-only items (`left`) into the patch items (`right`): a server-only item goes
 * before a patch item only when both are in the live list and it came first there.
 */
function mergeSortedSlice(left: JsonValue[], right: JsonValue[], serverOrder: readonly JsonValue[], mergeKey: string, maps: boolean): JsonValue[] {
  const index = new OrderIndex(serverOrder, mergeKey, maps);
  const out: JsonValue[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i >= left.length) out.push(right[j++] as JsonValue);
    else if (j >= right.length) out.push(left[i++] as JsonValue);
    else {
      const li = index.indexOf(left[i] as JsonValue);
      const ri = index.indexOf(right[j] as JsonValue);
      if (li >= 0 && ri >= 0 && li < ri) out.push(left[i++] as JsonValue);
      else out.push(right[j++] as JsonValue);
    }
  }
  return out;
}

/** Sorts the patch items by `patchOrder`, the server-only items by `serverOrder`, and merges them. */
export function normalizeElementOrder(patch: JsonValue[], serverOnly: JsonValue[], patchOrder: readonly JsonValue[], serverOrder: readonly JsonValue[], mergeKey: string, maps: boolean): JsonValue[] {
  const sortedPatch = normalizeSliceOrder(patch, patchOrder, mergeKey, maps);
  const sortedServer = normalizeSliceOrder(serverOnly, serverOrder, mergeKey, maps);
  return mergeSortedSlice(sortedServer, sortedPatch, serverOrder, mergeKey, maps);
}

/** Splits `list` into the items present in `partitionBy` and the others. */
export function partitionByPresence(list: readonly JsonValue[], partitionBy: readonly JsonValue[], mergeKey: string, maps: boolean): { present: JsonValue[]; absent: JsonValue[] } {
  const present: JsonValue[] = [];
  const absent: JsonValue[] = [];
  if (maps) {
    const keys = new Set<unknown>();
    for (const item of partitionBy) if (isJsonObject(item)) keys.add(item[mergeKey]);
    for (const item of list) {
      if (!isJsonObject(item)) throw badArgType('map', item);
      if (!Object.hasOwn(item, mergeKey)) throw noMergeKey(item, mergeKey);
      const value = item[mergeKey];
      if (value !== null && typeof value === 'object') absent.push(item);
      else if (keys.has(value)) present.push(item);
      else absent.push(item);
    }
  } else {
    const values = new Set<unknown>(partitionBy.filter((item) => item === null || typeof item !== 'object'));
    for (const item of list) (values.has(item) ? present : absent).push(item);
  }
  return { present, absent };
}
