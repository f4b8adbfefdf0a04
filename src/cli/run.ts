/**
 * The CLI as a function: `run(argv, io)` finds the command, lets commander parse the line and
 * dispatch to it, runs it and returns the exit code. It never exits the process (only main.ts
 * does), so tests call it in-process.
 *
 * The steps, each in its own module: locate the command words (framework/locate.ts, importing only
 * the specs on that path), rewrite pflag's idioms for commander (framework/pflag-argv.ts), build the
 * commander tree of this invocation (framework/command-tree.ts), parse; the invoked command's
 * action hands the parsed invocation to {@link execute}, the one place where a command runs.
 */
import { CommanderError, type Command } from 'commander';
import { clientVersion } from './build-info.js';
import { changeCause } from './framework/change-cause.js';
import { createContext } from './framework/context.js';
import { addStub, buildChain, createRoot, type Invocation } from './framework/command-tree.js';
import { declareFlags, declaredFlags } from './framework/command-options.js';
import { locateCommand } from './framework/locate.js';
import { argsBeforeDash, mentionedFlags, normalizeArgv } from './framework/pflag-argv.js';
import type { CommandSpec, FlagSpec } from './framework/spec.js';
import { UsageError } from './framework/usage-error.js';
import { GLOBAL_FLAGS, globalOptionsFrom } from './flags/global.js';
import { HELPER_SERVE_WORD } from './startup/helper/words.js';
import { isInterruption } from './interrupt.js';
import type { CliIO } from './io/io.js';
import { cliColors, colorsFor } from './io/colors.js';
import { BrokenPipeError } from './io/process-io.js';

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
    if (argv[0] === HELPER_SERVE_WORD) {
      const { serveHelper } = await import('./startup/helper/serve.js');
      return await serveHelper(argv[1] ?? '', Number(argv[2]));
    }
    const located = await locateCommand(argv, GLOBAL_FLAGS);
    if (located.unknown !== undefined) {
      // An unknown command may be a plugin (`platformctl-<name>` on PATH): run it and pass its exit code on.
      const { runPluginCommand } = await import('./plugins/handler.js');
      const code = await runPluginCommand(argv, located.unknown.index, io);
      if (code !== undefined) return code;
    }
    path = located.chain.map((s) => s.name);

    let exitCode = 0;
    const executor = async (invocation: Invocation): Promise<void> => {
      verbosity = globalOptionsFrom(invocation.flags).verbosity;
      exitCode = await execute(io, { ...invocation, flags: invocation.flags.withArgsLenAtDash(atDash) }, () => changeCause(path, normalized, flags));
    };
    // Commander writes the help of a group named without a subcommand to its error stream
    // (`help({ error: true })`); ours prints it on stdout and exits 0, so it is held until then.
    let heldHelp = '';
    const output = { writeOut: (t: string) => io.stdout.write(t), writeErr: (t: string) => (heldHelp += t) };
    const root = createRoot(output, located.chain.length === 0 ? clientVersion().gitVersion : undefined);
    let command: Command = root;
    let flags = GLOBAL_FLAGS;
    if (located.chain.length === 0) {
      const { topLevelCommands } = await import('./framework/top-level.js');
      for (const stub of await topLevelCommands()) addStub(root, stub);
      flags = declaredFlags(declareFlags(root, [], GLOBAL_FLAGS));
      // The root alone prints its help on stdout and exits 0, as kubectl's does; after an unknown
      // word it has no action, so that commander reports the unknown command with suggestions.
      if (located.unknown === undefined) root.action(() => root.outputHelp());
    } else {
      const invokedSpec = located.chain[located.chain.length - 1];
      const used = mentionedFlags(located.argv.slice(path.length), [...(invokedSpec?.flags ?? []), ...GLOBAL_FLAGS]);
      const built = buildChain(root, located.chain, GLOBAL_FLAGS, executor, used);
      command = built.command;
      flags = declaredFlags(built.bindings);
    }
    const normalized = normalizeArgv(located.argv.slice(path.length), flags);
    const atDash = argsBeforeDash(normalized, flags);
    try {
      await root.parseAsync([...path, ...normalized], { from: 'user' });
    } catch (err) {
      if (!(err instanceof CommanderError)) throw err;
      const { usageErrorFrom } = await import('./framework/commander-errors.js');
      const usage = usageErrorFrom(err, [root.name(), ...commandWords(command)], await availableCommands(located.chain), positionalWords(normalized, flags));
      if (usage !== undefined) throw usage;
      // Help or version was printed, or is held for stdout.
      io.stdout.write(heldHelp);
      return 0;
    }
    return exitCode;
  } catch (err) {
    if (err instanceof BrokenPipeError) return 141;
    // Ctrl-C cancelled what was running: that is not an error to print (main.ts exits with 130).
    if (isInterruption(err, io.signal)) return 130;
    try {
      const { reportError } = await import('./framework/report-error.js');
      return reportError(err, io.stderr, path, verbosity, await colorsFor(io, io.stderr));
    } catch (writeErr) {
      if (writeErr instanceof BrokenPipeError) return 141;
      throw writeErr;
    }
  }
}

