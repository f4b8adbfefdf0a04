import { editConfig } from '../../../../sdk/config/edit.js';
import type { CommandContext } from '../../../framework/context.js';
import { UsageError } from '../../../framework/usage-error.js';
import { messageFile, startingConfig } from '../shared/access.js';
import { plainError } from '../shared/usage.js';

/** `platformctl config delete-user NAME`: removes the user entry from the file that defines it. */
export async function run(ctx: CommandContext, args: string[]): Promise<void> {
  if (args.length !== 1) throw new UsageError('user to delete is required');
  const loaded = await startingConfig(ctx);
  const name = args[0] as string;
  const file = messageFile(loaded);
  await editConfig(loaded, (config) => {
    if (!config.users.has(name)) throw plainError(`cannot delete user ${name}, not in ${file}`);
    config.users.delete(name);
  });
  ctx.io.stdout.write(`deleted user ${name} from ${file}\n`);
}
