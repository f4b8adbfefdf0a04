/**
 * Flag specs as commander options, and the parsed values back as {@link FlagValues}. Every flag is
 * declared with a value (`--watch <value>`): the argv normalizer (pflag-argv.ts) gives each
 * boolean occurrence its `=true`/`=false`, so that commander reads `--wait=false` as pflag does and
 * a boolean never takes the next word. Values are converted and checked with pflag's messages.
 */
import { Option, type Command } from 'commander';
import { FlagValues } from './flag-values.js';
import { flagLabel } from './flag-text.js';
import { BOOL_WORDS } from './pflag-argv.js';
import { setFlag } from './command-registry.js';
import type { FlagSpec } from './spec.js';
import { UsageError } from './usage-error.js';

type Value = string | number | boolean | string[];

/** One flag of a command and the commander option that parses it (none: a global flag the line does not use). */
export interface FlagBinding {
  flag: FlagSpec;
  option: Option | undefined;
}

/** Converts one occurrence of `flag`'s value; arrays accumulate over occurrences. */
function convert(flag: FlagSpec, raw: string, previous: Value | undefined): Value {
  switch (flag.type) {
    case 'bool': {
      const b = BOOL_WORDS[raw];
      if (b === undefined) throw new UsageError(`invalid argument "${raw}" for "${flagLabel(flag)}" flag: strconv.ParseBool: parsing "${raw}": invalid syntax`);
      return b;
    }
    case 'int':
      if (!/^[+-]?\d+$/.test(raw)) throw new UsageError(`invalid argument "${raw}" for "${flagLabel(flag)}" flag: strconv.ParseInt: parsing "${raw}": invalid syntax`);
      // pflag's int is Go's 64-bit int: larger values are refused, not rounded.
      if (BigInt(raw) < -(2n ** 63n) || BigInt(raw) >= 2n ** 63n) {
        throw new UsageError(`invalid argument "${raw}" for "${flagLabel(flag)}" flag: strconv.ParseInt: parsing "${raw}": value out of range`);
      }
      return Number.parseInt(raw, 10);
    case 'stringArray':
      return [...(Array.isArray(previous) ? previous : []), raw];
    case 'stringSlice':
      return [...(Array.isArray(previous) ? previous : []), ...(raw === '' ? [] : raw.split(','))];
    default:
      return raw;
  }
}

/**
 * Declares `flags` on `cmd`, then the `globals` that no command flag already names (a command's
 * `--token` or `-s` wins over the global one, and shares its value by name as before). With
 * `usedGlobals`, only those globals become commander options (building two dozen options costs
 * start-up time every command pays); the others keep their defaults.
 */
export function declareFlags(cmd: Command, flags: readonly FlagSpec[], globals: readonly FlagSpec[] = [], usedGlobals?: ReadonlySet<string>): FlagBinding[] {
  const longs = new Set<string>();
  const shorts = new Set<string>();
  const bindings: FlagBinding[] = [];
  const add = (flag: FlagSpec, global: boolean): void => {
    if (longs.has(flag.name)) return;
    if (global && usedGlobals !== undefined && !usedGlobals.has(flag.name)) {
      longs.add(flag.name);
      bindings.push({ flag, option: undefined });
      return;
    }
    const short = flag.short !== undefined && !shorts.has(flag.short) ? flag.short : undefined;
    const option = new Option(`${short === undefined ? '' : `-${short}, `}--${flag.name} <value>`, flag.description);
    // Commander passes undefined as the previous value of a first occurrence.
    option.argParser<Value | undefined>((raw, previous) => convert(flag, raw, previous));
    if (flag.hidden === true) option.hideHelp();
    cmd.addOption(option);
    setFlag(option, flag, global);
    longs.add(flag.name);
    if (short !== undefined) shorts.add(short);
    bindings.push({ flag, option });
  };
  for (const f of flags) add(f, false);
  for (const g of globals) add(g, true);
  return bindings;
}

/** The flags that `bindings` declare, command flags first (what the argv normalizer needs). */
export function declaredFlags(bindings: readonly FlagBinding[]): FlagSpec[] {
  return bindings.map((b) => b.flag);
}

/** The values commander parsed into `cmd`, as {@link FlagValues}: defaults come from the specs. */
export function flagValuesOf(cmd: Command, bindings: readonly FlagBinding[]): FlagValues {
  const values = new Map<string, Value | readonly string[] | undefined>();
  const set = new Set<string>();
  for (const { flag, option } of bindings) {
    if (option === undefined) {
      values.set(flag.name, flag.default);
      continue;
    }
    const key = option.attributeName();
    const value: unknown = cmd.getOptionValue(key);
    if (cmd.getOptionValueSource(key) === 'cli' && isValue(value)) {
      values.set(flag.name, value);
      set.add(flag.name);
    } else {
      values.set(flag.name, flag.default);
    }
  }
  return new FlagValues(values, set);
}

function isValue(v: unknown): v is Value {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || (Array.isArray(v) && v.every((x) => typeof x === 'string'));
}
