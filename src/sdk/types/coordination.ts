/**
 * Kinds of `coordination.platform.io/v1`: Lease.
 */
export type { Lease } from './generated/coordination-v1.js';
