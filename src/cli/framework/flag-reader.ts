/**
 * Typed flags: what a command's `run` (and each helper it hands its flags to) may read, derived
 * from the flags the command's spec declares, so that a misspelled name, a flag the command does
 * not declare, or a read with the wrong accessor (`.string()` of a bool flag) is a compile error
 * instead of a silent `false`/`undefined`. Types only: the value a runner receives is the
 * `FlagValues` of the invocation (`flag-values.ts`), which answers any name.
 *
 * A spec keeps its flags' literal names and types by declaring them inline in `defineCommand`
 * (shared flags and flag builders are declared `as const satisfies` a `FlagSpec`), and exports
 * `type Flags = FlagsOfSpec<typeof spec>` for its `run`. A helper declares the slice it reads, e.g.
 * `FlagReader<typeof DRY_RUN_FLAG>`: passing a command's flags to it compiles only when the
 * command declares every flag of the slice, with the same type.
 *
 * A helper serving several commands of which only some declare a flag reads it with
 * `flags.optional(SELECTOR_FLAG)`: by the flag's shared constant rather than by a name, and
 * undefined where the running command does not declare it (the invocation's values know which
 * flags the command declares).
 */
import type { FlagSpec, FlagType } from './spec.js';

/** The part of a flag that typing needs: its long name and its value type. */
export type FlagKey = Pick<FlagSpec, 'name' | 'type'>;

/** The value of a flag of type `T`, as the accessor of that type reads it (a `duration` as its text). */
export type FlagValue<T extends FlagType> = T extends 'bool' ? boolean : T extends 'int' ? number : T extends 'stringArray' | 'stringSlice' ? string[] : string;

/**
 * The long names of the flags among `F` whose type is one of `T` (of the wide `FlagSpec`, any
 * name: its type may be any).
 */
export type FlagName<F extends FlagKey, T extends FlagType> = F extends unknown ? ([Extract<F['type'], T>] extends [never] ? never : F['name']) : never;

/**
 * `F` reduced to `{ name, type }` pairs, so that two readers compare by names and types only
 * (a helper's hand-written slice matches the full spec of the same flag).
 */
type KeysOf<F extends FlagKey> = F extends unknown ? { name: F['name']; type: F['type'] } : never;

/**
 * The accessors over `F`'s pairs. They are function-typed properties, not methods, on purpose:
 * TypeScript compares method parameters bivariantly, which would let a reader of few flags stand
 * for one of more; properties are compared contravariantly, so a command's reader is assignable
 * to a helper's only when the command declares every flag the helper reads.
 */
interface Reader<F extends FlagKey> {
  /** True when the user gave the flag on the command line (even with its default value). */
  readonly changed: (name: F['name']) => boolean;
  /** A `bool` flag. */
  readonly bool: (name: FlagName<F, 'bool'>) => boolean;
  /** A `string` flag, or the text of a `duration` flag. */
  readonly string: (name: FlagName<F, 'string' | 'duration'>) => string | undefined;
  /** An `int` flag. */
  readonly int: (name: FlagName<F, 'int'>) => number | undefined;
  /** A `stringArray` or `stringSlice` flag. */
  readonly strings: (name: FlagName<F, 'stringArray' | 'stringSlice'>) => string[];
  /** A `duration` flag in milliseconds. */
  readonly durationMs: (name: FlagName<F, 'duration'>) => number | undefined;
  /** How many positional arguments came before `--` on the command line (-1: none; cobra's `ArgsLenAtDash`). */
  readonly argsLenAtDash: () => number;
  /**
   * A flag that only some of the commands calling a helper declare, read through its spec (a
   * shared constant, so that its name cannot be misspelled): its value, by the accessor of the
   * spec's type, when the running command declares a flag of that name; undefined when it does not.
   */
  readonly optional: <K extends FlagSpec>(flag: K) => FlagValue<K['type']> | undefined;
  /** Whether the user gave `flag` on the command line: false when the running command does not declare it. */
  readonly optionalChanged: (flag: FlagSpec) => boolean;
}

/**
 * The flags `F` (flag specs, or `{ name, type }` pairs) as a command or helper reads them:
 * each accessor takes only the names of `F`'s flags of its type.
 */
export type FlagReader<F extends FlagKey> = Reader<KeysOf<F>>;

/** The reader of a list of flags, e.g. a spec's `flags`, typed for its `run` (`FlagsOfSpec<typeof spec>` reads those). */
export type FlagsOf<L extends readonly FlagKey[]> = FlagReader<L[number]>;

/** A reader that only asks whether the flags named `N` (of any type) were given: for checks of required flags. */
export type ChangedReader<N extends string> = Pick<FlagReader<{ name: N; type: FlagType }>, 'changed'>;
