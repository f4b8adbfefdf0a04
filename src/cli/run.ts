/**
 * The CLI as a function: `run(argv, io)` finds the command, parses its flags, runs it and returns
 * the exit code. It never exits the process (only main.ts does), so tests call it in-process.
 */
import { COMMANDS, findCommand, loadAllSpecs } from './commands/index.js';
import { createContext } from './framework/context.js';
import { parseCommandLine } from './framework/parse.js';
import type { CommandSpec, FlagSpec } from './framework/spec.js';
import { closest } from './framework/suggest.js';
import { UsageError } from './framework/usage-error.js';
import { GLOBAL_FLAGS, globalOptionsFrom } from './flags/global.js';
import { isInterruption } from './interrupt.js';
import type { CliIO } from './io/io.js';
import { BrokenPipeError } from './io/process-io.js';

/** The `-h, --help` flag every command accepts. */
export const HELP_FLAG: FlagSpec = { name: 'help', short: 'h', type: 'bool', default: false, description: 'help for the command', hidden: true };

/** `platformctl --version`: the client version, as `version --client` prints it. */
export const VERSION_FLAG: FlagSpec = { name: 'version', type: 'bool', default: false, description: 'Print the client version and exit', hidden: true };

/** Position of the next positional argument in `argv` from `start`, skipping flags and their values. */
export function nextPositional(argv: readonly string[], start: number, flags: readonly FlagSpec[]): number {
  const valued = new Set<string>();
  for (const f of flags) {
    if (f.type === 'bool') continue;
    valued.add(`--${f.name}`);
    if (f.short !== undefined) valued.add(`-${f.short}`);
  }
  for (let i = start; i < argv.length; i++) {
    const tok = argv[i] as string;
    if (tok === '--') return -1;
    if (!tok.startsWith('-') || tok === '-') return i;
    if (valued.has(tok)) i++;
  }
  return -1;
}

/** An unknown top-level command; `index` is its position in argv (a plugin may answer to it). */
export class UnknownCommandError extends UsageError {
  readonly index: number;
  constructor(message: string, index: number) {
    super(message, false);
    this.index = index;
  }
}

/** A resolved command: its spec, its path, and the argv left after removing the path words. */
export interface ResolvedCommand {
  spec: CommandSpec;
  path: string[];
  rest: string[];
}

/**
 * Finds the command that `argv` names, descending into subcommands. Returns undefined for the
 * root (no command word). Throws a {@link UsageError} for an unknown command.
 */
export async function resolveCommand(argv: readonly string[]): Promise<ResolvedCommand | undefined> {
  const first = nextPositional(argv, 0, GLOBAL_FLAGS);
  if (first < 0) return undefined;
  const name = argv[first] as string;
  const entry = findCommand(name);
  if (entry === undefined) {
    // Hidden commands (`__complete`) are never suggested.
    const names = COMMANDS.map((c) => c.name).filter((n) => !n.startsWith('__'));
    const hint = closest(name, names);
    const { BINARY_NAME } = await import('../sdk/naming.js');
    throw new UnknownCommandError(
      `unknown command "${name}" for "${BINARY_NAME}"${hint.length > 0 ? `\n\nDid you mean this?\n\t${hint.join('\n\t')}\n` : ''}`,
      first,
    );
  }
  let spec = await entry.load();
  const path = [spec.name];
  let rest = [...argv.slice(0, first), ...argv.slice(first + 1)];
  while (spec.subcommands !== undefined && spec.subcommands.length > 0) {
    const idx = nextPositional(rest, 0, [...GLOBAL_FLAGS, ...spec.flags]);
    if (idx < 0) break;
    const word = rest[idx] as string;
    const sub = spec.subcommands.find((s) => s.name === word || (s.aliases ?? []).includes(word));
    if (sub === undefined) {
      if (spec.load !== undefined) break; // a runnable group takes positional arguments itself
      const hint = closest(word, spec.subcommands.filter((s) => !s.hidden).map((s) => s.name));
      const { BINARY_NAME } = await import('../sdk/naming.js');
      throw new UsageError(
        `unknown command "${word}" for "${[BINARY_NAME, ...path].join(' ')}"${hint.length > 0 ? `\n\nDid you mean this?\n\t${hint.join('\n\t')}\n` : ''}`,
        false,
      );
    }
    spec = sub;
    path.push(sub.name);
    rest = [...rest.slice(0, idx), ...rest.slice(idx + 1)];
  }
  return { spec, path, rest };
}

