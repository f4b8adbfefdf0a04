/**
 * CRD schemas for the local API server: structural-schema checks of a CRD's versions, validation
 * of custom resources against them, pruning of unknown fields, and defaulting — with the
 * apiextensions server's rules and messages.
 *
 * @packageDocumentation
 */
export type { FieldError } from './field-error.js';
export { validateStructuralSchema } from './structural.js';
export { validateObject } from './validate-object.js';
export type { ValidateOptions } from './validate-object.js';
export { pruneUnknownFields } from './prune.js';
export type { PruneOptions } from './prune.js';
export { applyDefaults } from './defaults.js';
