/**
 * Every API object type of the SDK, in one import. Objects are plain JSON; the kinds' interfaces
 * are closed (no index signature), so that typed accessors reject misspelled fields and other
 * kinds' objects, while `KubeObject` (the generic client's type) takes any object.
 */
export type * from './meta.js';
export type { Status, StatusCause, StatusDetails, StatusReason } from './status.js';
export { STATUS_REASONS, isStatus } from './status.js';
export { asKind, toKubeObject } from './meta.js';
export type * from './list.js';
export type * from './table.js';
export type * from './watch.js';
export type * from './core.js';
export type * from './apps.js';
export type * from './batch.js';
export type * from './rbac.js';
export type * from './coordination.js';
export type * from './certificates.js';
export type * from './authentication.js';
export type * from './authorization.js';
export type * from './exec-credential.js';
export type * from './admissionregistration.js';
export type * from './admission.js';
export type * from './discovery.js';
export type * from './policy.js';
export type * from './autoscaling.js';
export type * from './endpointslice.js';
export type * from './scheduling.js';
export type * from './node.js';
export type * from './storage.js';
export type * from './networking.js';
export type * from './apiextensions.js';
export type * from './metrics.js';
