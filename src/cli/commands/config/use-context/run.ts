import { switchContext } from '../../../../sdk/config/context-history.js';
import { editConfig } from '../../../../sdk/config/edit.js';
import { ConfigError } from '../../../../sdk/errors.js';
import { CONTEXT_ENV } from '../../../../sdk/naming.js';
import type { CommandContext } from '../../../framework/context.js';
import { goQuote } from '../../../../machinery/go-quote.js';
import { startingConfig } from '../shared/access.js';
import { helpError, plainError } from '../shared/usage.js';
import { spec } from './spec.js';
import { goFormat } from '../../../../machinery/json/values.js';

/**
 * `platformctl config use-context NAME`: sets `current-context`, and remembers the one it replaces
 * so that `use-context -` goes back to it.
 */
export async function run(ctx: CommandContext, args: string[]): Promise<void> {
  if (args.length !== 1) throw helpError(ctx, spec, `Unexpected args: ${goFormat(args)}`);
  const name = args[0] as string;
  const loaded = await startingConfig(ctx);
  let to = name;
  await editConfig(loaded, (config) => {
    if (name === '') throw plainError('empty context names are not allowed');
    if (name !== '-' && !config.contexts.has(name)) throw plainError(`no context exists with the name: ${goQuote(name)}`);
    try {
      to = switchContext(config, name).to;
    } catch (e) {
      throw e instanceof ConfigError ? plainError(e.message) : e;
    }
  });
  ctx.io.stdout.write(`Switched to context ${goQuote(to)}.\n`);
  const shell = ctx.io.env[CONTEXT_ENV];
  if (shell !== undefined && shell !== '' && shell !== to) {
    ctx.io.stderr.write(`Warning: $${CONTEXT_ENV} is ${goQuote(shell)}: this shell goes on using that context until it is unset\n`);
  }
}
