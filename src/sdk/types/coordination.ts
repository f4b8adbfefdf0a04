/**
 * Kinds of `coordination.platform.io/v1`: Lease.
 */
import type { KubeObject } from './meta.js';

/** A lease (leader election, node heartbeats). */
export interface Lease extends KubeObject {
  spec?: {
    holderIdentity?: string;
    leaseDurationSeconds?: number;
    acquireTime?: string;
    renewTime?: string;
    leaseTransitions?: number;
  };
}