/** Runs the CLI with `argv` (without the node and script paths) and returns the exit code. */
export async function run(argv: readonly string[], io: CliIO): Promise<number> {
  let path: string[] = [];
  let verbosity = 0;
  try {
    // `__complete` takes the user's half-typed command line as it is (cobra's DisableFlagParsing),
    // and loads only the completion code: it runs on every <TAB>.
    if (argv[0] === '__complete' || argv[0] === '__completeNoDesc') {
      const { runComplete } = await import('./completion/run-complete.js');
      return await runComplete(argv.slice(1), io, { withDescriptions: argv[0] === '__complete' });
    }
    let resolved: ResolvedCommand | undefined;
    try {
      resolved = await resolveCommand(argv);
    } catch (err) {
      // An unknown command may be a plugin (`platformctl-<name>` on PATH): run it and pass its exit code on.
      if (!(err instanceof UnknownCommandError)) throw err;
      const { runPluginCommand } = await import('./plugins/handler.js');
      const code = await runPluginCommand(argv, err.index, io);
      if (code === undefined) throw err;
      return code;
    }
    // Help and error reporting are imported only when needed: they are not on the start-up path.
    if (resolved === undefined) {
      const root = parseCommandLine(argv, [...GLOBAL_FLAGS, HELP_FLAG, VERSION_FLAG]);
      if (root.flags.bool('version')) {
        const { clientVersion } = await import('./build-info.js');
        io.stdout.write(`Client Version: ${clientVersion().gitVersion}\n`);
        return 0;
      }
      const { renderRootHelp } = await import('./framework/help.js');
      io.stdout.write(renderRootHelp(await loadAllSpecs()));
      return 0;
    }
    path = resolved.path;
    const { spec, rest } = resolved;
    // A command's own flag shadows the global one of the same name, as cobra's local flags do
    // (`set subject --user` names a subject, not a config user).
    const own = new Set(spec.flags.map((f) => f.name));
    const parsed = parseCommandLine(rest, [...spec.flags, ...GLOBAL_FLAGS.filter((f) => !own.has(f.name)), HELP_FLAG]);
    const globals = globalOptionsFrom(parsed.flags.without(own));
    verbosity = globals.verbosity;
    if (parsed.flags.bool('help') || spec.load === undefined) {
      const { renderCommandHelp } = await import('./framework/help.js');
      io.stdout.write(renderCommandHelp(spec, path));
      return 0;
    }
    const ctx = createContext(io, globals, path);
    for (const f of spec.flags) {
      if (f.deprecated !== undefined && parsed.flags.changed(f.name)) ctx.warn(`--${f.name} is deprecated: ${f.deprecated}`);
    }
    const runner = await spec.load();
    const code = await runner(ctx, parsed.args, parsed.flags);
    await io.stdout.flush();
    // kubectl's --warnings-as-errors: the command ran, but any server warning makes it fail.
    if (globals.warningsAsErrors && ctx.warningCount > 0) {
      const n = ctx.warningCount;
      io.stderr.write(`error: ${n} warning${n === 1 ? '' : 's'} received\n`);
      return 1;
    }
    return code ?? 0;
  } catch (err) {
    if (err instanceof BrokenPipeError) return 141;
    // Ctrl-C cancelled what was running: that is not an error to print (main.ts exits with 130).
    if (isInterruption(err, io.signal)) return 130;
    try {
      const { reportError } = await import('./framework/report-error.js');
      return reportError(err, io.stderr, path, verbosity);
    } catch (writeErr) {
      if (writeErr instanceof BrokenPipeError) return 141;
      throw writeErr;
    }
  }
}
