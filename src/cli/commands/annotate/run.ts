/** Runs `annotate`. */
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { runMetadataCommand } from '../label/shared/metadata-command.js';
import { ANNOTATIONS_KIND } from '../label/shared/metadata-kinds.js';

/** Runs `annotate`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  await runMetadataCommand(ctx, args, flags, ANNOTATIONS_KIND);
}
