/**
 * What `config delete-cluster`, `delete-context` and `delete-user` share: one entry removed from
 * the file that defines it, kubectl's messages for a name that is not there and for the result.
 */
import { editConfig } from '../../../../sdk/config/edit.js';
import type { ConfigModel, EntryKind } from '../../../../sdk/config/types.js';
import type { CommandContext } from '../../../framework/context.js';
import type { CommandSpec } from '../../../framework/spec.js';
import { renderCommandHelp } from '../../../framework/help.js';
import { messageFile, startingConfig } from './access.js';
import { plainError } from './usage.js';

/** Deletes entry `name` of `kind`; `beforeDelete` sees the configuration first (a warning, say). */
export async function deleteEntry(ctx: CommandContext, kind: EntryKind, name: string, beforeDelete?: (config: ConfigModel) => void): Promise<void> {
  const loaded = await startingConfig(ctx);
  const what = kind.slice(0, -1);
  const file = messageFile(loaded);
  await editConfig(loaded, (config) => {
    const entries = config[kind] as Map<string, unknown>;
    if (!entries.has(name)) throw plainError(`cannot delete ${what} ${name}, not in ${file}`);
    beforeDelete?.(config);
    entries.delete(name);
  });
  ctx.io.stdout.write(`deleted ${what} ${name} from ${file}\n`);
}

/**
 * The one name of `delete-cluster` and `delete-context`; without exactly one, kubectl prints the
 * command's help and succeeds (after reading the config, which may fail), and so does this.
 */
export async function nameOrHelp(ctx: CommandContext, args: readonly string[], spec: CommandSpec): Promise<string | undefined> {
  if (args.length === 1) return args[0];
  await startingConfig(ctx);
  ctx.io.stdout.write(renderCommandHelp(spec, ctx.commandPath));
  return undefined;
}
