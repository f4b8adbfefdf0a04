/**
 * Server-side apply and managedFields for the local API server, after the Kubernetes apiserver's
 * field manager and sigs.k8s.io/structured-merge-diff: field sets in the FieldsV1 encoding,
 * apply with conflicts and force, ownership taken by updates, pruning of fields an applier stops
 * applying, and the managedFields reset rules.
 *
 * @packageDocumentation
 */
export { applyObject } from './apply.js';
export type { ApplyArgs } from './apply.js';
export { updateManagedFields } from './update.js';
export type { UpdateArgs } from './update.js';
export { ApplyConflictError } from './conflicts.js';
export type { ApplyConflict } from './conflicts.js';
export { validateAppliedObject } from './validate-applied.js';
export { FIELD_MANAGER_MAX_LENGTH, defaultManager, validateFieldManager } from './default-manager.js';
export { ANCIENT_CHANGES_MANAGER, BEFORE_FIRST_APPLY_MANAGER, MAX_UPDATE_MANAGERS } from './managers.js';
