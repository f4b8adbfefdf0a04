/**
 * How pflag shows a flag: `-o, --output='':` headings with Go's rendering of the default, the
 * `-o, --output` label of error messages, and the order (by long name) of every flag list.
 * Shared by `--help`, `platformctl options` and the man pages.
 */
import type { FlagSpec } from './spec.js';

/** `-o, --output` as pflag names a flag in messages. */
export function flagLabel(flag: FlagSpec): string {
  return flag.short === undefined ? `--${flag.name}` : `-${flag.short}, --${flag.name}`;
}

/** `--name=default` as kubectl's help shows a flag with its default. */
export function flagHeading(flag: FlagSpec): string {
  return `${flagLabel(flag)}=${formatDefault(flag)}`;
}

/** A flag's default as kubectl prints it: `''`, `false`, `0`, `[]`, `30s`, `'json'`. */
export function formatDefault(flag: FlagSpec): string {
  const d = flag.default;
  switch (flag.type) {
    case 'bool':
      return d === true ? 'true' : 'false';
    case 'int':
      return String(d ?? 0);
    case 'stringArray':
    case 'stringSlice':
      return `[${Array.isArray(d) ? d.join(',') : ''}]`;
    case 'duration':
      // pflag prints a time.Duration unquoted in Go's form (`0s`, `30s`).
      return typeof d === 'string' && d !== '' ? d : '0s';
    default:
      return `'${typeof d === 'string' ? d : ''}'`;
  }
}

/** Flags in pflag's help order: sorted by long name, byte-wise (`as` < `as-group`). */
export function sortFlags<T extends { name: string }>(flags: readonly T[]): T[] {
  return [...flags].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The body of an "Options:" block: one `    heading:\n\tdescription\n` entry per flag, blank-line separated. */
export function renderFlagBlock(flags: readonly FlagSpec[]): string {
  return flags.map((f) => `    ${flagHeading(f)}:\n\t${f.description}\n`).join('\n');
}
