/**
 * Rewrites a command line in kubectl's (pflag's) syntax into the subset commander parses the same
 * way, before commander sees it. What pflag accepts and commander reads differently:
 * - booleans: `--watch`, `--watch=false`, `-w`, `-w=false` and bundled `-wA` never take the next
 *   word. Commander declares every flag with a value (so that `--wait=false` can be said at all),
 *   so each boolean occurrence is rewritten to `--long=<value>`;
 * - short flags with a value (`-n ns`, `-nns`, `-n=ns`, the last flag of a bundle `-wn ns`)
 *   become their long form (`-n=ns` is one commander would read as the value `=ns`);
 * - a valued flag at the end of the line gets pflag's "flag needs an argument" error here, where
 *   the typed form (`'n' in -n` or `--namespace`) is still known;
 * - `--unknown=value` loses its value, so that commander's suggestion compares the flag name alone;
 * - a valued flag with a default for its bare form (pflag's NoOptDefVal: `--cascade`) given bare
 *   becomes `--x=<that default>`.
 * Everything else (`--x v`, `--x=v`, flags after positional arguments, `--`, unknown flags)
 * commander parses as pflag does and is passed through unchanged. Values of valued flags are never
 * rewritten, even when they start with a dash (`--grace-period -1`).
 */
import type { FlagSpec } from './spec.js';
import { UsageError } from './usage-error.js';

/** pflag's spelling of boolean values (strconv.ParseBool). */
export const BOOL_WORDS: Readonly<Record<string, boolean>> = {
  '1': true, t: true, T: true, true: true, TRUE: true, True: true,
  '0': false, f: false, F: false, false: false, FALSE: false, False: false,
};

/** Rewrites `argv` (everything after the command words) for commander, given the flags it accepts. */
export function normalizeArgv(argv: readonly string[], flags: readonly FlagSpec[]): string[] {
  const byLong = new Map<string, FlagSpec>();
  const byShort = new Map<string, FlagSpec>();
  for (const f of flags) {
    byLong.set(f.name, f);
    if (f.short !== undefined) byShort.set(f.short, f);
  }
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const tok = argv[i] as string;
    if (tok === '--') {
      out.push(...argv.slice(i));
      break;
    }
    if (tok.startsWith('--') && tok.length > 2) {
      const eq = tok.indexOf('=');
      const name = eq < 0 ? tok.slice(2) : tok.slice(2, eq);
      const spec = byLong.get(name);
      if (spec === undefined) out.push(eq < 0 ? tok : `--${name}`);
      else if (spec.type === 'bool') out.push(eq < 0 ? `--${name}=true` : tok);
      else if (eq >= 0) out.push(tok);
      else if (spec.noOptDefault !== undefined) out.push(`--${name}=${spec.noOptDefault}`);
      else if (i + 1 < argv.length) out.push(tok, argv[++i] as string);
      else throw new UsageError(`flag needs an argument: --${name}`);
      continue;
    }
    if (tok.startsWith('-') && tok.length > 1) {
      i = shortCluster(argv, i, byShort, out);
      continue;
    }
    out.push(tok);
  }
  return out;
}

/**
 * How many positional arguments come before `--` in a line {@link normalizeArgv} rewrote, or -1
 * without one (cobra's `ArgsLenAtDash`: `create deployment NAME --image=x -- COMMAND`).
 */
export function argsBeforeDash(normalized: readonly string[], flags: readonly FlagSpec[]): number {
  const valued = new Set(flags.filter((f) => f.type !== 'bool').map((f) => f.name));
  let count = 0;
  for (let i = 0; i < normalized.length; i++) {
    const tok = normalized[i] as string;
    if (tok === '--') return count;
    if (tok.startsWith('--') && tok.length > 2) {
      // Rewritten lines hold valued flags as `--x=v` or `--x v`; booleans always as `--x=v`.
      if (!tok.includes('=') && valued.has(tok.slice(2))) i++;
      continue;
    }
    if (tok.startsWith('-') && tok.length > 1) continue;
    count++;
  }
  return -1;
}

/** Rewrites the short-flag cluster at `argv[i]`; returns the index of the last word it used. */
function shortCluster(argv: readonly string[], i: number, byShort: Map<string, FlagSpec>, out: string[]): number {
  const tok = argv[i] as string;
  const cluster = tok.slice(1);
  for (let j = 0; j < cluster.length; j++) {
    const c = cluster[j] as string;
    const spec = byShort.get(c);
    if (spec === undefined) {
      // Commander reports it (or shows help for -h) with the rest of the bundle, as pflag names it.
      out.push(`-${cluster.slice(j)}`);
      return i;
    }
    const next = cluster[j + 1];
    if (spec.type === 'bool') {
      if (next === '=') {
        out.push(`--${spec.name}=${cluster.slice(j + 2)}`);
        return i;
      }
      out.push(`--${spec.name}=true`);
      continue;
    }
    if (next === '=') out.push(`--${spec.name}=${cluster.slice(j + 2)}`);
    else if (next !== undefined) out.push(`--${spec.name}=${cluster.slice(j + 1)}`);
    else if (i + 1 < argv.length) out.push(`--${spec.name}`, argv[++i] as string);
    else throw new UsageError(`flag needs an argument: '${c}' in ${tok}`);
    return i;
  }
  return i;
}

/**
 * The flags of `candidates` that `argv` may mention, by long name, or undefined when it has a
 * flag that no spec of `all` knows (then every candidate is needed, for commander's suggestions).
 * Over-approximates: a flag's value that looks like a flag counts too.
 */
export function mentionedFlags(argv: readonly string[], all: readonly FlagSpec[]): Set<string> | undefined {
  const byLong = new Map<string, FlagSpec>();
  const byShort = new Map<string, FlagSpec>();
  for (const f of all) {
    byLong.set(f.name, f);
    if (f.short !== undefined) byShort.set(f.short, f);
  }
  const seen = new Set<string>();
  for (const tok of argv) {
    if (tok === '--') break;
    if (tok.startsWith('--') && tok.length > 2) {
      const eq = tok.indexOf('=');
      const name = eq < 0 ? tok.slice(2) : tok.slice(2, eq);
      if (name === 'help') continue;
      if (!byLong.has(name)) return undefined;
      seen.add(name);
    } else if (tok.startsWith('-') && tok.length > 1) {
      for (const c of tok.slice(1)) {
        if (c === 'h') break;
        const spec = byShort.get(c);
        if (spec === undefined) return undefined;
        seen.add(spec.name);
        if (spec.type !== 'bool') break;
      }
    }
  }
  return seen;
}
