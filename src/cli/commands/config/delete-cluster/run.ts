import type { CommandContext } from '../../../framework/context.js';
import { renderCommandHelp } from '../../../framework/help.js';
import { startingConfig } from '../shared/access.js';
import { deleteEntry } from '../shared/delete-entry.js';
import { spec } from './spec.js';

/** `platformctl config delete-cluster NAME`: removes the cluster entry from the file that defines it. */
export async function run(ctx: CommandContext, args: string[]): Promise<void> {
  if (args.length !== 1) {
    // kubectl prints the help and succeeds (after reading the config, which may fail).
    await startingConfig(ctx);
    ctx.io.stdout.write(renderCommandHelp(spec, ctx.commandPath));
    return;
  }
  await deleteEntry(ctx, 'clusters', args[0] as string);
}
