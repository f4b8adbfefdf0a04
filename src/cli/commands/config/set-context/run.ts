import { editConfig } from '../../../../sdk/config/edit.js';
import { goQuote } from '../../../../machinery/go-quote.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { startingConfig } from '../shared/access.js';
import { helpError, plainError } from '../shared/usage.js';
import { spec } from './spec.js';
import { goFormat } from '../../../../machinery/json/values.js';

/** `platformctl config set-context [NAME | --current]`: creates or updates a context entry. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length > 1) throw helpError(ctx, spec, `Unexpected args: ${goFormat(args)}`);
  const current = flags.bool('current');
  let name = args[0] ?? '';
  if (name === '' && !current) throw plainError('you must specify a non-empty context name or --current');
  if (name !== '' && current) throw plainError('you cannot specify both a context name and --current');
  let existed = false;
  const loaded = await startingConfig(ctx);
  await editConfig(loaded, (config) => {
    if (current) {
      if (config.currentContext === '') throw plainError('no current context is set');
      name = config.currentContext;
    }
    const entry = config.contexts.get(name);
    existed = entry !== undefined;
    const context = entry ?? {};
    for (const field of ['cluster', 'user', 'namespace'] as const) {
      if (flags.changed(field)) context[field] = flags.string(field) ?? '';
    }
    config.contexts.set(name, context);
  });
  ctx.io.stdout.write(`Context ${goQuote(name)} ${existed ? 'modified' : 'created'}.\n`);
}
