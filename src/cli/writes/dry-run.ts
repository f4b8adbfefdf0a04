/**
 * The `--dry-run` flag (`none`, `client`, `server`; a bare `--dry-run` means `client`, as in
 * kubectl) and the suffix results carry under it.
 */
import type { DryRunMode } from '../../sdk/apply/apply-object.js';
import type { FlagReader } from '../framework/flag-reader.js';
import type { FlagSpec } from '../framework/spec.js';
import { UsageError } from '../framework/usage-error.js';

/** The `--dry-run` flag. */
export const DRY_RUN_FLAG = { name: 'dry-run', type: 'string', default: 'none', description: 'Must be "none", "server", or "client". If client strategy, only print the object that would be sent, without sending it. If server strategy, submit server-side request without persisting the resource.', complete: { kind: 'values', values: ['none', 'server', 'client'] }, noOptDefault: 'unchanged', noOptWarning: '--dry-run is deprecated and can be replaced with --dry-run=client.' } as const satisfies FlagSpec;

/** Parses `--dry-run`. */
export function dryRunMode(flags: FlagReader<typeof DRY_RUN_FLAG>): DryRunMode {
  const value = flags.string('dry-run') ?? 'none';
  switch (value) {
    case '':
    case 'none':
    case 'false':
      return 'none';
    case 'client':
    case 'true':
    case 'unchanged':
      return 'client';
    case 'server':
      return 'server';
    default:
      throw new UsageError(`Invalid dry-run value (${value}). Must be "none", "server", or "client".`, false);
  }
}

/** ` (dry run)`, ` (server dry run)` or nothing. */
export function dryRunSuffix(mode: DryRunMode): string {
  return mode === 'client' ? ' (dry run)' : mode === 'server' ? ' (server dry run)' : '';
}
