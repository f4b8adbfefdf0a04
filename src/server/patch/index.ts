/**
 * The patch engines as the local API server uses them: machinery's JSON merge patch (RFC 7386),
 * JSON patch (RFC 6902, with the API server's wording and bounds) and strategic merge patch (on
 * the built-in type schemas), each failure turned into the {@link PatchError} carrying the status
 * code the Kubernetes API server answers with.
 *
 * @packageDocumentation
 */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import type { TypeSchema } from '../../sdk/types/schema/index.js';
import { PatchFailure } from '../../machinery/patch/errors.js';
import { MAX_COPY_BYTES, MAX_JSON_PATCH_OPERATIONS, applyJsonPatch as applyOperations } from '../../machinery/patch/json-patch.js';
import { applyMergePatch as mergePatch } from '../../machinery/patch/merge-patch.js';
import { applyStrategicMergePatch as strategicMergePatch } from '../../machinery/patch/strategic/index.js';
import { patchSchemaOf } from '../../machinery/patch/strategic/type-schema.js';
import { PatchError } from './errors.js';

export { PatchError } from './errors.js';
export type { PatchFailureReason } from './errors.js';
export { MAX_COPY_BYTES, MAX_JSON_PATCH_OPERATIONS } from '../../machinery/patch/json-patch.js';

function answering<T>(apply: () => T): T {
  try {
    return apply();
  } catch (error) {
    if (error instanceof PatchFailure) throw PatchError.from(error);
    throw error;
  }
}

/** RFC 7386 merge patch; a new value that shares nothing with the arguments. */
export function applyMergePatch(target: JsonValue, patch: JsonValue): JsonValue {
  return mergePatch(target, patch) as JsonValue;
}

/**
 * RFC 6902 JSON patch as the API server applies it: a body that is not a list of operations is a
 * 400, more than {@link MAX_JSON_PATCH_OPERATIONS} operations a 413, an operation that does not
 * apply (a failing `test`, a missing path, copies beyond {@link MAX_COPY_BYTES}) a 422 with the
 * API server's generic message and the cause in {@link PatchError.detail}. Returns a new value.
 */
export function applyJsonPatch(target: JsonValue, operations: unknown): JsonValue {
  return answering(() => applyOperations(target, operations, { dialect: 'apiserver', maxOperations: MAX_JSON_PATCH_OPERATIONS, maxCopyBytes: MAX_COPY_BYTES })) as JsonValue;
}

/** Strategic merge patch of an object typed by `schema` (a built-in kind's); a new object. */
export function applyStrategicMergePatch(target: JsonObject, patch: JsonObject, schema: TypeSchema): JsonObject {
  return answering(() => strategicMergePatch(target, patch, patchSchemaOf(schema)));
}
