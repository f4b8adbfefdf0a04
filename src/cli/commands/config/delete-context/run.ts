import { editConfig } from '../../../../sdk/config/edit.js';
import { BINARY_NAME } from '../../../../sdk/naming.js';
import type { CommandContext } from '../../../framework/context.js';
import { renderCommandHelp } from '../../../framework/help.js';
import { messageFile, startingConfig } from '../shared/access.js';
import { plainError } from '../shared/usage.js';
import { spec } from './spec.js';

/** `platformctl config delete-context NAME`: removes the context entry from the file that defines it. */
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
    if (!config.contexts.has(name)) throw plainError(`cannot delete context ${name}, not in ${file}`);
    if (config.currentContext === name) {
      ctx.io.stderr.write(`warning: this removed your active context, use "${BINARY_NAME} config use-context" to select a different one\n`);
    }
    config.contexts.delete(name);
  });
  ctx.io.stdout.write(`deleted context ${name} from ${file}\n`);
}
