/** `$setElementOrder/<field>`: merging a list now and ordering it as the directive says. */
import type { JsonObject, JsonValue } from '../../json-numbers.js';
import { jsonEqual } from '../../json/equal.js';
import { setOwn } from '../../json/own-keys.js';
import { goFormat, isJsonObject } from '../../json/values.js';
import { DIRECTIVE, ERR_BAD_PATCH_FORMAT_FOR_SET_ELEMENT_ORDER, SET_ELEMENT_ORDER, extractKey, internal, malformed, removeDirectives } from './directives.js';
import type { MergeOptions } from './merge.js';
import { badArgType, extractToDeleteItems, goEqual, noMergeKey, normalizeElementOrder, partitionByPresence } from './order.js';
import type { PatchSchema } from './schema.js';
import { mergeSliceHandler, sliceElementKind } from './slices.js';

/**
 * apimachinery's `mergePatchIntoOriginal`: for each `$setElementOrder/<field>` of the patch, merges
 * that field's list now and orders it by the directive. Merging two patches (without
 * {@link MergeOptions.mergeParallelList}), the directive itself moves to `original`, where it must
 * equal any it already has, and the patch list is not checked against it.
 */
export function mergeSetElementOrder(original: JsonObject, patch: JsonObject, schema: PatchSchema, options: MergeOptions): void {
  for (const key of Object.keys(patch)) {
    if (!key.startsWith(SET_ELEMENT_ORDER)) continue;
    const order = patch[key];
    if (!options.mergeParallelList) {
      if (Object.hasOwn(original, key)) {
        if (!jsonEqual(original[key], order)) throw malformed(ERR_BAD_PATCH_FORMAT_FOR_SET_ELEMENT_ORDER);
      } else {
        setOwn(original, key, order);
      }
    }
    delete patch[key];
    if (!Array.isArray(order)) throw badArgType('slice', order);
    const field = extractKey(key, SET_ELEMENT_ORDER);
    const originalList = original[field];
    const patchList = patch[field];
    const foundOriginal = Object.hasOwn(original, field) && originalList !== undefined;
    const foundPatch = Object.hasOwn(patch, field) && patchList !== undefined;
    if (foundOriginal && !Array.isArray(originalList)) throw badArgType('slice', originalList);
    if (foundPatch && !Array.isArray(patchList)) throw badArgType('slice', patchList);
    const meta = schema.field(field);
    // Merging two patches checks nothing: the client computed both (and lists with duplicate
    // merge keys, which the check refuses, still make a patch).
    if (options.mergeParallelList) validatePatchWithSetOrderList(foundPatch ? (patchList as JsonValue[]) : [], order, meta.mergeKey);
    let merged: JsonValue[];
    if (foundOriginal && !foundPatch) merged = originalList as JsonValue[];
    else if (!foundOriginal && foundPatch) merged = options.mergeParallelList ? (removeDirectives(patchList as JsonValue[]).value as JsonValue[]) : (patchList as JsonValue[]);
    else if (foundOriginal && foundPatch) merged = mergeSliceHandler(originalList, patchList, meta.schema, meta.strategy, meta.mergeKey, false, options);
    else continue;
    const originalItems = foundOriginal ? (originalList as JsonValue[]) : [];
    const patchItems = foundPatch ? (patchList as JsonValue[]) : [];
    if (options.mergeParallelList || originalItems.length + patchItems.length > 0) {
      const maps = meta.mergeKey !== '';
      const { present, absent } = partitionByPresence(merged, order, meta.mergeKey, maps);
      const kind = sliceElementKind(originalItems, patchItems);
      merged = normalizeElementOrder(present, absent, order, originalItems, meta.mergeKey, kind === 'map');
    }
    setOwn(original, field, merged);
    delete patch[field];
  }
}

/** The patch list must list its items in the same relative order as `$setElementOrder`. */
function validatePatchWithSetOrderList(patchList: readonly JsonValue[], order: readonly JsonValue[], mergeKey: string): void {
  if (order.length === 0 || patchList.length === 0) return;
  const items = mergeKey !== '' ? extractToDeleteItems(patchList).keep : [...patchList];
  let p = 0;
  let s = 0;
  while (p < items.length && s < order.length) {
    const item = items[p] as JsonValue;
    if (isJsonObject(item) && Object.hasOwn(item, DIRECTIVE)) {
      p++;
      continue;
    }
    if (mergeKeyValueEqual(item, order[s] as JsonValue, mergeKey)) p++;
    s++;
  }
  if (p < items.length && s >= order.length) {
    throw internal(`The order in patch list:\n${goFormat([...patchList])}\n doesn't match ${SET_ELEMENT_ORDER} list:\n${goFormat([...order])}\n`);
  }
}

function mergeKeyValueEqual(left: JsonValue, right: JsonValue, mergeKey: string): boolean {
  if (mergeKey === '') return goEqual(left, right);
  if (!isJsonObject(left)) throw badArgType('map', left);
  if (!isJsonObject(right)) throw badArgType('map', right);
  if (!Object.hasOwn(left, mergeKey)) throw noMergeKey(left, mergeKey);
  if (!Object.hasOwn(right, mergeKey)) throw noMergeKey(right, mergeKey);
  return goEqual(left[mergeKey], right[mergeKey]);
}
