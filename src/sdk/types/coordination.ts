/**
 * Kinds of `coordination.platform.io/v1`: Lease.
 */
import type { ObjectBase } from './meta.js';

/** A lease (leader election, node heartbeats). */
export interface Lease extends ObjectBase {
  kind?: 'Lease';
  spec?: {
    holderIdentity?: string;
    leaseDurationSeconds?: number;
    acquireTime?: string;
    renewTime?: string;
    leaseTransitions?: number;
  };
}
