/**
 * The patch builders of strategic merge patch (the diff half of apimachinery's strategicpatch):
 * `CreateThreeWayMergePatch` as client-side apply sends it (with overwrite), and the bare
 * `diffMaps` that `apply --overwrite=false` checks patches against. Lists with the `merge`
 * strategy are diffed item by item by their merge key, with `$setElementOrder`,
 * `$deleteFromPrimitiveList` and `$patch: delete` directives; `retainKeys` fields get a
 * `$retainKeys` list. The port follows the Go code step by step (its sorting and de-duplication
 * quirks included) so that the patches are the ones kubectl would send.
 */
import type { JsonObject, JsonValue } from '../../json-numbers.js';
import { jsonEqual } from '../../json/equal.js';
import { setOwn } from '../../json/own-keys.js';
import { cloneJson, goFormat, isJsonObject } from '../../json/values.js';
import { DELETE_FROM_PRIMITIVE_LIST, DIRECTIVE, RETAIN_KEYS, SET_ELEMENT_ORDER, goKind, internal } from './directives.js';
import { mergeMap } from './merge.js';
import { badArgType, noMergeKey, normalizeSliceOrder } from './order.js';
import type { PatchSchema } from './schema.js';
import { deduplicateScalars, sliceElementKind } from './slices.js';

