/**
 * What `run` does with an unknown top-level command: run the plugin it names, if there is one.
 */
import { COMMANDS } from '../commands/index.js';
import type { CliIO } from '../io/io.js';
import { executePlugin } from './execute.js';
import { findPlugin } from './lookup.js';
import { UsageError } from '../framework/usage-error.js';

/** Names and aliases of the built-in top-level commands (plugins cannot shadow them). */
export function builtinCommandNames(): string[] {
  return COMMANDS.flatMap((c) => [c.name, ...(c.aliases ?? [])]);
}

/**
 * Runs the plugin named by `argv[index]` and the words after it, and returns its exit code; returns
 * undefined when no plugin matches. Flags before the plugin name are an error when a plugin
 * matches (they would be lost), as in kubectl.
 */
export async function runPluginCommand(argv: readonly string[], index: number, io: CliIO): Promise<number | undefined> {
  const match = findPlugin(argv.slice(index), io.env, builtinCommandNames());
  if (match === undefined) return undefined;
  if (index > 0) throw new UsageError(`flags cannot be placed before plugin name: ${argv[0] ?? ''}`, false);
  await io.stdout.flush();
  return executePlugin(match.path, match.args, io.env);
}
