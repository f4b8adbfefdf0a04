/** Runs `label`. */
import type { CommandContext } from '../../framework/context.js';
import type { FlagValues } from '../../framework/flag-values.js';
import { runMetadataCommand } from './shared/metadata-command.js';
import { LABELS } from './shared/metadata-kinds.js';

/** Runs `label`. */
export async function run(ctx: CommandContext, args: string[], flags: FlagValues): Promise<void> {
  await runMetadataCommand(ctx, args, flags, LABELS);
}
