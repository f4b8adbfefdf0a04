/**
 * `create service clusterip NAME`.
 */
import type { CommandContext } from '../../../../framework/context.js';
import type { Flags } from './spec.js';
import { runServiceGenerator } from '../shared.js';

/** Runs `create service clusterip`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  await runServiceGenerator(ctx, args, flags, { type: 'ClusterIP', clusterIP: flags.string('clusterip') ?? '' });
}
