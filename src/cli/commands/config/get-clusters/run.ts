import { compareGoStrings } from '../../../../sdk/config/encode.js';
import type { CommandContext } from '../../../framework/context.js';
import { startingConfig } from '../shared/access.js';

/** `platformctl config get-clusters`: the cluster names, sorted. */
export async function run(ctx: CommandContext): Promise<void> {
  const loaded = await startingConfig(ctx);
  const names = [...loaded.config.clusters.keys()].sort(compareGoStrings);
  ctx.io.stdout.write(`NAME\n${names.map((n) => `${n}\n`).join('')}`);
}
