import type { CommandContext } from '../../../framework/context.js';
import { startingConfig } from '../shared/access.js';
import { plainError } from '../shared/usage.js';

/** `platformctl config current-context`: prints the merged `current-context`. */
export async function run(ctx: CommandContext): Promise<void> {
  const loaded = await startingConfig(ctx);
  if (loaded.config.currentContext === '') throw plainError('current-context is not set');
  ctx.io.stdout.write(`${loaded.config.currentContext}\n`);
}
