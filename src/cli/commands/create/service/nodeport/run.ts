/**
 * `create service nodeport NAME`: `--node-port` goes on every port.
 */
import type { CommandContext } from '../../../../framework/context.js';
import type { Flags } from './spec.js';
import { runServiceGenerator } from '../shared.js';

/** Runs `create service nodeport`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  await runServiceGenerator(ctx, args, flags, { type: 'NodePort', nodePort: flags.int('node-port') ?? 0 });
}