/** The commands cobra would suggest from: the visible subcommands of the deepest command named, or the top-level ones. */
async function availableCommands(chain: readonly CommandSpec[]): Promise<string[]> {
  const parent = chain[chain.length - 1];
  if (parent !== undefined) return (parent.subcommands ?? []).filter((c) => c.hidden !== true).map((c) => c.name);
  const { topLevelCommands } = await import('./framework/top-level.js');
  return (await topLevelCommands()).filter((c) => c.hidden !== true).map((c) => c.name);
}

/** The positional words of a line {@link normalizeArgv} rewrote (valued flags take the next word unless `--x=v`). */
function positionalWords(normalized: readonly string[], flags: readonly FlagSpec[]): string[] {
  const valued = new Set(flags.filter((f) => f.type !== 'bool').map((f) => f.name));
  const out: string[] = [];
  for (let i = 0; i < normalized.length; i++) {
    const tok = normalized[i] as string;
    if (tok === '--') {
      out.push(...normalized.slice(i + 1));
      break;
    }
    if (tok.startsWith('-') && tok.length > 1) {
      if (tok.startsWith('--') && !tok.includes('=') && valued.has(tok.slice(2))) i++;
      continue;
    }
    out.push(tok);
  }
  return out;
}

/** The command words of `cmd` below the root. */
function commandWords(cmd: Command): string[] {
  const words: string[] = [];
  for (let c: Command | null = cmd; c?.parent != null; c = c.parent) words.unshift(c.name());
  return words;
}

/**
 * Runs a parsed invocation: the command's context, deprecation warnings, the implementation
 * (imported now), then the stdout flush and kubectl's --warnings-as-errors. Returns the exit code.
 */
async function execute(io: CliIO, invocation: Invocation, commandLine: () => string): Promise<number> {
  const { spec, path, args, flags } = invocation;
  // A command's own flag shadows a global one of the same name (`create rolebinding --user` names a
  // subject, not the kubeconfig user), as a cobra local flag shadows a persistent one.
  const globalNames = new Set(GLOBAL_FLAGS.map((f) => f.name));
  const globals = globalOptionsFrom(flags, new Set(spec.flags.map((f) => f.name).filter((n) => globalNames.has(n))));
  const ctx = createContext(io, globals, path, await cliColors(io), commandLine);
  for (const f of spec.flags) {
    // pflag's words, which kubectl prints for its deprecated flags (--record).
    if (f.deprecated !== undefined && flags.changed(f.name)) io.stderr.write(`Flag --${f.name} has been deprecated, ${f.deprecated}\n`);
    if (f.noOptWarning !== undefined && flags.changed(f.name) && flags.string(f.name) === f.noOptDefault) ctx.warn(f.noOptWarning);
  }
  if (spec.load === undefined) throw new UsageError(`${path.join(' ')} takes a subcommand`);
  const runner = await spec.load();
  let code: number | void;
  try {
    code = await runner(ctx, args, flags);
  } catch (err) {
    const { withLocalServerHint } = await import('./framework/local-server-hint.js');
    throw await withLocalServerHint(err, ctx);
  }
  await io.stdout.flush();
  // kubectl's --warnings-as-errors: the command ran, but any server warning makes it fail.
  if (globals.warningsAsErrors && ctx.warningCount > 0) {
    const n = ctx.warningCount;
    io.stderr.write(`${ctx.colors.stderr.red('error:')} ${n} warning${n === 1 ? '' : 's'} received\n`);
    return 1;
  }
  return code ?? 0;
}
