/**
 * `alpha` without alpha commands: kubectl's help function of its empty alpha command, on stderr.
 */
import { BINARY_NAME } from '../../../sdk/naming.js';
import type { CommandContext } from '../../framework/context.js';

/** Runs `alpha`. */
export function run(ctx: CommandContext): Promise<void> {
  ctx.io.stderr.write(`No alpha commands are available in this version of ${BINARY_NAME}\n`);
  return Promise.resolve();
}
