/**
 * One command line parsed against a list of flags, outside the command tree: the argv normalizer
 * and commander, as for a command, with pflag's errors. For tests of flags without running a
 * command (the flags of `local start`, printer options).
 */
import { Command, CommanderError } from 'commander';
import { declareFlags, flagValuesOf } from '../../src/cli/framework/command-options.js';
import { usageErrorFrom } from '../../src/cli/framework/commander-errors.js';
import type { FlagValues } from '../../src/cli/framework/flag-values.js';
import { argsBeforeDash, normalizeArgv } from '../../src/cli/framework/pflag-argv.js';
import type { FlagSpec } from '../../src/cli/framework/spec.js';

/** The result of parsing a command line. */
export interface ParsedCommandLine {
  args: string[];
  flags: FlagValues;
}

/** Parses `argv` (everything after the command path) against `specs`. */
export function parseCommandLine(argv: readonly string[], specs: readonly FlagSpec[]): ParsedCommandLine {
  const cmd = new Command('parse')
    .exitOverride()
    .configureOutput({ writeOut: () => undefined, writeErr: () => undefined, outputError: () => undefined })
    .allowExcessArguments(true)
    .helpOption(false);
  const bindings = declareFlags(cmd, specs);
  const normalized = normalizeArgv(argv, specs);
  try {
    cmd.parse(normalized, { from: 'user' });
  } catch (err) {
    if (!(err instanceof CommanderError)) throw err;
    throw usageErrorFrom(err, []) ?? err;
  }
  return { args: [...cmd.args], flags: flagValuesOf(cmd, bindings).withArgsLenAtDash(argsBeforeDash(normalized, specs)) };
}
