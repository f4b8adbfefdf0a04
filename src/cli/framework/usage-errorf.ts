/**
 * kubectl's `cmdutil.UsageErrorf`: the message, then `See 'platformctl <command> -h' for help and
 * examples` (a different hint from the one flag errors get).
 */
import { BINARY_NAME } from '../../sdk/naming.js';
import { UsageError } from './usage-error.js';

/** A usage error worded as kubectl's `UsageErrorf` words it. */
export function usageErrorf(commandPath: readonly string[], message: string): UsageError {
  return new UsageError(`${message}\nSee '${BINARY_NAME} ${commandPath.join(' ')} -h' for help and examples`, false);
}
