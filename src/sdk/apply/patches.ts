/**
 * The client's face of machinery's patch engines (src/machinery/patch): applying JSON patches
 * (`patch --local`, `run --overrides`, kustomize), JSON merge patches and strategic merge patches
 * on the client, and building the patches of client-side apply, `edit` and the label and set
 * commands. The kinds' type schemas come in as `TypeSchema`s; an engine's failure comes out as an
 * {@link InputError}, the SDK's error for input it cannot use.
 */
import { InputError } from '../errors.js';
import type { JsonObject } from '../types/meta.js';
import type { TypeSchema } from '../../machinery/schema/type-schema.js';
import { PatchFailure } from '../../machinery/patch/errors.js';
import { applyJsonPatch as applyOperations, type JsonPatchOperation } from '../../machinery/patch/json-patch.js';
import { createThreeWayJsonMergePatch as threeWayJsonMergePatch } from '../../machinery/patch/merge-patch.js';
import {
  applyStrategicMergePatch as strategicMergePatch, createThreeWayMergePatch, mergingMapsHaveConflicts as conflicts, strategicChanges as changes,
} from '../../machinery/patch/strategic/index.js';
import { patchSchemaOf } from '../../machinery/patch/strategic/type-schema.js';

export { applyMergePatch, createMergePatch } from '../../machinery/patch/merge-patch.js';
export type { JsonPatchOperation };

/** A JSON object as the patch builders handle it. */
export type JsonMap = Record<string, unknown>;

/** `apply()`, with an engine's failure as an InputError (its message after `prefix`). */
function asInputError<T>(apply: () => T, prefix = ''): T {
  try {
    return apply();
  } catch (error) {
    if (error instanceof PatchFailure) throw new InputError(`${prefix}${error.message}`);
    throw error;
  }
}

/** Options of {@link applyJsonPatch}. */
export interface ClientJsonPatchOptions {
  /** Error wording: kubectl's (default; `patch --local`, `run --overrides`) or kustomize's. */
  dialect?: 'kubectl' | 'kustomize' | undefined;
  /** Most values (scalars, objects and arrays) the document may hold after any operation (default 5,000,000). */
  maxValues?: number | undefined;
}

/** The client's bound on a patched document: copies cannot grow it without limit. */
const DEFAULT_MAX_VALUES = 5_000_000;

/**
 * Applies a JSON patch (RFC 6902) to a copy of `document`, every key a plain key, and returns it.
 *
 * @throws {@link InputError} for an invalid operation, a missing path, a failed `test` or a
 * document grown past `maxValues`.
 */
export function applyJsonPatch(document: unknown, operations: readonly unknown[], options: ClientJsonPatchOptions = {}): unknown {
  return asInputError(() => applyOperations(document, operations, { dialect: options.dialect ?? 'kubectl', maxValues: options.maxValues ?? DEFAULT_MAX_VALUES }));
}

/**
 * A strategic merge patch applied on the client, as kubectl applies `patch --local`, `--overrides`
 * and `debug --custom`: `schema` is the type of `target` (undefined: no type, objects merge and
 * lists are replaced). Returns a new object.
 *
 * @throws {@link InputError} when the patch cannot be applied.
 */
export function applyStrategicMergePatch(target: JsonMap, patch: JsonMap, schema: TypeSchema | undefined): JsonMap {
  return asInputError(() => strategicMergePatch(target as JsonObject, patch as JsonObject, patchSchemaOf(schema)));
}

/**
 * The JSON merge patch that client-side apply sends for a kind without a strategic-merge schema:
 * additions and changes from `current` (the live object) to `modified` (the manifest), deletions
 * from `original` (the last-applied configuration) to `modified`. Lists are replaced whole.
 *
 * @throws {@link InputError} when the manifest changes apiVersion, kind or name.
 */
export function createThreeWayJsonMergePatch(original: JsonMap | undefined, modified: JsonMap, current: JsonMap): JsonMap {
  return asInputError(() => threeWayJsonMergePatch(original, modified, current));
}

const SMP_FAILED = 'unable to compute the strategic merge patch: ';

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
  return asInputError(() => createThreeWayMergePatch(original as JsonObject | undefined, modified as JsonObject, current as JsonObject, patchSchemaOf(schema)), SMP_FAILED);
}

/**
 * Everything that changed from `original` to `current` (additions, changes and deletions): what
 * `apply --overwrite=false` checks a patch against.
 *
 * @throws {@link InputError} as {@link createThreeWayStrategicMergePatch}.
 */
export function strategicChanges(original: JsonMap, current: JsonMap, schema: TypeSchema | undefined): JsonMap {
  return asInputError(() => changes(original as JsonObject, current as JsonObject, patchSchemaOf(schema)), SMP_FAILED);
}

/** Whether strategic merge patches `left` and `right` of a value typed by `schema` change a field differently. */
export function mergingMapsHaveConflicts(left: JsonMap, right: JsonMap, schema: TypeSchema | undefined): boolean {
  return conflicts(left as JsonObject, right as JsonObject, patchSchemaOf(schema));
}
