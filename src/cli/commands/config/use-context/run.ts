import { editConfig } from '../../../../sdk/config/edit.js';
import type { CommandContext } from '../../../framework/context.js';
import { goQuote } from '../../../../printers/encoding/go-quote.js';
import { startingConfig } from '../shared/access.js';
import { goList, helpError, plainError } from '../shared/usage.js';
import { spec } from './spec.js';

/** `platformctl config use-context NAME`: sets `current-context`. */
export async function run(ctx: CommandContext, args: string[]): Promise<void> {
  if (args.length !== 1) throw helpError(ctx, spec, `Unexpected args: ${goList(args)}`);
  const name = args[0] as string;
  const loaded = await startingConfig(ctx);
  await editConfig(loaded, (config) => {
    if (name === '') throw plainError('empty context names are not allowed');
    if (!config.contexts.has(name)) throw plainError(`no context exists with the name: ${goQuote(name)}`);
    config.currentContext = name;
  });
  ctx.io.stdout.write(`Switched to context ${goQuote(name)}.\n`);
}
