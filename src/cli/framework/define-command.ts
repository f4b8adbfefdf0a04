/**
 * The one way to declare a command or group: `export const spec = defineCommand({ name, usage,
 * ..., flags: [...], load })`, with the flags inline. The `const` type parameter keeps each flag's
 * literal name and type (no `as const satisfies`), and the command's `run` reads its flags as
 * `FlagsOfSpec<typeof spec>`, so that a misspelled or undeclared flag does not compile.
 *
 * Why the runner is checked where the spec is used rather than in this call: `run.ts` takes its
 * flags' type from the spec, and the spec's `load` imports `run.ts`. Were the call to compare the
 * loaded runner with the flags, the spec's type would depend on itself (TypeScript reports the
 * spec as implicitly any). So the call only records the runner's type `R`; the spec's `load`
 * gives a `CommandRunner` of its flags when `R` reads no other flag, and otherwise a type no
 * `CommandSpec` accepts: the group or the command table that lists the command does not compile.
 * For the same reason a runner reading the spec's flags is a function declaration (`export async
 * function run`), whose type TypeScript resolves lazily, not a `const run: CommandRunner<Flags>`.
 */
import type { FlagsOf } from './flag-reader.js';
import type { CommandRunner, CommandSpec, FlagSpec } from './spec.js';

/** What a runner that reads a flag its spec does not declare (or reads one as another type) loads as. */
interface MismatchedRunner<R> {
  readonly 'the runner reads a flag its spec does not declare, or with another type': R;
}

/** `R` when it reads only the flags `L` declares, with their types; else a {@link MismatchedRunner}. */
type CheckedRunner<L extends readonly FlagSpec[], R> = [R] extends [CommandRunner<L[number]>] ? CommandRunner<L[number]> : MismatchedRunner<R>;

/** A command declared by {@link defineCommand}: a `CommandSpec<L>` when its runner `R` fits its flags. */
export type DefinedCommand<L extends readonly FlagSpec[], R> = Omit<CommandSpec<L>, 'load'> & { load?: () => Promise<CheckedRunner<L, R>> };

/** Declares a command with its flags inline (a group: with `flags: []` and `subcommands`). */
export function defineCommand<const L extends readonly FlagSpec[], R = CommandRunner<never>>(spec: Omit<CommandSpec<L>, 'load'> & { load?: () => Promise<R> }): DefinedCommand<L, R> {
  // The runner is checked where the spec is used as a `CommandSpec` (see above).
  return spec as DefinedCommand<L, R>;
}

/** The flags of a command as its `run` reads them: `type Flags = FlagsOfSpec<typeof spec>`. */
export type FlagsOfSpec<S extends { flags: readonly FlagSpec[] }> = FlagsOf<S['flags']>;
