import { editConfig } from '../../../../sdk/config/edit.js';
import { goQuote } from '../../../../machinery/go-quote.js';
import type { CommandContext } from '../../../framework/context.js';
import { messageFile, startingConfig } from '../shared/access.js';
import { helpError, plainError } from '../shared/usage.js';
import { spec } from './spec.js';
import { goFormat } from '../../../../machinery/json/values.js';

/** `platformctl config rename-context OLD NEW`: renames a context (and `current-context` with it). */
export async function run(ctx: CommandContext, args: string[]): Promise<void> {
  if (args.length !== 2) throw helpError(ctx, spec, `Unexpected args: ${goFormat(args)}`);
  const [from, to] = args as [string, string];
  if (to === '') throw plainError('You must specify a new non-empty context name');
  const loaded = await startingConfig(ctx);
  const file = messageFile(loaded);
  await editConfig(loaded, (config) => {
    const context = config.contexts.get(from);
    if (context === undefined) throw plainError(`cannot rename the context ${goQuote(from)}, it's not in ${file}`);
    if (config.contexts.has(to)) throw plainError(`cannot rename the context ${goQuote(from)}, the context ${goQuote(to)} already exists in ${file}`);
    // The same entry object under the new name: it stays in the file it came from.
    config.contexts.set(to, context);
    config.contexts.delete(from);
    if (config.currentContext === from) config.currentContext = to;
  });
  ctx.io.stdout.write(`Context ${goQuote(from)} renamed to ${goQuote(to)}.\n`);
}
