/**
 * Manifests and declarative writes: reading `-f` sources, client-side and server-side apply,
 * ordering and concurrency, pruning, diffs, and waiting on objects with watches.
 *
 * @packageDocumentation
 */
export { readManifests, parseManifestText, ManifestErrors, STDIN_SOURCE, defaultFetchUrl } from './manifests.js';
export type { Manifest, ReadManifestsOptions, ReadSourcesOptions, FetchUrl } from './manifests.js';
export { applyObject, clientSidePatch, clientSidePatchType } from './apply-object.js';
export type { ApplyAction, ApplyObjectOptions, ApplyObjectResult, DryRunMode } from './apply-object.js';
export { applyManifests, DEFAULT_APPLY_CONCURRENCY, DEFAULT_CRD_TIMEOUT_MS } from './apply-manifests.js';
export type { ApplyManifestsOptions, ApplyResult } from './apply-manifests.js';
export { ApplyConflictError, APPLY_CONFLICT_HELP, withSource } from './apply-errors.js';
export type { FieldConflict } from './apply-errors.js';
export { ANNOTATIONS_SIZE_LIMIT, AnnotationTooLargeError, lastAppliedJson, withLastApplied, readLastApplied, annotationsSize } from './last-applied.js';
export { createThreeWayStrategicMergePatch, createThreeWayJsonMergePatch, createMergePatch, applyMergePatch } from './patches.js';
export { pruneObjects, parsePruneKind, DEFAULT_PRUNE_KINDS } from './prune.js';
export type { PruneKind, PruneOptions, PruneResult } from './prune.js';
export { diffManifests, withoutDiffNoise, maskSecrets } from './diff-manifests.js';
export type { DiffEntry, DiffManifestsOptions } from './diff-manifests.js';
export { KindMapper, noMatchError } from './kind-mapper.js';
export { placeObject, resolveManifest, clientFor, namespaceMismatchError, mappingNotFound } from './resolve-manifest.js';
export type { PlacedObject, NamespaceOptions } from './resolve-manifest.js';
export { describeObject, objectKey, splitApiVersion } from './object-ref.js';
export { waitForObject, WaitFailedError, WaitTimeoutError } from './wait-for.js';
export type { WaitForObjectOptions } from './wait-for.js';
export { goJsonCompact } from './go-json.js';
