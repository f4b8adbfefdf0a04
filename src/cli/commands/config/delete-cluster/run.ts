import type { CommandContext } from '../../../framework/context.js';
import { deleteEntry, nameOrHelp } from '../shared/delete-entry.js';
import { spec } from './spec.js';

/** `platformctl config delete-cluster NAME`: removes the cluster entry from the file that defines it. */
export async function run(ctx: CommandContext, args: string[]): Promise<void> {
  const name = await nameOrHelp(ctx, args, spec);
  if (name !== undefined) await deleteEntry(ctx, 'clusters', name);
}
