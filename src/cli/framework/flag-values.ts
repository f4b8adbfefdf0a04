import type { FlagSpec } from './spec.js';
import { UsageError } from './usage-error.js';

type Raw = string | number | boolean | string[] | undefined;

/** Parsed flag values of one invocation, keyed by long flag name, with typed accessors. */
export class FlagValues {
  readonly #values: Map<string, Raw>;
  readonly #set: Set<string>;

  constructor(values: Map<string, Raw>, explicitlySet: Set<string>) {
    this.#values = values;
    this.#set = explicitlySet;
  }

  /** Builds values from defaults only (no flag on the command line). */
  static defaults(specs: readonly FlagSpec[]): FlagValues {
    const values = new Map<string, Raw>();
    for (const s of specs) values.set(s.name, s.default);
    return new FlagValues(values, new Set());
  }

  /** The values without the named flags (as if they were not declared). */
  without(names: ReadonlySet<string>): FlagValues {
    const values = new Map([...this.#values].filter(([k]) => !names.has(k)));
    return new FlagValues(values, new Set([...this.#set].filter((k) => !names.has(k))));
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

  /** A duration flag (`5s`, `1m30s`, `250ms`, `2h`; a bare `0` is allowed) in milliseconds. */
  durationMs(name: string): number | undefined {
    const v = this.string(name);
    if (v === undefined || v === '') return undefined;
    const ms = parseDuration(v);
    if (ms === undefined) throw new UsageError(`invalid argument "${v}" for "--${name}" flag: time: invalid duration "${v}"`);
    return ms;
  }
}

const UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Parses a Go duration (`1h2m3.5s`, `300ms`, `0`) into milliseconds; undefined when invalid. */
export function parseDuration(text: string): number | undefined {
  if (text === '0') return 0;
  const re = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let pos = 0;
  let sign = 1;
  if (text.startsWith('-')) {
    sign = -1;
    pos = 1;
  } else if (text.startsWith('+')) pos = 1;
  if (pos >= text.length) return undefined;
  re.lastIndex = pos;
  while (pos < text.length) {
    const m = re.exec(text);
    if (m === null || m.index !== pos) return undefined;
    total += Number(m[1]) * (UNITS[m[2] ?? ''] ?? 0);
    pos = re.lastIndex;
  }
  return sign * total;
}
