/**
 * The three-way strategic merge patch of client-side apply, as apimachinery's
 * `strategicpatch.CreateThreeWayMergePatch` computes it (with overwrite): the changes from the live
 * object to the new manifest (additions and changes only), plus the deletions from the last-applied
 * configuration to the new manifest, combined. Lists with the `merge` strategy are patched item by
 * item by their merge key with `$setElementOrder`, `$deleteFromPrimitiveList` and `$patch: delete`
 * directives; `retainKeys` fields get a `$retainKeys` list. The port follows the Go code step by
 * step (including its sorting and de-duplication quirks) so that the patches are the ones kubectl
 * would send.
 */
import { InputError } from '../errors.js';
import type { TypeSchema } from '../../machinery/schema/type-schema.js';
import { getOwn, setOwn } from '../../machinery/json/own-keys.js';
import { goPrint, isJsonMap, itemSchema, jsonKind, lookupPatchMeta, type JsonMap } from './patch-meta.js';
import { jsonEqual } from '../../machinery/json/equal.js';

const DIRECTIVE = '$patch';
const RETAIN_KEYS = '$retainKeys';
const DELETE_FROM_PRIMITIVE_LIST = '$deleteFromPrimitiveList';
const SET_ELEMENT_ORDER = '$setElementOrder';

interface DiffOptions {
  setElementOrder: boolean;
  ignoreChangesAndAdditions: boolean;
  ignoreDeletions: boolean;
  buildRetainKeysDirective: boolean;
}

type ElementKind = 'map' | 'scalar';

function patchError(message: string): InputError {
  return new InputError(`unable to compute the strategic merge patch: ${message}`);
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sortScalars(list: unknown[]): unknown[] {
  return [...list].sort((a, b) => compareStrings(goPrint(a), goPrint(b)));
}

/** apimachinery's in-place de-duplication (it moves the last item into each duplicate's slot). */
function deduplicateScalars(input: unknown[]): unknown[] {
  const s = [...input];
  let length = s.length - 1;
  for (let i = 0; i < length; i++) {
    for (let j = i + 1; j <= length; j++) {
      if (s[i] === s[j]) {
        s[j] = s[length];
        s.length = length;
        length--;
        j--;
      }
    }
  }
  return s;
}

function elementKind(...lists: unknown[][]): ElementKind {
  let kind: 'map' | 'list' | string | undefined;
  for (const list of lists) {
    for (const v of list) {
      const k = jsonKind(v);
      if (kind === undefined) {
        if (k === 'list') throw patchError('lists of lists are not supported');
        kind = k;
      } else if (kind !== k) {
        throw patchError('list element types are not identical');
      }
    }
  }
  if (kind === undefined) throw patchError('no elements in any of the given slices');
  return kind === 'map' ? 'map' : 'scalar';
}

function mergeKeyValue(item: unknown, mergeKey: string): unknown {
  if (!isJsonMap(item)) throw patchError(`expected a map in a list merged by "${mergeKey}"`);
  if (!Object.hasOwn(item, mergeKey)) throw patchError(`map: ${JSON.stringify(item)} does not contain declared merge key: ${mergeKey}`);
  return item[mergeKey];
}

function indexIn(list: unknown[], value: unknown, mergeKey: string, kind: ElementKind): number {
  const key = (item: unknown): unknown => (kind === 'map' ? (isJsonMap(item) ? item[mergeKey] : undefined) : item);
  const wanted = key(value);
  return list.findIndex((v) => key(v) === wanted);
}

function normalizeSliceOrder(toSort: unknown[], order: unknown[], mergeKey: string, kind: ElementKind): unknown[] {
  let keep = toSort;
  let toDelete: unknown[] = [];
  if (kind === 'map') {
    for (const item of [...toSort, ...order]) mergeKeyValue(item, mergeKey);
    keep = toSort.filter((v) => !(isJsonMap(v) && v[DIRECTIVE] === 'delete'));
    toDelete = toSort.filter((v) => isJsonMap(v) && v[DIRECTIVE] === 'delete');
  }
  const sorted = keep
    .map((item, i) => ({ item, i, at: indexIn(order, item, mergeKey, kind) }))
    .sort((a, b) => (a.at >= 0 && b.at >= 0 ? a.at - b.at : a.i - b.i))
    .map((x) => x.item);
  return [...sorted, ...toDelete];
}

/** Inserts the server-only items (`left`) among the patch items (`right`) by the live order. */
function mergeSortedSlice(left: unknown[], right: unknown[], serverOrder: unknown[], mergeKey: string, kind: ElementKind): unknown[] {
  const out: unknown[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i >= left.length) out.push(right[j++]);
    else if (j >= right.length) out.push(left[i++]);
    else {
      const li = indexIn(serverOrder, left[i], mergeKey, kind);
      const ri = indexIn(serverOrder, right[j], mergeKey, kind);
      if (li >= 0 && ri >= 0 && li < ri) out.push(left[i++]);
      else out.push(right[j++]);
    }
  }
  return out;
}

