/**
 * Strategic merge patch (`application/strategic-merge-patch+json`), the apply half of apimachinery's
 * strategicpatch package: maps merge recursively, lists merge by their merge key when the type says
 * `patchStrategy: merge` and are replaced otherwise, `null` deletes, and the directives `$patch`
 * (delete / replace / merge), `$retainKeys`, `$deleteFromPrimitiveList/<field>` and
 * `$setElementOrder/<field>` work as on a Kubernetes API server.
 *
 * The functions here mutate their (already copied) arguments, as the Go code does.
 */
import type { JsonObject, JsonValue } from '../../../sdk/types/meta.js';
import type { TypeSchema } from '../../../sdk/types/schema/index.js';
import { setKey } from '../json-values.js';
import { DELETE_FROM_PRIMITIVE_LIST, DIRECTIVE, applyRetainKeys, discardNullValues, extractKey, goKind, handleDirectiveInMergeMap, removeDirectives } from './directives.js';
import { lookupPatchMeta } from './schema-lookup.js';
import { mergeSetElementOrder } from './set-element-order.js';
import { mergeSliceHandler } from './slices.js';

function takePatchValue(original: JsonObject, key: string, value: JsonValue): void {
  discardNullValues(value);
  const cleaned = removeDirectives(value);
  if (cleaned.keep) setKey(original, key, cleaned.value);
  else delete original[key];
}

/** Merges `patch` into `original` (both objects) following `schema`. */
export function mergeMap(original: JsonObject | null, patch: JsonObject, schema: TypeSchema): JsonObject {
  if (Object.hasOwn(patch, DIRECTIVE)) return handleDirectiveInMergeMap(patch[DIRECTIVE], patch);
  const target = original ?? {};
  applyRetainKeys(target, patch);
  mergeSetElementOrder(target, patch, schema);
  // Plain keys first, then the deletion lists, so a patch that both adds and deletes is deterministic.
  const keys = Object.keys(patch);
  const ordered = [...keys.filter((k) => !k.startsWith(DELETE_FROM_PRIMITIVE_LIST)), ...keys.filter((k) => k.startsWith(DELETE_FROM_PRIMITIVE_LIST))];
  for (const rawKey of ordered) {
    const patchValue = patch[rawKey];
    if (patchValue === undefined) continue;
    const isDeleteList = rawKey.startsWith(DELETE_FROM_PRIMITIVE_LIST);
    const key = isDeleteList ? extractKey(rawKey, DELETE_FROM_PRIMITIVE_LIST) : rawKey;
    if (patchValue === null) {
      delete target[key];
      continue;
    }
    const current = Object.hasOwn(target, key) ? target[key] : undefined;
    if (current === undefined) {
      if (!isDeleteList) takePatchValue(target, key, patchValue);
      continue;
    }
    const kind = goKind(current);
    if (kind !== goKind(patchValue)) {
      if (!isDeleteList) takePatchValue(target, key, patchValue);
      continue;
    }
    const meta = lookupPatchMeta(schema, key);
    if (kind === 'map') {
      setKey(target, key, meta.strategy === 'replace' ? patchValue : mergeMap(current as JsonObject, patchValue as JsonObject, meta.schema));
    } else if (kind === 'slice') {
      setKey(target, key, mergeSliceHandler(current, patchValue, meta.schema, meta.strategy, meta.mergeKey, isDeleteList));
    } else {
      setKey(target, key, patchValue);
    }
  }
  return target;
}
