/**
 * The hidden `__complete` command: reads the partial command line, prints the candidates and the
 * directive on stdout (cobra's protocol), and always exits 0 so that a shell never shows an error
 * in the middle of a command line. Reached through the fast path in run.ts, which skips flag
 * parsing: the words are the user's half-typed command line, not flags of `__complete`.
 */
import { COMMANDS } from '../commands/index.js';
import type { CliIO } from '../io/io.js';
import { completePluginArgs, pluginCommandPaths } from '../plugins/completion.js';
import { complete, type PluginCompletion } from './engine.js';
import { Directive } from './directive.js';
import { formatDirectiveNote, formatResult, result, type CompletionResult } from './result.js';
import type { CompletionSources, SourcesFactory } from './sources.js';

/** Options of {@link runComplete}. */
export interface RunCompleteOptions {
  withDescriptions?: boolean;
}

/**
 * The config- and server-backed sources, imported on the first question: most completions
 * (commands, flags, fixed values) never ask one, and should not pay for loading that code.
 */
function deferredLiveSources(io: CliIO): SourcesFactory {
  return (settings) => {
    let loaded: Promise<CompletionSources> | undefined;
    const get = (): Promise<CompletionSources> => (loaded ??= import('./live-sources.js').then((m) => m.liveSources(io)(settings)));
    return {
      contexts: async () => (await get()).contexts(),
      clusters: async () => (await get()).clusters(),
      users: async () => (await get()).users(),
      namespaces: async () => (await get()).namespaces(),
      resourceTypes: async () => (await get()).resourceTypes(),
      resourceNames: async (type) => (await get()).resourceNames(type),
    };
  };
}

/** Plugin commands and argument completion from the PATH of `io`, loaded when first asked. */
function pluginCompletion(io: CliIO): PluginCompletion {
  const builtins = (): string[] => COMMANDS.flatMap((c) => [c.name, ...(c.aliases ?? [])]);
  return {
    commands: async () => pluginCommandPaths(io.env).map((p) => p[0] ?? ''),
    complete: async (words) => {
      const { subcommands, answer } = await completePluginArgs(words, io.env, builtins());
      const candidates = [...subcommands.map((value) => ({ value })), ...(answer?.candidates ?? [])];
      // Without an answer from the plugin, its arguments may be anything: file names, as kubectl.
      const directive = answer?.directive ?? (subcommands.length > 0 ? Directive.NoFileComp : Directive.Default);
      return result(candidates, directive);
    },
  };
}

/** Completes `words` and prints the answer; returns the exit code (always 0). */
export async function runComplete(words: readonly string[], io: CliIO, options: RunCompleteOptions = {}): Promise<number> {
  let res: CompletionResult;
  try {
    res = await complete(words, { sources: deferredLiveSources(io), plugins: pluginCompletion(io) });
  } catch (err) {
    // Completion must never break the command line: report and tell the shell to do nothing.
    io.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    res = result([], Directive.Error);
  }
  io.stdout.write(formatResult(res, options.withDescriptions ?? true));
  io.stderr.write(formatDirectiveNote(res));
  await io.stdout.flush();
  return 0;
}
