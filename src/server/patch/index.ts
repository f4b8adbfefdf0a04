/**
 * The patch engines of the local API server: JSON merge patch (RFC 7386), JSON patch (RFC 6902)
 * and strategic merge patch. Pure functions over JSON values; failures are {@link PatchError}s
 * carrying the status code the Kubernetes API server answers with.
 *
 * @packageDocumentation
 */
export { PatchError } from './errors.js';
export type { PatchFailureReason } from './errors.js';
export { applyMergePatch } from './merge-patch.js';
export { MAX_COPY_BYTES, MAX_JSON_PATCH_OPERATIONS, applyJsonPatch } from './json-patch.js';
export { applyStrategicMergePatch } from './strategic/index.js';
export { assignOwn, cloneJson, getOwn, isJsonObject, setKey } from './json-values.js';
