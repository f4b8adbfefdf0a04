import { BINARY_NAME } from '../../../../sdk/naming.js';
import type { CommandContext } from '../../../framework/context.js';
import { deleteEntry, nameOrHelp } from '../shared/delete-entry.js';
import { spec } from './spec.js';

/** `platformctl config delete-context NAME`: removes the context entry from the file that defines it. */
export async function run(ctx: CommandContext, args: string[]): Promise<void> {
  const name = await nameOrHelp(ctx, args, spec);
  if (name === undefined) return;
  await deleteEntry(ctx, 'contexts', name, (config) => {
    if (config.currentContext === name) {
      ctx.io.stderr.write(`warning: this removed your active context, use "${BINARY_NAME} config use-context" to select a different one\n`);
    }
  });
}
