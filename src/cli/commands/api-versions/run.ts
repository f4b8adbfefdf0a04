import { BINARY_NAME } from '../../../sdk/naming.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { discoveryErrorText } from '../api-resources/discovery-errors.js';
import { versionsOf } from './versions.js';

/** `platformctl api-versions`: every served group version, one per line, sorted. */
export async function run(ctx: CommandContext, args: string[], _flags: Flags): Promise<void> {
  if (args.length > 0) {
    throw new UsageError(`unexpected arguments: [${args.join(' ')}]\nSee '${BINARY_NAME} api-versions -h' for help and examples`, false);
  }
  const client = await ctx.client();
  // kubectl always asks the server here, whatever the disk cache holds.
  const snapshot = await client.discovery.snapshot({ signal: ctx.io.signal, refresh: true }).catch((err: unknown) => {
    throw new UsageError(`couldn't get available api versions from server: ${discoveryErrorText(err)}`, false);
  });
  ctx.io.stdout.write(versionsOf(snapshot.groups).map((v) => `${v}\n`).join(''));
}
