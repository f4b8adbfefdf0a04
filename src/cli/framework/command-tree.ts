/**
 * The commander tree of one invocation, built from the declarative specs. Only what the invocation
 * needs is built: the root names the top-level commands (name, aliases, summary, group: enough for
 * dispatch, root help and suggestions), the commands on the invoked path are built from their
 * specs, their children are named, and only the invoked command declares its flags and an action
 * that imports the implementation (`spec.load`) when it runs.
 *
 * Every command has kubectl's settings: commander's errors are thrown (`exitOverride`) so that only
 * main.ts exits, output goes through the CLI's IO (`configureOutput`), help has kubectl's layout
 * (kubectl-help.ts), options are positional (the caller puts the command words first, so every flag
 * reaches the invoked command), and there is no implicit help command (`help` is a command of ours).
 */
import { Command } from 'commander';
import { BINARY_NAME } from '../../sdk/naming.js';
import { declareFlags, flagValuesOf } from './command-options.js';
import type { FlagBinding } from './command-options.js';
import { setExamples } from './command-registry.js';
import type { FlagValues } from './flag-values.js';
import { KUBECTL_HELP } from './kubectl-help.js';
import type { CommandSpec, FlagSpec } from './spec.js';
import { KUSTOMIZE_VERSION } from '../build-info.js';

/** The root page's description, as kubectl's root help opens. */
export const ROOT_DESCRIPTION = `${BINARY_NAME} controls a platform cluster: a kubectl-equivalent client for the platform cluster API.`;

/** Where commander writes help and version text. */
export interface TreeOutput {
  writeOut(text: string): void;
  writeErr(text: string): void;
}

/** A top-level or sub command known by name only (not invoked). */
export interface CommandStub {
  name: string;
  summary: string;
  aliases?: readonly string[];
  group?: string;
  hidden?: boolean;
}

/** A parsed invocation of a runnable command, handed to the executor by the command's action. */
export interface Invocation {
  spec: CommandSpec;
  /** The command words without the binary name, e.g. `['config', 'view']`. */
  path: string[];
  args: string[];
  flags: FlagValues;
}

/** Runs an invocation (run.ts: context, deprecation warnings, the runner, exit code). */
export type Executor = (invocation: Invocation) => Promise<void>;

/** The root command, configured; with `version`, it has `--version` (when the root itself is invoked). */
export function createRoot(output: TreeOutput, version?: string): Command {
  const root = new Command(BINARY_NAME);
  root
    .description(ROOT_DESCRIPTION)
    .usage('[flags] [options]')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => output.writeOut(text),
      writeErr: (text) => output.writeErr(text),
      // Errors are reworded into kubectl's messages and reported by run.ts, not printed here.
      outputError: () => undefined,
      getOutHasColors: () => false,
      getErrHasColors: () => false,
    })
    .configureHelp(KUBECTL_HELP)
    .enablePositionalOptions()
    .helpCommand(false);
  // kubectl has no --version; `platformctl --version` prints what `version --client` prints.
  if (version !== undefined) root.version(`Client Version: ${version}\nKustomize Version: ${KUSTOMIZE_VERSION}`, '--version', 'Print the client version and exit');
  return root;
}

/** Names a command under `parent` without building it. */
export function addStub(parent: Command, stub: CommandStub): Command {
  const cmd = parent.command(stub.name, { hidden: stub.hidden === true });
  cmd.summary(stub.summary).description(stub.summary).helpCommand(false);
  if (stub.aliases !== undefined && stub.aliases.length > 0) cmd.aliases([...stub.aliases]);
  if (stub.group !== undefined) cmd.helpGroup(stub.group);
  return cmd;
}

/** A spec's stub: what its parent needs to list and dispatch to it. */
export function stubOf(spec: CommandSpec): CommandStub {
  return {
    name: spec.name,
    summary: spec.summary,
    ...(spec.aliases === undefined ? {} : { aliases: spec.aliases }),
    ...(spec.group === undefined ? {} : { group: spec.group }),
    ...(spec.hidden === undefined ? {} : { hidden: spec.hidden }),
  };
}

/** The flags of the invoked command, once built: for the argv normalizer. */
export interface BuiltCommand {
  command: Command;
  bindings: FlagBinding[];
}

/**
 * Builds `chain` (the specs from a top-level command down to the invoked one) under `root`: each
 * command with its description, usage and examples and its other children named; the last one also
 * with its flags (then the global ones) and, when it runs, an action that hands the parsed
 * invocation to `execute`.
 */
export function buildChain(root: Command, chain: readonly CommandSpec[], globals: readonly FlagSpec[], execute: Executor, usedGlobals?: ReadonlySet<string>): BuiltCommand {
  return buildLink(root, chain, 0, { globals, execute, usedGlobals });
}

interface BuildContext {
  globals: readonly FlagSpec[];
  execute: Executor;
  usedGlobals: ReadonlySet<string> | undefined;
}

function buildLink(parent: Command, chain: readonly CommandSpec[], i: number, build: BuildContext): BuiltCommand {
  const spec = chain[i];
  if (spec === undefined) throw new Error('buildChain: empty command chain');
  const cmd = addStub(parent, stubOf(spec));
  cmd.description(spec.description).usage(spec.usage);
  setExamples(cmd, spec.examples);
  const next = chain[i + 1];
  let built: BuiltCommand | undefined;
  // Children in the spec's order, which help lists them in.
  for (const sub of spec.subcommands ?? []) {
    if (sub === next) built = buildLink(cmd, chain, i + 1, build);
    else addStub(cmd, stubOf(sub));
  }
  if (next === undefined) return invoked(cmd, spec, chain.map((s) => s.name), build);
  if (built === undefined) throw new Error(`buildChain: ${next.name} is not a subcommand of ${spec.name}`);
  return built;
}

/** Declares the invoked command's flags and action. */
function invoked(cmd: Command, spec: CommandSpec, path: string[], { globals, execute, usedGlobals }: BuildContext): BuiltCommand {
  const bindings = declareFlags(cmd, spec.flags, globals, usedGlobals);
  // Positional arguments are the runner's to check (kubectl's commands validate their own).
  cmd.allowExcessArguments(true);
  if (spec.load !== undefined) {
    cmd.action(async () => {
      await execute({ spec, path, args: [...cmd.args], flags: flagValuesOf(cmd, bindings) });
    });
  }
  return { command: cmd, bindings };
}
