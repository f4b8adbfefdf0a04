/**
 * `platformctl help [COMMAND...]`, as cobra's help command: the help of the deepest command the
 * words name (words past it are ignored, as cobra ignores them); an unknown top-level word prints
 * "Unknown help topic" and the root help on stderr, and still exits 0.
 */
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import type { CommandSpec } from '../../framework/spec.js';

export async function run(ctx: CommandContext, args: string[], _flags: Flags): Promise<number> {
  const [help, { topLevelCommands }, { findCommand }] = await Promise.all([
    import('../../framework/help.js'),
    import('../../framework/top-level.js'),
    import('../index.js'),
  ]);
  const [first, ...more] = args;
  if (first === undefined) {
    ctx.io.stdout.write(help.renderRootHelp(await topLevelCommands()));
    return 0;
  }
  const entry = findCommand(first);
  if (entry === undefined) {
    ctx.io.stderr.write(`Unknown help topic [${args.map((a) => `\`${a}\``).join(' ')}]\n`);
    ctx.io.stderr.write(help.renderRootHelp(await topLevelCommands()));
    return 0;
  }
  let spec: CommandSpec = await entry.load();
  const path = [spec.name];
  for (const word of more) {
    const sub = (spec.subcommands ?? []).find((s) => s.name === word || (s.aliases ?? []).includes(word));
    if (sub === undefined) break;
    spec = sub;
    path.push(sub.name);
  }
  ctx.io.stdout.write(help.renderCommandHelp(spec, path));
  return 0;
}
