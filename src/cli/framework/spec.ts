/**
 * Declarative description of the command tree. One spec per command is the single source for
 * argument parsing, `--help`, shell completion and man pages, so those can never drift apart.
 * Specs are cheap to import; the implementation behind `load` is imported only when the command runs.
 * A spec also types its command's flags: `run` reads only the flags the spec declares, each with
 * the accessor of its type, or does not compile (`flag-reader.ts`).
 */
import type { CommandContext } from './context.js';
import type { FlagKey, FlagReader } from './flag-reader.js';

/**
 * Flag value types, with pflag semantics:
 * - `bool`: `--x`, `--x=true|false`;
 * - `string`, `int`, `duration`: `--x v`, `--x=v`, `-x v`, `-xv`, `-x=v`;
 * - `stringArray`: repeatable, each occurrence one value;
 * - `stringSlice`: repeatable, each occurrence split on commas.
 */
export type FlagType = 'bool' | 'string' | 'int' | 'duration' | 'stringArray' | 'stringSlice';

/** How the value of a flag or a positional argument completes in a shell. */
export type CompletionHint =
  | { kind: 'values'; values: readonly string[] }
  | { kind: 'file'; extensions?: readonly string[] }
  | { kind: 'dir' }
  | { kind: 'context' | 'cluster' | 'user' | 'namespace' | 'resource-type' | 'output' | 'none' };

/**
 * One flag. A command declares its flags inline in `defineCommand` (`define-command.ts`), which
 * keeps their names and types literal; shared flags are declared `as const satisfies FlagSpec`
 * for the same reason. The command's `run` then reads them through a {@link FlagReader} that knows
 * them (`flag-reader.ts`).
 */
export interface FlagSpec {
  /** Long name without dashes, e.g. `output`. Also the key of its value in the parsed flags. */
  name: string;
  /** One-letter short name, e.g. `o`. */
  short?: string;
  type: FlagType;
  /** Default shown in help and used when the flag is absent. */
  default?: string | number | boolean | readonly string[];
  /** One-line description. */
  description: string;
  /** Hidden flags parse but are not listed in help, completion or man pages. */
  hidden?: boolean;
  /** Deprecation message; a deprecated flag still works and prints a warning when used. */
  deprecated?: string;
  /**
   * pflag's `NoOptDefVal` of a valued flag: given bare (`--cascade`, `--validate`, `--dry-run`),
   * it takes this value and never the next word.
   */
  noOptDefault?: string;
  /** Printed (as a warning) when the flag has its {@link noOptDefault}: kubectl's deprecation of the bare form. */
  noOptWarning?: string;
  complete?: CompletionHint;
}

/** One example of a command, shown in help and man pages and run by the examples test. */
export interface ExampleSpec {
  /** What the example does, shown as a `#` comment above it. */
  description: string;
  /** The command line, starting with `platformctl`. */
  command: string;
  /** Why the examples test cannot run it against the local server (omit when it can). */
  notRunnable?: string;
}

/**
 * Where the manifests that help examples use are: the `examples/` directory of the platformctl
 * package, found through npm (`npm i -g` installs the package under `npm root -g`), so that an
 * example runs from any directory. Quoted for the shell: the path may hold spaces.
 */
export function examplePath(path: string): string {
  return `"$(npm root -g)/platformctl/examples/${path}"`;
}

/** How positional arguments of a command complete. */
export type ArgsCompletion =
  | 'none'
  | 'files'
  | 'resource-type-then-names'
  | 'resource-names-of-first-arg'
  | 'contexts'
  | 'clusters'
  | 'users'
  | { kind: 'values'; values: string[] };

/**
 * Implementation of a command: returns the exit code (undefined means 0). It reads the flags `F`
 * (by default any flag; a command's own runner reads those its spec declares, and a
 * `CommandRunner<never>` reads none).
 */
export type CommandRunner<F extends FlagKey = FlagSpec> = (ctx: CommandContext, args: string[], flags: FlagReader<F>) => Promise<number | void>;

/**
 * One command or command group. `L` is the type of its flags, as `defineCommand` infers it from
 * the inline list: its `load` must give a runner that reads no flag outside `flags` (a runner of
 * `FlagsOfSpec<typeof spec>`, or of fewer flags). Any `CommandSpec<L>` is a `CommandSpec`, which
 * the command tree handles.
 */
export interface CommandSpec<L extends readonly FlagSpec[] = readonly FlagSpec[]> {
  name: string;
  aliases?: string[];
  /** Usage line without the binary name and parents, e.g. `[TYPE[.VERSION][.GROUP] [NAME...]] [flags]`. */
  usage: string;
  /** One line, lower-case first word, no trailing period (as kubectl's short help). */
  summary: string;
  /** Longer description, plain paragraphs separated by blank lines. */
  description: string;
  examples: ExampleSpec[];
  flags: L;
  /** Help group on the root help page, e.g. `Basic Commands (Beginner)`. */
  group?: string;
  hidden?: boolean;
  args?: ArgsCompletion;
  subcommands?: CommandSpec[];
  /** Imports the implementation. Absent on groups that only hold subcommands. */
  load?: () => Promise<CommandRunner<L[number]>>;
}
