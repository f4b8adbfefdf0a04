import type { CommandContext } from '../../../framework/context.js';
import { UsageError } from '../../../framework/usage-error.js';
import { deleteEntry } from '../shared/delete-entry.js';

/** `platformctl config delete-user NAME`: removes the user entry from the file that defines it. */
export async function run(ctx: CommandContext, args: string[]): Promise<void> {
  if (args.length !== 1) throw new UsageError('user to delete is required');
  await deleteEntry(ctx, 'users', args[0] as string);
}
