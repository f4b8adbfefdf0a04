/** `platformctl watch`: `get --watch --output-watch-events` as a first-class command. */
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { printerFor } from '../../output/printer.js';
import { resourcesFromCommandLine } from '../../resource/index.js';

/** Runs `watch`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length === 0) throw new UsageError('Required resource not specified.');
  const printer = await printerFor(flags, ctx.io, { human: true });
  if (printer === undefined) throw new Error('watch: no printer');
  const client = await ctx.client();
  const { resolved, selection } = await resourcesFromCommandLine(ctx, client, args, flags, { allowBareTypes: true });
  const seconds = flags.int('watch-request-seconds') ?? 0;
  const { watchResources } = await import('../get/watch.js');
  await watchResources(ctx, client, resolved, {
    printer,
    selection,
    chunkSize: 500,
    watchOnly: flags.bool('watch-only'),
    outputWatchEvents: true,
    ...(seconds > 0 ? { timeoutSeconds: seconds } : {}),
  });
}