function normalizeElementOrder(patch: unknown[], serverOnly: unknown[], patchOrder: unknown[], serverOrder: unknown[], mergeKey: string, kind: ElementKind): unknown[] {
  return mergeSortedSlice(normalizeSliceOrder(serverOnly, serverOrder, mergeKey, kind), normalizeSliceOrder(patch, patchOrder, mergeKey, kind), serverOrder, mergeKey, kind);
}

function partition(items: unknown[], by: unknown[], mergeKey: string): [unknown[], unknown[]] {
  const inPatch: unknown[] = [];
  const serverOnly: unknown[] = [];
  if (mergeKey === '') {
    for (const v of items) (by.includes(v) ? inPatch : serverOnly).push(v);
  } else {
    for (const v of items) {
      const value = mergeKeyValue(v, mergeKey);
      (by.some((b) => isJsonMap(b) && b[mergeKey] === value) ? inPatch : serverOnly).push(v);
    }
  }
  return [inPatch, serverOnly];
}

// ---- diff ---------------------------------------------------------------------------------

function replaceIfNotEqual(key: string, original: unknown, modified: unknown, patch: JsonMap, o: DiffOptions): void {
  if (o.ignoreChangesAndAdditions || jsonEqual(original, modified)) return;
  setOwn(patch, key, modified);
}

function diffListsOfScalars(original: unknown[], modified: unknown[], o: DiffOptions): [unknown[], unknown[]] {
  const os = sortScalars(original);
  const ms = sortScalars(modified);
  const add: unknown[] = [];
  const del: unknown[] = [];
  let i = 0;
  let j = 0;
  while (i < os.length || j < ms.length) {
    const oIn = i < os.length;
    const mIn = j < ms.length;
    const oStr = oIn ? goPrint(os[i]) : '';
    const mStr = mIn ? goPrint(ms[j]) : '';
    if (oIn && mIn && oStr === mStr) {
      i++;
      j++;
    } else if (!oIn || (mIn && oStr > mStr)) {
      if (!o.ignoreChangesAndAdditions) add.push(ms[j]);
      j++;
    } else {
      if (!o.ignoreDeletions) del.push(os[i]);
      i++;
    }
  }
  return [add, deduplicateScalars(del)];
}

function sortMapsByMergeKey(list: unknown[], mergeKey: string): unknown[] {
  if (list.length === 0) return list;
  if (elementKind(list) !== 'map') return sortScalars(deduplicateScalars(list));
  return [...list].sort((a, b) => compareStrings(goPrint(mergeKeyValue(a, mergeKey)), goPrint(mergeKeyValue(b, mergeKey))));
}

