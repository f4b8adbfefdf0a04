/** `$setElementOrder/<field>`: merging a list now and ordering it as the directive says. */
import type { JsonObject, JsonValue } from '../../../sdk/types/meta.js';
import type { TypeSchema } from '../../../sdk/types/schema/index.js';
import { PatchError } from '../errors.js';
import { goFormat, isJsonObject, setKey } from '../json-values.js';
import { DIRECTIVE, SET_ELEMENT_ORDER, extractKey, removeDirectives } from './directives.js';
import { badArgType, extractToDeleteItems, goEqual, noMergeKey, normalizeElementOrder, partitionByPresence } from './order.js';
import { lookupPatchMeta } from './schema-lookup.js';
import { mergeSliceHandler, sliceElementKind } from './slices.js';

/** `$setElementOrder/<field>`: merges that field's list now and orders it by the directive. */
export function mergeSetElementOrder(original: JsonObject, patch: JsonObject, schema: TypeSchema): void {
  for (const key of Object.keys(patch)) {
    if (!key.startsWith(SET_ELEMENT_ORDER)) continue;
    const order = patch[key];
    delete patch[key];
    if (!Array.isArray(order)) throw badArgType('slice', order);
    const field = extractKey(key, SET_ELEMENT_ORDER);
    const originalList = original[field];
    const patchList = patch[field];
    const foundOriginal = Object.hasOwn(original, field) && originalList !== undefined;
    const foundPatch = Object.hasOwn(patch, field) && patchList !== undefined;
    if (foundOriginal && !Array.isArray(originalList)) throw badArgType('slice', originalList);
    if (foundPatch && !Array.isArray(patchList)) throw badArgType('slice', patchList);
    const meta = lookupPatchMeta(schema, field);
    validatePatchWithSetOrderList(foundPatch ? (patchList as JsonValue[]) : [], order, meta.mergeKey);
    let merged: JsonValue[];
    if (foundOriginal && !foundPatch) merged = originalList as JsonValue[];
    else if (!foundOriginal && foundPatch) merged = removeDirectives(patchList as JsonValue[]).value as JsonValue[];
    else if (foundOriginal && foundPatch) merged = mergeSliceHandler(originalList as JsonValue[], patchList as JsonValue[], meta.schema, meta.strategy, meta.mergeKey, false);
    else continue;
    const maps = meta.mergeKey !== '';
    const { present, absent } = partitionByPresence(merged, order, meta.mergeKey, maps);
    const originalItems = foundOriginal ? (originalList as JsonValue[]) : [];
    const kind = sliceElementKind(originalItems, foundPatch ? (patchList as JsonValue[]) : []);
    setKey(original, field, normalizeElementOrder(present, absent, order, originalItems, meta.mergeKey, kind === 'map'));
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
    throw PatchError.internal(`The order in patch list:\n${goFormat([...patchList])}\n doesn't match ${SET_ELEMENT_ORDER} list:\n${goFormat([...order])}\n`);
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
