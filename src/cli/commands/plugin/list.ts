import { BINARY_NAME, PLUGIN_PREFIX } from '../../../sdk/naming.js';
import { findCommand } from '../index.js';
import type { CommandContext } from '../../framework/context.js';
import type { CommandSpec } from '../../framework/spec.js';
import { ExitError } from '../../framework/usage-error.js';
import { scanPlugins } from '../../plugins/list.js';
import type { ListFlags } from './spec.js';

/** The built-in command a plugin named after `path` would stand for (`get x` → `platformctl get`). */
async function builtinCommand(path: readonly string[]): Promise<string | undefined> {
  const entry = path[0] === undefined ? undefined : findCommand(path[0]);
  if (entry === undefined) return undefined;
  let spec: CommandSpec = await entry.load();
  const names = [spec.name];
  for (const word of path.slice(1)) {
    const sub = (spec.subcommands ?? []).find((s) => s.name === word || (s.aliases ?? []).includes(word));
    if (sub === undefined) break;
    spec = sub;
    names.push(sub.name);
  }
  return [BINARY_NAME, ...names].join(' ');
}

/** `plugin list`: the plugins on PATH, with kubectl's warnings on stderr. */
export async function run(ctx: CommandContext, _args: string[], flags: ListFlags): Promise<void> {
  const { io } = ctx;
  const scan = await scanPlugins(io.env, builtinCommand);
  for (const u of scan.unreadable) io.stderr.write(`Unable to read directory "${u.dir}" from your PATH: ${u.reason}. Skipping...\n`);
  const errors: string[] = [];
  let warnings = 0;
  if (scan.plugins.length > 0) io.stdout.write('The following compatible plugins are available:\n\n');
  for (const p of scan.plugins) {
    io.stdout.write(`${flags.bool('name-only') ? p.name : p.path}\n`);
    for (const w of p.warnings) {
      io.stderr.write(`  - ${w}\n`);
      warnings++;
    }
  }
  if (scan.skipped.length > 0) {
    // krew users find their kubectl plugins here: say they were seen, and why they do not run.
    const n = scan.skipped.length;
    io.stderr.write(`Skipped ${n} kubectl plugin${n === 1 ? '' : 's'} (${BINARY_NAME} runs only ${PLUGIN_PREFIX}* executables; link one as ${PLUGIN_PREFIX}NAME to use it):\n`);
    for (const s of scan.skipped) io.stderr.write(`  - ${flags.bool('name-only') ? s.name : s.path}\n`);
  }
  if (scan.plugins.length === 0) errors.push(`error: unable to find any ${BINARY_NAME} plugins in your PATH`);
  if (warnings === 1) errors.push('error: one plugin warning was found');
  else if (warnings > 1) errors.push(`error: ${warnings} plugin warnings were found`);
  if (errors.length > 0) {
    await io.stdout.flush();
    throw new ExitError(1, errors.join('\n'));
  }
}
