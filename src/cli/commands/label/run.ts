/** Runs `label`. */
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { runMetadataCommand } from './shared/metadata-command.js';
import { LABELS } from './shared/metadata-kinds.js';

/** Runs `label`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  await runMetadataCommand(ctx, args, flags, LABELS);
}
