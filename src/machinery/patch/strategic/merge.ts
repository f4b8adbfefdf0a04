/**
 * The merge of strategic merge patch, apimachinery's `mergeMap`: maps merge recursively, lists
 * merge by their merge key when the type says `patchStrategy: merge` and are replaced otherwise,
 * `null` deletes, and the directives `$patch` (delete / replace / merge), `$retainKeys`,
 * `$deleteFromPrimitiveList/<field>` and `$setElementOrder/<field>` work as on a Kubernetes API
 * server. The same merge combines the two halves of a three-way patch (see {@link MergeOptions}).
 *
 * The functions here change their (already copied) arguments, as the Go code does.
 */
import type { JsonObject, JsonValue } from '../../json-numbers.js';
import { jsonEqual } from '../../json/equal.js';
import { getOwn, setOwn } from '../../json/own-keys.js';
import { goFormat } from '../../json/values.js';
import {
  DELETE_FROM_PRIMITIVE_LIST, DIRECTIVE, ERR_BAD_PATCH_FORMAT_FOR_RETAIN_KEYS, RETAIN_KEYS, SET_ELEMENT_ORDER,
  discardNullValues, extractKey, goKind, handleDirectiveInMergeMap, internal, malformed, removeDirectives,
} from './directives.js';
import type { PatchSchema } from './schema.js';
import { mergeSetElementOrder } from './set-element-order.js';
import { mergeSliceHandler } from './slices.js';

/**
 * apimachinery's `MergeOptions`. Applying a patch to an object (the API server) sets both; merging
 * two patches into one (the three-way patch of client-side apply) sets neither, so that the result
 * is still a patch: directives, deletion lists and `null`s carry over into it.
 */
export interface MergeOptions {
  /** Apply `$deleteFromPrimitiveList`, `$setElementOrder` and `$retainKeys` instead of carrying them over. */
  mergeParallelList: boolean;
  /** A `null` for a key the original lacks is dropped instead of kept. */
  ignoreUnmatchedNulls: boolean;
}

/** `$retainKeys`: keys of the original missing from the list are cleared; the patch may only set listed keys. */
function applyRetainKeys(original: JsonObject, patch: JsonObject, options: MergeOptions): void {
  if (!Object.hasOwn(patch, RETAIN_KEYS)) return;
  const list = patch[RETAIN_KEYS];
  delete patch[RETAIN_KEYS];
  if (!options.mergeParallelList) {
    // Both are patches: the lists must agree, and the result carries the one list.
    if (!Object.hasOwn(original, RETAIN_KEYS)) setOwn(original, RETAIN_KEYS, list);
    else if (!jsonEqual(original[RETAIN_KEYS], list)) throw internal(`${goFormat(original[RETAIN_KEYS])} and ${goFormat(list)} are not deep equal: this may happen when calculating the 3-way diff patch`);
    return;
  }
  if (!Array.isArray(list)) throw malformed(ERR_BAD_PATCH_FORMAT_FOR_RETAIN_KEYS);
  const retained = new Set<unknown>(list);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined || key.startsWith(DELETE_FROM_PRIMITIVE_LIST) || key.startsWith(SET_ELEMENT_ORDER)) continue;
    if (!retained.has(key)) throw malformed(ERR_BAD_PATCH_FORMAT_FOR_RETAIN_KEYS);
  }
  for (const key of Object.keys(original)) if (!retained.has(key)) delete original[key];
}

/** A value the original lacks (or holds with another type) is taken from the patch. */
function takePatchValue(original: JsonObject, key: string, value: JsonValue, options: MergeOptions): void {
  if (!options.mergeParallelList) {
    setOwn(original, key, value);
    return;
  }
  if (options.ignoreUnmatchedNulls) discardNullValues(value);
  const cleaned = removeDirectives(value);
  if (cleaned.keep) setOwn(original, key, cleaned.value);
  else delete original[key];
}

/** Merges `patch` into `original` (both objects, both changed) following `schema`; returns the result. */
export function mergeMap(original: JsonObject | null, patch: JsonObject, schema: PatchSchema, options: MergeOptions): JsonObject {
  if (Object.hasOwn(patch, DIRECTIVE)) return handleDirectiveInMergeMap(patch[DIRECTIVE], patch);
  const target = original ?? {};
  applyRetainKeys(target, patch, options);
  mergeSetElementOrder(target, patch, schema, options);
  // Applying, plain keys go first, then the deletion lists, so a patch that both adds and deletes
  // is deterministic; merging two patches keeps the patch's order of keys.
  const keys = Object.keys(patch);
  const ordered = options.mergeParallelList ? [...keys.filter((k) => !k.startsWith(DELETE_FROM_PRIMITIVE_LIST)), ...keys.filter((k) => k.startsWith(DELETE_FROM_PRIMITIVE_LIST))] : keys;
  for (const rawKey of ordered) {
    const patchValue = patch[rawKey];
    if (patchValue === undefined) continue;
    const isDeleteList = rawKey.startsWith(DELETE_FROM_PRIMITIVE_LIST);
    if (isDeleteList && !options.mergeParallelList) {
      // Merging two patches: the deletion list carries over as it is.
      setOwn(target, rawKey, patchValue);
      continue;
    }
    const key = isDeleteList ? extractKey(rawKey, DELETE_FROM_PRIMITIVE_LIST) : rawKey;
    if (patchValue === null) {
      delete target[key];
      if (options.ignoreUnmatchedNulls) continue;
    }
    const current = getOwn(target, key);
    if (current === undefined) {
      if (!isDeleteList) takePatchValue(target, key, patchValue, options);
      continue;
    }
    const kind = goKind(current);
    if (kind !== goKind(patchValue)) {
      if (!isDeleteList) takePatchValue(target, key, patchValue, options);
      continue;
    }
    const meta = schema.field(key);
    if (kind === 'map') {
      setOwn(target, key, meta.strategy === 'replace' ? patchValue : mergeMap(current as JsonObject, patchValue as JsonObject, meta.schema, options));
    } else if (kind === 'slice') {
      setOwn(target, key, mergeSliceHandler(current, patchValue, meta.schema, meta.strategy, meta.mergeKey, isDeleteList, options));
    } else {
      setOwn(target, key, patchValue);
    }
  }
  return target;
}
