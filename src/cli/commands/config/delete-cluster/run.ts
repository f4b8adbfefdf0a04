import { editConfig } from '../../../../sdk/config/edit.js';
import type { CommandContext } from '../../../framework/context.js';
import { renderCommandHelp } from '../../../framework/help.js';
import { messageFile, startingConfig } from '../shared/access.js';
import { plainError } from '../shared/usage.js';
import { spec } from './spec.js';

/** `platformctl config delete-cluster NAME`: removes the cluster entry from the file that defines it. */
export async function run(ctx: CommandContext, args: string[]): Promise<void> {
  const loaded = await startingConfig(ctx);
  if (args.length !== 1) {
    // kubectl prints the help and succeeds.
    ctx.io.stdout.write(renderCommandHelp(spec, ctx.commandPath));
    return;
  }
  const name = args[0] as string;
  const file = messageFile(loaded);
  await editConfig(loaded, (config) => {
    if (!config.clusters.has(name)) throw plainError(`cannot delete cluster ${name}, not in ${file}`);
    config.clusters.delete(name);
  });
  ctx.io.stdout.write(`deleted cluster ${name} from ${file}\n`);
}
