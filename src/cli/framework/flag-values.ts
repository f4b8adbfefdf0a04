import { parseGoDuration } from '../../machinery/go-duration.js';
import type { FlagReader, FlagValue } from './flag-reader.js';
import type { FlagSpec } from './spec.js';
import { UsageError } from './usage-error.js';

type Raw = string | number | boolean | readonly string[] | undefined;

/**
 * Parsed flag values of one invocation, keyed by long flag name, with typed accessors. It answers
 * any name (an unknown flag reads as absent); commands read it through the {@link FlagReader}
 * their spec's flags give (`flag-reader.ts`), so that a name they do not declare does not compile.
 * The keys of its values are the flags the command declares (each has its value or default), which
 * is how {@link FlagValues.optional} knows whether the running command has a flag.
 */
export class FlagValues implements FlagReader<FlagSpec> {
  readonly #values: Map<string, Raw>;
  readonly #set: Set<string>;
  readonly #argsLenAtDash: number;

  /**
   * @param argsLenAtDash - how many positional arguments came before a `--` on the command line,
   *   or -1 when there was none (cobra's `ArgsLenAtDash`)
   */
  constructor(values: Map<string, Raw>, explicitlySet: Set<string>, argsLenAtDash = -1) {
    this.#values = values;
    this.#set = explicitlySet;
    this.#argsLenAtDash = argsLenAtDash;
  }

  /**
   * The number of positional arguments before `--`, or -1 without one: `create deployment NAME
   * --image=x -- COMMAND` takes one NAME and then the command, as kubectl's `ArgsLenAtDash`.
   */
  argsLenAtDash(): number {
    return this.#argsLenAtDash;
  }

  /** The same values, knowing how many positional arguments came before `--` (-1: none). */
  withArgsLenAtDash(argsLenAtDash: number): FlagValues {
    return new FlagValues(this.#values, this.#set, argsLenAtDash);
  }

  /**
   * Values of the given flags only, none of them given on the command line: for a helper that
   * must see some of a command's flags and not the others (`values[i]` is the value of
   * `flags[i]`, of its type).
   */
  static of<const L extends readonly FlagSpec[]>(flags: L, values: { readonly [I in keyof L]: L[I] extends FlagSpec ? FlagValue<L[I]['type']> : never }): FlagValues {
    return new FlagValues(new Map(flags.map((flag, i) => [flag.name, values[i]])), new Set());
  }

  /** Builds values from defaults only (no flag on the command line). */
  static defaults(specs: readonly FlagSpec[]): FlagValues {
    const values = new Map<string, Raw>();
    for (const s of specs) values.set(s.name, s.default);
    return new FlagValues(values, new Set());
  }

  /** True when the user gave the flag on the command line (even with its default value). */
  changed(name: string): boolean {
    return this.#set.has(name);
  }

  string(name: string): string | undefined {
    const v = this.#values.get(name);
    if (v === undefined) return undefined;
    return Array.isArray(v) ? v.join(',') : String(v);
  }

  bool(name: string): boolean {
    return this.#values.get(name) === true;
  }

  int(name: string): number | undefined {
    const v = this.#values.get(name);
    return typeof v === 'number' ? v : undefined;
  }

  strings(name: string): string[] {
    const v = this.#values.get(name);
    if (v === undefined) return [];
    return Array.isArray(v) ? v : [String(v)];
  }

  /** `flag`'s value by the accessor of its type when the command declares it, else undefined. */
  optional<K extends FlagSpec>(flag: K): FlagValue<K['type']> | undefined {
    if (!this.#values.has(flag.name)) return undefined;
    return this.#read(flag) as FlagValue<K['type']> | undefined;
  }

  /** Whether the user gave `flag` (false when the command does not declare it). */
  optionalChanged(flag: FlagSpec): boolean {
    return this.changed(flag.name);
  }

  #read(flag: FlagSpec): FlagValue<FlagSpec['type']> | undefined {
    switch (flag.type) {
      case 'bool':
        return this.bool(flag.name);
      case 'int':
        return this.int(flag.name);
      case 'stringArray':
      case 'stringSlice':
        return this.strings(flag.name);
      default:
        return this.string(flag.name);
    }
  }

  /** A duration flag (`5s`, `1m30s`, `250ms`, `2h`; a bare `0` is allowed) in milliseconds. */
  durationMs(name: string): number | undefined {
    const v = this.string(name);
    if (v === undefined || v === '') return undefined;
    const ms = parseGoDuration(v);
    if (ms === undefined) throw new UsageError(`invalid argument "${v}" for "--${name}" flag: time: invalid duration "${v}"`);
    return ms;
  }
}

