/**
 * `--quota-backend-bytes` of `platformctl local start`: etcd's space quota, here the most bytes the
 * stored objects may take serialized. Past it, writes fail with etcd's `database space exceeded`
 * until something is deleted; the server keeps every object in memory, so the quota is what stops
 * a runaway controller (a Deployment with a million replicas) before the heap runs out.
 */
import type { FlagsOf } from '../../../framework/flag-reader.js';
import type { FlagSpec } from '../../../framework/spec.js';
import { UsageError } from '../../../framework/usage-error.js';

/** The flag. */
export const storageFlags = [
  {
    name: 'quota-backend-bytes', type: 'int', default: 0,
    description: 'Most bytes the stored objects may take, serialized; writes past it fail with "etcdserver: mvcc: database space exceeded" until objects are deleted. 0: 2 GiB, or a sixth of the server\'s JavaScript heap when that is smaller.',
  },
] as const satisfies readonly FlagSpec[];

/** The quota the flag asks for, or undefined for the server's default. */
export function storageQuotaFromFlags(flags: FlagsOf<typeof storageFlags>): number | undefined {
  const value = flags.int('quota-backend-bytes') ?? 0;
  if (value < 0) throw new UsageError(`invalid argument "${String(value)}" for "--quota-backend-bytes" flag: must not be negative`, false);
  return value === 0 ? undefined : value;
}

/** The flag as given (checked), to pass on to the background server process. */
export function storageArgs(flags: FlagsOf<typeof storageFlags>): string[] {
  const quota = storageQuotaFromFlags(flags);
  return quota === undefined ? [] : [`--quota-backend-bytes=${String(quota)}`];
}