function diffListsOfMaps(original: unknown[], modified: unknown[], schema: TypeSchema | undefined, mergeKey: string, o: DiffOptions): [unknown[], unknown[]] {
  const patch: unknown[] = [];
  const deletions: unknown[] = [];
  const os = sortMapsByMergeKey(original, mergeKey);
  const ms = sortMapsByMergeKey(modified, mergeKey);
  let i = 0;
  let j = 0;
  while (i < os.length || j < ms.length) {
    const oIn = i < os.length;
    const mIn = j < ms.length;
    const oKey = oIn ? mergeKeyValue(os[i], mergeKey) : undefined;
    const mKey = mIn ? mergeKeyValue(ms[j], mergeKey) : undefined;
    const oStr = oIn ? goPrint(oKey) : '';
    const mStr = mIn ? goPrint(mKey) : '';
    if (oIn && mIn && oStr === mStr) {
      const value = diffMaps(os[i] as JsonMap, ms[j] as JsonMap, schema, o);
      if (Object.keys(value).length > 0) {
        setOwn(value, mergeKey, mKey);
        patch.push(value);
      }
      i++;
      j++;
    } else if (!oIn || (mIn && oStr > mStr)) {
      if (!o.ignoreChangesAndAdditions) patch.push(ms[j]);
      j++;
    } else {
      if (!o.ignoreDeletions) deletions.push({ [mergeKey]: oKey, [DIRECTIVE]: 'delete' });
      i++;
    }
  }
  return [patch, deletions];
}

function isOrderSame(original: unknown[], modified: unknown[], mergeKey: string): boolean {
  if (original.length !== modified.length) return false;
  return modified.every((m, i) => mergeKeyValue(original[i], mergeKey) === mergeKeyValue(m, mergeKey));
}

function diffLists(original: unknown[], modified: unknown[], schema: TypeSchema | undefined, mergeKey: string, o: DiffOptions): [unknown[], unknown[], unknown[]] {
  if (original.length === 0) {
    if (modified.length === 0 || o.ignoreChangesAndAdditions) return [[], [], []];
    return [modified, [], []];
  }
  const kind = elementKind(original, modified);
  let setOrder: unknown[] = [];
  if (kind === 'map') {
    const [changes, deletions] = diffListsOfMaps(original, modified, schema, mergeKey, o);
    const patchList = [...normalizeSliceOrder(changes, modified, mergeKey, kind), ...deletions];
    const orderSame = isOrderSame(original, modified, mergeKey);
    if (o.setElementOrder && ((!o.ignoreChangesAndAdditions && (patchList.length > 0 || !orderSame)) || (!o.ignoreDeletions && patchList.length > 0))) {
      setOrder = modified.map((v) => ({ [mergeKey]: (v as JsonMap)[mergeKey] }));
    }
    return [patchList, [], setOrder];
  }
  const [adds, deletions] = diffListsOfScalars(original, modified, o);
  const patchList = normalizeSliceOrder(adds, modified, mergeKey, kind);
  if (o.setElementOrder && ((!o.ignoreDeletions && deletions.length > 0) || (!o.ignoreChangesAndAdditions && !jsonEqual(original, modified)))) {
    setOrder = modified;
  }
  return [patchList, deletions, setOrder];
}

