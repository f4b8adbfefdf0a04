/**
 * The deletion flags shared by `delete`, `replace --force`, `apply --prune` and `run --rm`:
 * `--cascade`, `--grace-period`, `--now`, `--force`, `--timeout` and `--wait`, and the line kubectl
 * prints for a deleted object.
 */
import type { FlagReader } from '../../../framework/flag-reader.js';
import type { FlagSpec } from '../../../framework/spec.js';
import { UsageError } from '../../../framework/usage-error.js';

/** `--cascade`. */
export const CASCADE_FLAG = { name: 'cascade', type: 'string', default: 'background', description: 'Must be "background", "orphan", or "foreground". Selects the deletion cascading strategy for the dependents (e.g. Pods created by a ReplicationController). Defaults to background.', complete: { kind: 'values', values: ['background', 'orphan', 'foreground'] }, noOptDefault: 'background' } as const satisfies FlagSpec;

/** `--grace-period`. */
export const GRACE_PERIOD_FLAG = { name: 'grace-period', type: 'int', default: -1, description: 'Period of time in seconds given to the resource to terminate gracefully. Ignored if negative. Set to 1 for immediate shutdown. Can only be set to 0 when --force is true (force deletion).' } as const satisfies FlagSpec;

/** `--force`: delete at once, without the grace period. */
export const FORCE_FLAG = { name: 'force', type: 'bool', default: false, description: 'If true, immediately remove resources from API and bypass graceful deletion. Note that immediate deletion of some resources may result in inconsistency or data loss and requires confirmation.' } as const satisfies FlagSpec;

/** `--now` of `delete`. */
export const NOW_FLAG = { name: 'now', type: 'bool', default: false, description: 'If true, resources are signaled for immediate shutdown (same as --grace-period=1).' } as const satisfies FlagSpec;

/** `--timeout` of the wait for deleted objects to be gone. */
export const DELETION_TIMEOUT_FLAG = { name: 'timeout', type: 'duration', default: '0s', description: 'The length of time to wait before giving up on a delete, zero means determine a timeout from the size of the object' } as const satisfies FlagSpec;

/**
 * `--timeout` and `--wait` of the deletion `apply --force` and `replace --force` make before they
 * create again, and `run --rm` after the pod ends (`delete` itself waits by default).
 */
export const DELETION_WAIT_FLAGS = [
  DELETION_TIMEOUT_FLAG,
  { name: 'wait', type: 'bool', default: false, description: 'If true, wait for resources to be gone before returning. This waits for finalizers.' },
] as const satisfies readonly FlagSpec[];

/** The propagation policy `--cascade` asks for (a boolean value is deprecated, as in kubectl). */
export function propagationPolicy(flags: FlagReader<typeof CASCADE_FLAG>, warn: (message: string) => void): 'Background' | 'Foreground' | 'Orphan' {
  const value = flags.string('cascade') ?? 'background';
  switch (value) {
    case 'background':
      return 'Background';
    case 'foreground':
      return 'Foreground';
    case 'orphan':
      return 'Orphan';
    case 'true':
      warn('--cascade=true is deprecated (boolean value) and can be replaced with --cascade=background.');
      return 'Background';
    case 'false':
      warn('--cascade=false is deprecated (boolean value) and can be replaced with --cascade=orphan.');
      return 'Orphan';
    default:
      throw new UsageError(`invalid cascade value (${value}). Must be "background", "foreground", or "orphan"`, false);
  }
}

/**
 * The grace period to send (undefined: the server's default), from `--grace-period`, `--now` and
 * `--force` with kubectl's rules: 0 without --force becomes 1, --force without a period is 0.
 */
export function gracePeriod(flags: FlagReader<typeof GRACE_PERIOD_FLAG | typeof FORCE_FLAG>): number | undefined {
  let period = flags.int('grace-period') ?? -1;
  const force = flags.bool('force');
  // `run --rm` has no `--now`: it reads as false there.
  if (flags.optional(NOW_FLAG) === true) {
    if (period !== -1) throw new UsageError('--now and --grace-period cannot be specified together', false);
    period = 1;
  }
  if (period === 0 && !force) period = 1;
  if (force && period < 0) period = 0;
  return period < 0 ? undefined : period;
}

/** The warning kubectl prints before a forced deletion. */
export const FORCE_DELETE_WARNING = 'Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.';

/** `configmap`, `deployment.apps`: how delete names a kind. */
export function kindString(kind: string, group: string): string {
  return group === '' ? kind.toLowerCase() : `${kind.toLowerCase()}.${group}`;
}

/** `configmap "foo" deleted`, `deployment.apps "web" force deleted (dry run)`. */
export function deletedLine(kind: string, group: string, name: string, operation: string): string {
  return `${kindString(kind, group)} "${name}" ${operation}`;
}
