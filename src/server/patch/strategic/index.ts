/** Strategic merge patch entry point. */
import type { JsonObject } from '../../../sdk/types/meta.js';
import type { TypeSchema } from '../../../sdk/types/schema/index.js';
import { PatchError } from '../errors.js';
import { cloneJson, isJsonObject } from '../json-values.js';
import { mergeMap } from './merge.js';

/**
 * Applies a strategic merge patch to `target` as a Kubernetes API server does for built-in kinds:
 * merge keys from the schema, `$patch: delete|replace|merge`, `$deleteFromPrimitiveList/<field>`,
 * `$setElementOrder/<field>`, `$retainKeys`, merged primitive lists, `null` deletes. Returns a new
 * object; the arguments are not modified. Failures are {@link PatchError}s with the apiserver's codes.
 */
export function applyStrategicMergePatch(target: JsonObject, patch: JsonObject, schema: TypeSchema): JsonObject {
  if (!isJsonObject(patch)) throw PatchError.badRequest('invalid JSON document');
  return mergeMap(cloneJson(target), cloneJson(patch), schema);
}
