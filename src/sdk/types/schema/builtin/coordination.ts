/**
 * Schemas of coordination/v1: Leases.
 * Field numbers are those of the published generated.proto; descriptions are our own.
 */
import { GROUPS } from '../../../naming.js';
import type { StructSchema } from '../../../../machinery/schema/type-schema.js';
import { kind, message, named } from './build.js';
import { OBJECT_META } from './meta.js';
import { INT32, MICRO_TIME, STRING } from './scalars.js';

/** `v1.CoordinatedLeaseStrategy`. */
export const COORDINATED_LEASE_STRATEGY = named(STRING, 'v1.CoordinatedLeaseStrategy');

/** LeaseSpec (coordination/v1). */
export const LEASE_SPEC: StructSchema = message('api.coordination.v1', 'LeaseSpec', 'The holder and terms of a lease.', {
  holderIdentity: [1, STRING, 'Identity of the current holder.', 'p'],
  leaseDurationSeconds: [2, INT32, 'How long others wait after the last renewal before taking the lease.', 'p'],
  acquireTime: [3, MICRO_TIME, 'When the current holder acquired the lease.', 'p'],
  renewTime: [4, MICRO_TIME, 'When the holder last renewed the lease.', 'p'],
  leaseTransitions: [5, INT32, 'How many times the lease changed holders.', 'p'],
  strategy: [6, COORDINATED_LEASE_STRATEGY, 'How a coordinated leader election picks the holder (OldestEmulationVersion).', 'p'],
  preferredHolder: [7, STRING, 'A holder the election prefers; the current holder should step down for it.', 'p'],
});

/** Lease (coordination/v1). */
export const LEASE: StructSchema = kind('api.coordination.v1', 'Lease', [{ group: GROUPS.coordination, version: 'v1', kind: 'Lease' }], 'A lease held by one party at a time, for leader election and heartbeats.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, LEASE_SPEC, 'The holder and terms of the lease.'],
});
