/** Merging lists: scalars de-duplicated, maps merged by merge key, `$patch` items, element order. */
import type { JsonObject, JsonValue } from '../../json-numbers.js';
import { goFormat, isJsonObject } from '../../json/values.js';
import { PatchFailure } from '../errors.js';
import { DIRECTIVE, ERR_NO_LIST_OF_LISTS, badPatchType, goKind, internal } from './directives.js';
import { mergeMap, type MergeOptions } from './merge.js';
import { badArgType, goEqual, noMergeKey, normalizeElementOrder, partitionByPresence } from './order.js';
import type { PatchSchema } from './schema.js';

/** The common element type of the lists (an error for mixed types or lists of lists). */
export function sliceElementKind(...lists: (readonly JsonValue[])[]): string {
  let kind: string | undefined;
  for (const list of lists) {
    for (const item of list) {
      const current = goKind(item);
      if (kind === undefined) {
        kind = current;
        if (kind === 'slice') throw new PatchFailure('not-applicable', ERR_NO_LIST_OF_LISTS);
      } else if (kind !== current) {
        throw internal(`list element types are not identical: ${lists.map((l) => goFormat([...l])).join(' ')}`);
      }
    }
  }
  if (kind === undefined) throw internal('no elements in any of the given slices');
  return kind;
}

/** apimachinery's in-place de-duplication of scalars (it moves the last item into each duplicate's slot). */
export function deduplicateScalars(list: JsonValue[]): JsonValue[] {
  let length = list.length - 1;
  for (let i = 0; i < length; i++) {
    for (let j = i + 1; j <= length; j++) {
      if (goEqual(list[i], list[j])) {
        list[j] = list[length] as JsonValue;
        list.length = length;
        length--;
        j--;
      }
    }
  }
  return list;
}

function deleteFromSlice(current: readonly JsonValue[], toDelete: readonly JsonValue[]): JsonValue[] {
  const remove = new Set<unknown>(toDelete.filter((item) => item === null || typeof item !== 'object'));
  return current.filter((item) => !remove.has(item));
}

/** Index of the first map in `list` whose `key` equals `value`, or -1. */
function findByKey(list: readonly JsonValue[], key: string, value: JsonValue | undefined): number {
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (!isJsonObject(item)) throw internal(`value for key ${i} is not a map.`);
    if (Object.hasOwn(item, key) && goEqual(item[key], value)) return i;
  }
  return -1;
}

/** Handles `$patch` items in a list of maps: deletions apply to the original, `replace` drops it. */
function mergeSliceWithSpecialElements(original: JsonValue[], patch: readonly JsonValue[], mergeKey: string): { original: JsonValue[]; patch: JsonValue[] } {
  const plain: JsonValue[] = [];
  let replace = false;
  let current = original;
  for (const item of patch) {
    if (!isJsonObject(item)) throw badArgType('map', item);
    if (!Object.hasOwn(item, DIRECTIVE)) {
      plain.push(item);
      continue;
    }
    const directive = item[DIRECTIVE];
    if (directive === 'delete') {
      if (!Object.hasOwn(item, mergeKey)) throw noMergeKey(item, mergeKey);
      const value = item[mergeKey];
      current = current.filter((candidate) => !(isJsonObject(candidate) && Object.hasOwn(candidate, mergeKey) && goEqual(candidate[mergeKey], value)));
    } else if (directive === 'replace') {
      replace = true;
    } else if (directive === 'merge') {
      throw internal('merging lists cannot yet be specified in the patch');
    } else {
      throw badPatchType(directive, item);
    }
  }
  return replace ? { original: plain, patch: [] } : { original: current, patch: plain };
}

function mergeSliceWithoutSpecialElements(original: JsonValue[], patch: readonly JsonValue[], mergeKey: string, schema: PatchSchema, options: MergeOptions): JsonValue[] {
  // Index the original by merge key so that long lists merge in linear time.
  const positions = new Map<unknown, number>();
  original.forEach((item, index) => {
    if (!isJsonObject(item)) throw internal(`value for key ${index} is not a map.`);
    if (Object.hasOwn(item, mergeKey)) {
      const value = item[mergeKey];
      if ((value === null || typeof value !== 'object') && !positions.has(value)) positions.set(value, index);
    }
  });
  for (const item of patch) {
    if (!isJsonObject(item)) throw badArgType('map', item);
    if (!Object.hasOwn(item, mergeKey)) throw noMergeKey(item, mergeKey);
    const value = item[mergeKey];
    const at = value === null || typeof value !== 'object' ? positions.get(value) ?? -1 : findByKey(original, mergeKey, value);
    if (at >= 0) {
      original[at] = mergeMap(original[at] as JsonObject, item, schema, options);
    } else {
      if (value === null || typeof value !== 'object') positions.set(value, original.length);
      original.push(item);
    }
  }
  return original;
}

function mergeSlice(original: JsonValue[], patch: JsonValue[], schema: PatchSchema, mergeKey: string, isDeleteList: boolean, options: MergeOptions): JsonValue[] {
  if (original.length === 0 && patch.length === 0) return original;
  const kind = sliceElementKind(original, patch);
  const maps = kind === 'map';
  let merged: JsonValue[];
  let patchItems = patch;
  let base = original;
  if (!maps) {
    if (options.mergeParallelList && isDeleteList) return deleteFromSlice(original, patch);
    merged = deduplicateScalars([...original, ...patch]);
  } else {
    if (mergeKey === '') throw internal('cannot merge lists without merge key for type map');
    const special = mergeSliceWithSpecialElements(original, patch, mergeKey);
    base = special.original;
    patchItems = special.patch;
    merged = mergeSliceWithoutSpecialElements([...base], patchItems, mergeKey, schema, options);
  }
  const key = maps ? mergeKey : '';
  const { present, absent } = partitionByPresence(merged, patchItems, key, maps);
  return normalizeElementOrder(present, absent, patchItems, base, key, maps);
}

/** Merges list `patch` into list `original` when the field's strategy is `merge` (or it is a deletion list); else the patch replaces it. */
export function mergeSliceHandler(original: JsonValue | undefined, patch: JsonValue | undefined, schema: PatchSchema, strategy: string, mergeKey: string, isDeleteList: boolean, options: MergeOptions): JsonValue[] {
  if (!Array.isArray(original) || !Array.isArray(patch)) throw badArgType('slice', Array.isArray(original) ? patch : original);
  if (strategy === 'merge' || isDeleteList) return mergeSlice(original, patch, schema, mergeKey, isDeleteList, options);
  return patch;
}