function diffMaps(original: JsonMap, modified: JsonMap, schema: TypeSchema | undefined, o: DiffOptions): JsonMap {
  const patch: JsonMap = {};
  const retainKeys: string[] = [];
  for (const [key, modifiedValue] of Object.entries(modified)) {
    if (o.buildRetainKeysDirective && modifiedValue !== null) retainKeys.push(key);
    if (!Object.hasOwn(original, key)) {
      if (!o.ignoreChangesAndAdditions) setOwn(patch, key, modifiedValue);
      continue;
    }
    const originalValue = original[key];
    if (key === DIRECTIVE) {
      if (typeof originalValue !== 'string' || typeof modifiedValue !== 'string') throw patchError(`invalid value for special key: ${DIRECTIVE}`);
      if (originalValue !== modifiedValue) setOwn(patch, DIRECTIVE, modifiedValue);
      continue;
    }
    if (jsonKind(originalValue) !== jsonKind(modifiedValue)) {
      if (!o.ignoreChangesAndAdditions) setOwn(patch, key, modifiedValue);
      continue;
    }
    if (isJsonMap(originalValue) && isJsonMap(modifiedValue)) {
      const meta = lookupPatchMeta(schema, key);
      if (meta.strategy === 'replace') {
        if (!o.ignoreChangesAndAdditions) setOwn(patch, key, modifiedValue);
      } else {
        const value = diffMaps(originalValue, modifiedValue, meta.schema, { ...o, buildRetainKeysDirective: meta.retainKeys });
        if (Object.keys(value).length > 0) setOwn(patch, key, value);
      }
    } else if (Array.isArray(originalValue) && Array.isArray(modifiedValue)) {
      const meta = lookupPatchMeta(schema, key);
      if (meta.strategy === 'merge') {
        const [add, del, order] = diffLists(originalValue, modifiedValue, itemSchema(meta.schema), meta.mergeKey, { ...o, buildRetainKeysDirective: meta.retainKeys });
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

// ---- merge of the two partial patches (MergeParallelList and IgnoreUnmatchedNulls off) -----

function mergeSlice(original: unknown[], patch: unknown[], schema: TypeSchema | undefined, mergeKey: string): unknown[] {
  if (original.length === 0 && patch.length === 0) return original;
  const kind = elementKind(original, patch);
  let merged: unknown[];
  let base = original;
  let items = patch;
  if (kind !== 'map') {
    merged = deduplicateScalars([...original, ...patch]);
  } else {
    if (mergeKey === '') throw patchError('cannot merge lists without merge key');
    const plain: unknown[] = [];
    let replace = false;
    for (const v of patch) {
      const m = v as JsonMap;
      if (!Object.hasOwn(m, DIRECTIVE)) plain.push(v);
      else if (m[DIRECTIVE] === 'delete') {
        const value = mergeKeyValue(m, mergeKey);
        base = base.filter((b) => !(isJsonMap(b) && b[mergeKey] === value));
      } else if (m[DIRECTIVE] === 'replace') replace = true;
      else throw patchError(`invalid patch type ${goPrint(m[DIRECTIVE])}`);
    }
    if (replace) {
      base = plain;
      items = [];
    } else {
      items = plain;
    }
    merged = [...base];
    for (const v of items) {
      const value = mergeKeyValue(v, mergeKey);
      const at = merged.findIndex((b) => isJsonMap(b) && b[mergeKey] === value);
      if (at >= 0) merged[at] = mergeMap(merged[at] as JsonMap, v as JsonMap, schema);
      else merged.push(v);
    }
  }
  const [inPatch, serverOnly] = partition(merged, items, kind === 'map' ? mergeKey : '');
  return normalizeElementOrder(inPatch, serverOnly, items, base, mergeKey, kind);
}

function mergePatchIntoOriginal(original: JsonMap, patch: JsonMap, schema: TypeSchema | undefined): void {
  for (const key of Object.keys(patch)) {
    if (!key.startsWith(SET_ELEMENT_ORDER)) continue;
    const order = patch[key];
    if (Object.hasOwn(original, key)) {
      if (!jsonEqual(original[key], order)) throw patchError('invalid patch: the $setElementOrder lists differ');
    } else {
      setOwn(original, key, order);
    }
    delete patch[key];
    if (!Array.isArray(order)) throw patchError('invalid $setElementOrder list');
    const field = key.slice(SET_ELEMENT_ORDER.length + 1);
    const meta = lookupPatchMeta(schema, field);
    const originalList = getOwn(original, field);
    const patchList = getOwn(patch, field);
    const foundOriginal = Array.isArray(originalList);
    const foundPatch = Array.isArray(patchList);
    let merged: unknown[];
    if (foundOriginal && !foundPatch) merged = originalList;
    else if (!foundOriginal && foundPatch) merged = patchList;
    else if (foundOriginal && foundPatch) merged = meta.strategy === 'merge' ? mergeSlice(originalList, patchList, itemSchema(meta.schema), meta.mergeKey) : patchList;
    else continue;
    const both = [...(foundOriginal ? originalList : []), ...(foundPatch ? patchList : [])];
    if (both.length > 0) {
      const kind = elementKind(both);
      const [inPatch, serverOnly] = partition(merged, order, meta.mergeKey);
      merged = normalizeElementOrder(inPatch, serverOnly, order, foundOriginal ? originalList : [], meta.mergeKey, kind);
    }
    setOwn(original, field, merged);
    delete patch[field];
  }
}

function mergeMap(original: JsonMap, patch: JsonMap, schema: TypeSchema | undefined): JsonMap {
  if (Object.hasOwn(patch, DIRECTIVE)) {
    const directive = patch[DIRECTIVE];
    if (directive === 'replace') {
      const out = { ...patch };
      delete out[DIRECTIVE];
      return out;
    }
    if (directive === 'delete') return {};
    throw patchError(`invalid patch type ${goPrint(directive)}`);
  }
  const out: JsonMap = { ...original };
  const rest: JsonMap = { ...patch };
  if (Object.hasOwn(rest, RETAIN_KEYS)) {
    const retain = rest[RETAIN_KEYS];
    delete rest[RETAIN_KEYS];
    if (Object.hasOwn(out, RETAIN_KEYS)) {
      if (!jsonEqual(out[RETAIN_KEYS], retain)) throw patchError('the $retainKeys lists of the two patches differ');
    } else {
      setOwn(out, RETAIN_KEYS, retain);
    }
  }
  mergePatchIntoOriginal(out, rest, schema);
  for (const [key, patchValue] of Object.entries(rest)) {
    if (key.startsWith(DELETE_FROM_PRIMITIVE_LIST)) {
      setOwn(out, key, patchValue);
      continue;
    }
    if (patchValue === null) delete out[key];
    if (!Object.hasOwn(out, key)) {
      setOwn(out, key, patchValue);
      continue;
    }
    const current = out[key];
    if (jsonKind(current) !== jsonKind(patchValue)) {
      setOwn(out, key, patchValue);
      continue;
    }
    const meta = lookupPatchMeta(schema, key);
    if (isJsonMap(current) && isJsonMap(patchValue)) {
      setOwn(out, key, meta.strategy === 'replace' ? patchValue : mergeMap(current, patchValue, meta.schema));
    } else if (Array.isArray(current) && Array.isArray(patchValue)) {
      setOwn(out, key, meta.strategy === 'merge' ? mergeSlice(current, patchValue, itemSchema(meta.schema), meta.mergeKey) : patchValue);
    } else {
      setOwn(out, key, patchValue);
    }
  }
  return out;
}

/**
 * The strategic merge patch that client-side apply sends: it makes `current` (the live object)
 * look like `modified` (the manifest with its last-applied annotation), and removes what was in
 * `original` (the previous last-applied configuration) but is no longer in `modified`. Fields set
 * by others (present in `current` only) are left alone. `schema` is the kind's type schema (merge
 * keys and strategies); `{}` means there is nothing to change.
 *
 * @throws {@link InputError} when a merged list lacks its merge key or mixes element types.
 */
export function createThreeWayStrategicMergePatch(original: JsonMap | undefined, modified: JsonMap, current: JsonMap, schema: TypeSchema | undefined): JsonMap {
  const delta = diffMaps(current, modified, schema, { setElementOrder: true, ignoreChangesAndAdditions: false, ignoreDeletions: true, buildRetainKeysDirective: false });
  const deletions = diffMaps(original ?? {}, modified, schema, { setElementOrder: true, ignoreChangesAndAdditions: true, ignoreDeletions: false, buildRetainKeysDirective: false });
  return mergeMap(deletions, delta, schema);
}

/**
 * Everything that changed from `original` to `current` (additions, changes and deletions), as
 * apimachinery's `diffMaps` with no options computes it: what `--overwrite=false` checks a patch
 * against.
 */
export function strategicChanges(original: JsonMap, current: JsonMap, schema: TypeSchema | undefined): JsonMap {
  return diffMaps(original, current, schema, { setElementOrder: false, ignoreChangesAndAdditions: false, ignoreDeletions: false, buildRetainKeysDirective: false });
}
