import { effectiveContextName } from '../../../../sdk/config/resolve.js';
import type { CommandContext } from '../../../framework/context.js';
import { startingConfig } from '../shared/access.js';
import { plainError } from '../shared/usage.js';

/**
 * `platformctl config current-context`: prints the context commands use: the merged
 * `current-context`, or `$PLATFORM_CONTEXT` when this shell sets one.
 */
export async function run(ctx: CommandContext): Promise<void> {
  const loaded = await startingConfig(ctx);
  const name = effectiveContextName(loaded.config, undefined, ctx.io.env);
  if (name === '') throw plainError('current-context is not set');
  ctx.io.stdout.write(`${name}\n`);
}
