/**
 * Every API object type of the SDK, in one import. Objects are plain JSON: these interfaces name the
 * fields the SDK and CLI use and every object keeps whatever else the server sent.
 */
export type * from './meta.js';
export type { Status, StatusCause, StatusDetails, StatusReason } from './status.js';
export { STATUS_REASONS, isStatus } from './status.js';
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
