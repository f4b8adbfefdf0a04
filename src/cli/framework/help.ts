/**
 * kubectl-style help text, rendered from command specs (the same specs man pages and completions use).
 */
import { BINARY_NAME } from '../../sdk/naming.js';
import type { CommandSpec, FlagSpec } from './spec.js';

/** `--name=default:` as kubectl shows a flag with its default. */
export function flagHeading(flag: FlagSpec): string {
  const names = flag.short === undefined ? `--${flag.name}` : `-${flag.short}, --${flag.name}`;
  return `${names}=${formatDefault(flag)}`;
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

/** The "Options:" block. */
export function renderFlags(flags: readonly FlagSpec[]): string {
  return flags
    .filter((f) => !f.hidden)
    .map((f) => `    ${flagHeading(f)}:\n\t${f.description}\n`)
    .join('\n');
}

/** The "Examples:" block body. */
export function renderExamples(spec: CommandSpec): string {
  return spec.examples.map((e) => `  # ${e.description}\n  ${e.command}`).join('\n  \n');
}

/** Width of the command-name column: the longest name, at least 11 (cobra's minimum), plus 3 spaces, as kubectl pads it. */
export function nameColumnWidth(specs: readonly CommandSpec[]): number {
  return Math.max(11, ...specs.map((s) => s.name.length)) + 3;
}

/** Full help for a command at `path` (e.g. `['config', 'view']`). */
export function renderCommandHelp(spec: CommandSpec, path: readonly string[]): string {
  const full = [BINARY_NAME, ...path].join(' ');
  const parts: string[] = [];
  parts.push(`${spec.description.trim()}\n`);
  if (spec.examples.length > 0) parts.push(`Examples:\n${renderExamples(spec)}\n`);
  const subs = (spec.subcommands ?? []).filter((s) => !s.hidden);
  if (subs.length > 0) {
    const width = nameColumnWidth(subs);
    parts.push(`Available Commands:\n${subs.map((s) => `  ${s.name.padEnd(width)}${s.summary}`).join('\n')}\n`);
  }
  const flags = spec.flags.filter((f) => !f.hidden);
  if (flags.length > 0) parts.push(`Options:\n${renderFlags(flags)}`);
  parts.push(`Usage:\n  ${full} ${spec.usage}\n`);
  const tail: string[] = [];
  if (subs.length > 0) tail.push(`Use "${full} <command> --help" for more information about a given command.`);
  tail.push(`Use "${BINARY_NAME} options" for a list of global command-line options (applies to all commands).`);
  parts.push(`${tail.join('\n')}\n`);
  return parts.join('\n');
}

/** kubectl's order of the command groups on the root help page; other groups go before "Other Commands". */
export const GROUP_ORDER: readonly string[] = [
  'Basic Commands (Beginner)',
  'Basic Commands (Intermediate)',
  'Deploy Commands',
  'Cluster Management Commands',
  'Troubleshooting and Debugging Commands',
  'Advanced Commands',
  'Settings Commands',
];

function groupRank(group: string): number {
  if (group === 'Other Commands') return GROUP_ORDER.length + 1;
  const i = GROUP_ORDER.indexOf(group);
  return i < 0 ? GROUP_ORDER.length : i;
}

/** Help for the root command: commands by group. */
export function renderRootHelp(specs: readonly CommandSpec[]): string {
  const visible = specs.filter((s) => !s.hidden);
  const width = nameColumnWidth(visible);
  const groups = new Map<string, CommandSpec[]>();
  for (const s of visible) {
    const g = s.group ?? 'Other Commands';
    groups.set(g, [...(groups.get(g) ?? []), s]);
  }
  const blocks = [...groups].sort(([a], [b]) => groupRank(a) - groupRank(b)).map(([g, list]) => `${g}:\n${list.map((s) => `  ${s.name.padEnd(width)}${s.summary}`).join('\n')}\n`);
  return [
    `${BINARY_NAME} controls a platform cluster: a kubectl-equivalent client for the platform cluster API.\n`,
    ...blocks,
    `Usage:\n  ${BINARY_NAME} [flags] [options]\n`,
    `Use "${BINARY_NAME} <command> --help" for more information about a given command.\nUse "${BINARY_NAME} options" for a list of global command-line options (applies to all commands).\n`,
  ].join('\n');
}

/** The text of `platformctl options`: every global flag with its default and description, as `kubectl options`. */
export function renderGlobalOptions(flags: readonly FlagSpec[]): string {
  return `The following options can be passed to any command:\n\n${renderFlags(flags)}\n`;
}