interface DiffOptions {
  setElementOrder: boolean;
  ignoreChangesAndAdditions: boolean;
  ignoreDeletions: boolean;
  buildRetainKeysDirective: boolean;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Scalars sorted by their `%v` text, as apimachinery's `sortScalars`. */
function sortScalars(list: readonly JsonValue[]): JsonValue[] {
  return [...list].sort((a, b) => compareStrings(goFormat(a), goFormat(b)));
}

/** The merge key value of an item of a list merged by `mergeKey`. */
function mergeKeyValue(item: JsonValue | undefined, mergeKey: string): JsonValue | undefined {
  if (!isJsonObject(item)) throw badArgType('map', item);
  if (!Object.hasOwn(item, mergeKey)) throw noMergeKey(item, mergeKey);
  return item[mergeKey];
}

function replaceIfNotEqual(key: string, original: JsonValue | undefined, modified: JsonValue | undefined, patch: JsonObject, o: DiffOptions): void {
  if (o.ignoreChangesAndAdditions || jsonEqual(original, modified)) return;
  setOwn(patch, key, modified);
}

/**
 * Walks two lists sorted by their elements' `key` text side by side: `same` gets the elements
 * whose keys match, `added` those only in `modified`, `removed` those only in `original`.
 */
function walkSorted(os: readonly JsonValue[], ms: readonly JsonValue[], key: (v: JsonValue) => string, visit: { same(o: JsonValue, m: JsonValue): void; added(m: JsonValue): void; removed(o: JsonValue): void }): void {
  let i = 0;
  let j = 0;
  while (i < os.length || j < ms.length) {
    const oIn = i < os.length;
    const mIn = j < ms.length;
    const oStr = oIn ? key(os[i] as JsonValue) : '';
    const mStr = mIn ? key(ms[j] as JsonValue) : '';
    if (oIn && mIn && oStr === mStr) {
      visit.same(os[i] as JsonValue, ms[j] as JsonValue);
      i++;
      j++;
    } else if (!oIn || (mIn && oStr > mStr)) {
      visit.added(ms[j] as JsonValue);
      j++;
    } else {
      visit.removed(os[i] as JsonValue);
      i++;
    }
  }
}

function diffListsOfScalars(original: readonly JsonValue[], modified: readonly JsonValue[], o: DiffOptions): [JsonValue[], JsonValue[]] {
  const add: JsonValue[] = [];
  const del: JsonValue[] = [];
  walkSorted(sortScalars(original), sortScalars(modified), goFormat, {
    same: () => undefined,
    added: (m) => {
      if (!o.ignoreChangesAndAdditions) add.push(m);
    },
    removed: (d) => {
      if (!o.ignoreDeletions) del.push(d);
    },
  });
  return [add, deduplicateScalars(del)];
}

function sortMapsByMergeKey(list: readonly JsonValue[], mergeKey: string): JsonValue[] {
  if (list.length === 0) return [...list];
  if (sliceElementKind(list) !== 'map') return sortScalars(deduplicateScalars([...list]));
  return [...list].sort((a, b) => compareStrings(goFormat(mergeKeyValue(a, mergeKey)), goFormat(mergeKeyValue(b, mergeKey))));
}

function diffListsOfMaps(original: readonly JsonValue[], modified: readonly JsonValue[], schema: PatchSchema, mergeKey: string, o: DiffOptions): [JsonValue[], JsonValue[]] {
  const patch: JsonValue[] = [];
  const deletions: JsonValue[] = [];
  walkSorted(sortMapsByMergeKey(original, mergeKey), sortMapsByMergeKey(modified, mergeKey), (v) => goFormat(mergeKeyValue(v, mergeKey)), {
    same: (before, after) => {
      const value = diffMaps(before as JsonObject, after as JsonObject, schema, o);
      if (Object.keys(value).length > 0) {
        setOwn(value, mergeKey, mergeKeyValue(after, mergeKey));
        patch.push(value);
      }
    },
    added: (m) => {
      if (!o.ignoreChangesAndAdditions) patch.push(m);
    },
    removed: (gone) => {
      if (o.ignoreDeletions) return;
      const deletion: JsonObject = {};
      setOwn(deletion, mergeKey, mergeKeyValue(gone, mergeKey));
      setOwn(deletion, DIRECTIVE, 'delete');
      deletions.push(deletion);
    },
  });
  return [patch, deletions];
}

function isOrderSame(original: readonly JsonValue[], modified: readonly JsonValue[], mergeKey: string): boolean {
  if (original.length !== modified.length) return false;
  return modified.every((m, i) => mergeKeyValue(original[i], mergeKey) === mergeKeyValue(m, mergeKey));
}

/** The changes of a merged list: the patch list, the deletions of a list of scalars, and the `$setElementOrder` list. */
function diffLists(original: readonly JsonValue[], modified: readonly JsonValue[], schema: PatchSchema, mergeKey: string, o: DiffOptions): [JsonValue[], JsonValue[], JsonValue[]] {
  if (original.length === 0) {
    if (modified.length === 0 || o.ignoreChangesAndAdditions) return [[], [], []];
    return [[...modified], [], []];
  }
  const maps = sliceElementKind(original, modified) === 'map';
  let setOrder: JsonValue[] = [];
  if (maps) {
    const [changes, deletions] = diffListsOfMaps(original, modified, schema, mergeKey, o);
    const patchList = [...normalizeSliceOrder(changes, modified, mergeKey, true), ...deletions];
    const orderSame = isOrderSame(original, modified, mergeKey);
    if (o.setElementOrder && ((!o.ignoreChangesAndAdditions && (patchList.length > 0 || !orderSame)) || (!o.ignoreDeletions && patchList.length > 0))) {
      setOrder = modified.map((v) => {
        const entry: JsonObject = {};
        setOwn(entry, mergeKey, (v as JsonObject)[mergeKey]);
        return entry;
      });
    }
    return [patchList, [], setOrder];
  }
  const [adds, deletions] = diffListsOfScalars(original, modified, o);
  const patchList = normalizeSliceOrder(adds, modified, mergeKey, false);
  if (o.setElementOrder && ((!o.ignoreDeletions && deletions.length > 0) || (!o.ignoreChangesAndAdditions && !jsonEqual(original, modified)))) {
    setOrder = [...modified];
  }
  return [patchList, deletions, setOrder];
}

function diffMaps(original: JsonObject, modified: JsonObject, schema: PatchSchema, o: DiffOptions): JsonObject {
  const patch: JsonObject = {};
  const retainKeys: string[] = [];
  for (const [key, modifiedValue] of Object.entries(modified)) {
    if (o.buildRetainKeysDirective && modifiedValue !== null) retainKeys.push(key);
    if (!Object.hasOwn(original, key)) {
      if (!o.ignoreChangesAndAdditions) setOwn(patch, key, modifiedValue);
      continue;
    }
    const originalValue = original[key];
    if (key === DIRECTIVE) {
      if (typeof originalValue !== 'string' || typeof modifiedValue !== 'string') throw internal(`invalid value for special key: ${DIRECTIVE}`);
      if (originalValue !== modifiedValue) setOwn(patch, DIRECTIVE, modifiedValue);
      continue;
    }
    if (goKind(originalValue) !== goKind(modifiedValue)) {
      if (!o.ignoreChangesAndAdditions) setOwn(patch, key, modifiedValue);
      continue;
    }
    if (isJsonObject(originalValue) && isJsonObject(modifiedValue)) {
      const meta = schema.field(key);
      if (meta.strategy === 'replace') {
        if (!o.ignoreChangesAndAdditions) setOwn(patch, key, modifiedValue);
      } else {
        const value = diffMaps(originalValue, modifiedValue, meta.schema, { ...o, buildRetainKeysDirective: meta.retainKeys });
        if (Object.keys(value).length > 0) setOwn(patch, key, value);
      }
    } else if (Array.isArray(originalValue) && Array.isArray(modifiedValue)) {
      const meta = schema.field(key);
      if (meta.strategy === 'merge') {
        const [add, del, order] = diffLists(originalValue, modifiedValue, meta.schema, meta.mergeKey, { ...o, buildRetainKeysDirective: meta.retainKeys });
        if (add.length > 0) setOwn(patch, key, add);
        if (del.length > 0) setOwn(patch, `${DELETE_FROM_PRIMITIVE_LIST}/${key}`, del);
        if (order.length > 0) setOwn(patch, `${SET_ELEMENT_ORDER}/${key}`, order);
      } else {
        replaceIfNotEqual(key, originalValue, modifiedValue, patch, o);
      }
    } else {
      replaceIfNotEqual(key, originalValue, modifiedValue, patch, o);
    }
  }
  if (!o.ignoreDeletions) {
    for (const key of Object.keys(original)) if (!Object.hasOwn(modified, key)) setOwn(patch, key, null);
  }
  const hasAdditionalField = Object.entries(original).some(([k, v]) => v !== null && !Object.hasOwn(modified, k));
  if (retainKeys.length > 0 && (Object.keys(patch).length > 0 || hasAdditionalField)) setOwn(patch, RETAIN_KEYS, sortScalars(retainKeys));
  return patch;
}

/**
 * apimachinery's `CreateThreeWayMergePatch` (with overwrite): the strategic merge patch that makes
 * `current` (the live object) look like `modified` (the manifest), with the additions and changes
 * taken against `current` and the deletions against `original` (the previous last-applied
 * configuration). Fields set by others (present in `current` only) are left alone. `{}` means
 * there is nothing to change. The arguments are not changed.
 *
 * @throws {@link PatchFailure} when a merged list lacks its merge key or mixes element types.
 */
export function createThreeWayMergePatch(original: JsonObject | undefined, modified: JsonObject, current: JsonObject, schema: PatchSchema): JsonObject {
  const delta = diffMaps(current, modified, schema, { setElementOrder: true, ignoreChangesAndAdditions: false, ignoreDeletions: true, buildRetainKeysDirective: false });
  const deletions = diffMaps(original ?? {}, modified, schema, { setElementOrder: true, ignoreChangesAndAdditions: true, ignoreDeletions: false, buildRetainKeysDirective: false });
  // The halves share values with the arguments; the merge changes what it is given.
  return mergeMap(cloneJson(deletions), cloneJson(delta), schema, { mergeParallelList: false, ignoreUnmatchedNulls: false });
}

/**
 * Everything that changed from `original` to `current` (additions, changes and deletions), as
 * apimachinery's `diffMaps` with no options computes it: what `apply --overwrite=false` checks a
 * patch against.
 */
export function strategicChanges(original: JsonObject, current: JsonObject, schema: PatchSchema): JsonObject {
  return diffMaps(original, current, schema, { setElementOrder: false, ignoreChangesAndAdditions: false, ignoreDeletions: false, buildRetainKeysDirective: false });
}
