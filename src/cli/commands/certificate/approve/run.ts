/**
 * `certificate approve`.
 */
import type { CommandContext } from '../../../framework/context.js';
import type { FlagValues } from '../../../framework/flag-values.js';
import { runDecision } from '../shared/decide.js';

/** Runs `certificate approve`. */
export async function run(ctx: CommandContext, args: string[], flags: FlagValues): Promise<void> {
  await runDecision(ctx, args, flags, 'Approved');
}
