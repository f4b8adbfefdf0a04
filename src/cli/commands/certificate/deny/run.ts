/**
 * `certificate deny`.
 */
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { runDecision } from '../shared/decide.js';

/** Runs `certificate deny`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  await runDecision(ctx, args, flags, 'Denied');
}
