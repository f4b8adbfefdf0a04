/**
 * Flag parsing with kubectl's (pflag's) rules, driven by the command specs:
 * `--flag=value`, `--flag value`, `-f value`, `-fvalue`, `-f=value`, bundled short booleans (`-it`),
 * booleans as `--flag` or `--flag=true|false` (a boolean never takes the next word), repeatable
 * flags, and `--` ending flag parsing. Flags and positional arguments may be interleaved; a
 * non-boolean flag takes the next word as its value even when it starts with a dash (`--grace-period -1`).
 *
 * This is written here rather than taken from commander: commander's load and first parse cost
 * 25-30 ms (half of bare Node start-up, more than our whole start-up budget), and its syntax differs
 * from pflag's in ways kubectl users type every day (`--wait=false`, `-n=ns`).
 */
import { FlagValues } from './flag-values.js';
import type { FlagSpec } from './spec.js';
import { UsageError } from './usage-error.js';
import { closest } from './suggest.js';

/** The result of parsing a command line. */
export interface ParsedCommandLine {
  args: string[];
  flags: FlagValues;
}

type Value = string | number | boolean | string[] | undefined;

const BOOL_WORDS: Record<string, boolean> = {
  '1': true, t: true, T: true, true: true, TRUE: true, True: true,
  '0': false, f: false, F: false, false: false, FALSE: false, False: false,
};

/** `-o, --output` as pflag names a flag in messages. */
function flagLabel(spec: FlagSpec): string {
  return spec.short === undefined ? `--${spec.name}` : `-${spec.short}, --${spec.name}`;
}

function convert(spec: FlagSpec, raw: string, previous: Value): Value {
  switch (spec.type) {
    case 'bool': {
      const b = BOOL_WORDS[raw];
      if (b === undefined) {
        throw new UsageError(`invalid argument "${raw}" for "${flagLabel(spec)}" flag: strconv.ParseBool: parsing "${raw}": invalid syntax`);
      }
      return b;
    }
    case 'int':
      if (!/^[+-]?\d+$/.test(raw)) {
        throw new UsageError(`invalid argument "${raw}" for "${flagLabel(spec)}" flag: strconv.ParseInt: parsing "${raw}": invalid syntax`);
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

/** Parses `argv` (everything after the command path) against `specs`. */
export function parseCommandLine(argv: readonly string[], specs: readonly FlagSpec[]): ParsedCommandLine {
  const byLong = new Map<string, FlagSpec>();
  const byShort = new Map<string, FlagSpec>();
  // A command's own flag shadows a global flag of the same name, as a cobra local flag shadows a
  // persistent one (`create rolebinding --user` is a subject, not the kubeconfig user).
  for (const s of specs) {
    if (byLong.has(s.name)) continue;
    byLong.set(s.name, s);
    if (s.short !== undefined && !byShort.has(s.short)) byShort.set(s.short, s);
  }
  const values = new Map<string, Value>();
  const set = new Set<string>();
  const assign = (spec: FlagSpec, raw: string): void => {
    const previous = set.has(spec.name) ? values.get(spec.name) : undefined;
    values.set(spec.name, convert(spec, raw, previous));
    set.add(spec.name);
  };

  const args: string[] = [];
  let argsLenAtDash = -1;
  for (let i = 0; i < argv.length; i++) {
    const tok = argv[i] as string;
    if (tok === '--') {
      argsLenAtDash = args.length;
      args.push(...argv.slice(i + 1));
      break;
    }
    if (tok.startsWith('--') && tok.length > 2) {
      const eq = tok.indexOf('=');
      const name = eq < 0 ? tok.slice(2) : tok.slice(2, eq);
      const spec = byLong.get(name);
      if (spec === undefined) {
        const hint = closest(`--${name}`, specs.filter((s) => !s.hidden).map((s) => `--${s.name}`));
        throw new UsageError(`unknown flag: --${name}${hint.length > 0 ? `\n\nDid you mean this?\n\t${hint.join('\n\t')}\n` : ''}`);
      }
      if (eq >= 0) assign(spec, tok.slice(eq + 1));
      else if (spec.type === 'bool') assign(spec, 'true');
      else if (i + 1 < argv.length) assign(spec, argv[++i] as string);
      else throw new UsageError(`flag needs an argument: --${name}`);
      continue;
    }
    if (tok.startsWith('-') && tok.length > 1 && !tok.startsWith('--')) {
      const cluster = tok.slice(1);
      for (let j = 0; j < cluster.length; j++) {
        const c = cluster[j] as string;
        const spec = byShort.get(c);
        if (spec === undefined) throw new UsageError(`unknown shorthand flag: '${c}' in ${tok}`);
        const next = cluster[j + 1];
        if (spec.type === 'bool') {
          if (next === '=') {
            assign(spec, cluster.slice(j + 2));
            break;
          }
          assign(spec, 'true');
          continue;
        }
        if (next === '=') assign(spec, cluster.slice(j + 2));
        else if (next !== undefined) assign(spec, cluster.slice(j + 1));
        else if (i + 1 < argv.length) assign(spec, argv[++i] as string);
        else throw new UsageError(`flag needs an argument: '${c}' in ${tok}`);
        break;
      }
      continue;
    }
    args.push(tok);
  }

  for (const s of byLong.values()) if (!set.has(s.name)) values.set(s.name, s.default);
  return { args, flags: new FlagValues(values, set, argsLenAtDash) };
}
