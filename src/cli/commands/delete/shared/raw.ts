/**
 * `delete --raw URI [-f FILE]`: kubectl's checks (made before the ones of a normal delete would
 * apply), then the file (or no body) sent as a DELETE to the URI.
 */
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from '../spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { checkRawFiles, checkRawUri, sendRaw } from '../../../writes/raw-request.js';
import { FORCE_DELETE_WARNING, gracePeriod } from './delete-flags.js';
import { dryRunMode } from '../../../writes/dry-run.js';

/** Runs `delete --raw`. */
export async function deleteRaw(ctx: CommandContext, flags: Flags): Promise<void> {
  const output = flags.string('output') ?? '';
  const grace = gracePeriod(flags);
  dryRunMode(flags);
  if (output !== '' && output !== 'name') throw new UsageError(`unexpected -o output mode: ${output}. We only support '-o name'`, false);
  if (flags.bool('all') && (flags.string('selector') ?? '') !== '') throw new UsageError('cannot set --all and --selector at the same time', false);
  if (flags.bool('all') && (flags.string('field-selector') ?? '') !== '') throw new UsageError('cannot set --all and --field-selector at the same time', false);
  if (grace === 0 && flags.bool('force')) ctx.warn(FORCE_DELETE_WARNING);
  else if (grace !== undefined && grace > 0 && flags.bool('force')) throw new UsageError('--force and --grace-period greater than 0 cannot be specified together', false);
  if (flags.bool('interactive')) throw new UsageError('--interactive can not be used with --raw', false);
  checkRawFiles(flags, { allowNone: true });
  if (output !== '') throw new UsageError('--raw and --output are mutually exclusive', false);
  checkRawUri(flags.string('raw') ?? '');
  await sendRaw(ctx, flags, 'DELETE');
}
