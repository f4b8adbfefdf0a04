/**
 * Strategic merge patch (`application/strategic-merge-patch+json`), apimachinery's strategicpatch:
 * applying a patch to an object as the API server does, building the three-way patch of
 * client-side apply, and checking two patches for conflicts. The type information comes in as a
 * {@link PatchSchema}.
 */
import type { JsonObject } from '../../json-numbers.js';
import { cloneJson, isJsonObject } from '../../json/values.js';
import { PatchFailure } from '../errors.js';
import { mergeMap } from './merge.js';
import type { PatchSchema } from './schema.js';

export { UNTYPED_PATCH_SCHEMA, splitStrategy } from './schema.js';
export type { PatchMeta, PatchSchema } from './schema.js';
export { createThreeWayMergePatch, strategicChanges } from './diff.js';
export { mergingMapsHaveConflicts } from './conflicts.js';

/**
 * Applies a strategic merge patch to `target` as a Kubernetes API server does for built-in kinds:
 * merge keys and strategies from `schema`, `$patch: delete|replace|merge`,
 * `$deleteFromPrimitiveList/<field>`, `$setElementOrder/<field>`, `$retainKeys`, merged primitive
 * lists, `null` deletes. Returns a new object; the arguments are not changed.
 *
 * @throws {@link PatchFailure} with the kind the API server classes the failure by.
 */
export function applyStrategicMergePatch(target: JsonObject, patch: JsonObject, schema: PatchSchema): JsonObject {
  if (!isJsonObject(patch)) throw new PatchFailure('malformed', 'invalid JSON document');
  return mergeMap(cloneJson(target), cloneJson(patch), schema, { mergeParallelList: true, ignoreUnmatchedNulls: true });
}
