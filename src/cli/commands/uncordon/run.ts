/** `uncordon`: sets `spec.unschedulable` of the nodes to false. */
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { cordonNodes, nodesOf } from '../drain/shared/nodes.js';

/** Runs `uncordon`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const client = await ctx.client();
  const nodes = await nodesOf(ctx, client, args, flags, 'uncordon NODE');
  await cordonNodes(ctx, client, nodes, flags, false);
}
