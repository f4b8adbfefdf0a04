/**
 * The top-level commands by name, summary and group, for the root help page and for commander's
 * suggestions after an unknown command: from the generated index (no spec imported), or from the
 * specs when the index is stale.
 */
import { BUILTIN_COMMANDS } from '../completion/command-line.js';
import type { CommandStub } from './command-tree.js';

/** Every top-level command as a stub, in the order root help lists them within their groups. */
export async function topLevelCommands(): Promise<CommandStub[]> {
  return (await BUILTIN_COMMANDS.all()).map((c) => ({
    name: c.name,
    summary: c.summary,
    ...(c.group === undefined ? {} : { group: c.group }),
    ...(c.hidden === undefined ? {} : { hidden: c.hidden }),
  }));
}
