/**
 * Commander's help configuration for kubectl's layout: the description, `Examples:`, `Available
 * Commands:`, `Options:` with pflag headings (`-o, --output='':` then a tab-indented description,
 * sorted by long name), `Usage:` with kubectl's trailing `[options]`, and the "Use platformctl
 * options" footer; the root page lists the commands by kubectl's groups. Global flags are options of
 * every command (so that commander parses and suggests them) but are listed by `platformctl
 * options` only, as kubectl lists them.
 */
import type { Command, Help, HelpConfiguration, Option } from 'commander';
import { commandPath, examplesOf, flagOf, isGlobalOption } from './command-registry.js';
import { flagHeading, renderFlagBlock, sortFlags } from './flag-text.js';
import type { FlagSpec } from './spec.js';

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

const OTHER = 'Other Commands';

function groupRank(group: string): number {
  if (group === OTHER) return GROUP_ORDER.length + 1;
  const i = GROUP_ORDER.indexOf(group);
  return i < 0 ? GROUP_ORDER.length : i;
}

/** Width of the command-name column: the longest name, at least 11 (cobra's minimum), plus 3 spaces. */
export function nameColumnWidth(names: readonly string[]): number {
  return Math.max(11, ...names.map((n) => n.length)) + 3;
}

/** A spec's usage with kubectl's trailing `[options]` unless it says so (every command takes the global flags). */
export function usageWithOptions(usage: string): string {
  return usage.includes('[options]') ? usage : `${usage} [options]`.trimStart();
}

/** The usage line: the command path and the usage with `[options]` (kubectl's templater). */
export function usageLine(path: readonly string[], usage: string): string {
  return `${path.join(' ')} ${usageWithOptions(usage)}`;
}

/** The flags a command's own help lists: visible, not global, by long name. */
function ownFlags(helper: Help, cmd: Command): FlagSpec[] {
  const flags: FlagSpec[] = [];
  for (const option of helper.visibleOptions(cmd)) {
    const flag = flagOf(option);
    if (flag !== undefined && !isGlobalOption(option)) flags.push(flag);
  }
  return sortFlags(flags);
}

function footer(cmd: Command, hasSubcommands: boolean): string {
  const path = commandPath(cmd);
  const binary = path[0] ?? '';
  const lines: string[] = [];
  if (hasSubcommands) lines.push(`Use "${path.join(' ')} <command> --help" for more information about a given command.`);
  lines.push(`Use "${binary} options" for a list of global command-line options (applies to all commands).`);
  return `${lines.join('\n')}\n`;
}

function commandHelp(cmd: Command, helper: Help): string {
  const parts: string[] = [`${helper.commandDescription(cmd).trim()}\n`];
  const examples = examplesOf(cmd);
  if (examples.length > 0) parts.push(`Examples:\n${examples.map((e) => `${e.description.split('\n').map((line) => `  # ${line}`).join('\n')}\n  ${e.command}`).join('\n  \n')}\n`);
  const subs = helper.visibleCommands(cmd);
  if (subs.length > 0) {
    const width = nameColumnWidth(subs.map((s) => helper.subcommandTerm(s)));
    parts.push(`Available Commands:\n${subs.map((s) => `  ${helper.subcommandTerm(s).padEnd(width)}${helper.subcommandDescription(s)}`).join('\n')}\n`);
  }
  const flags = ownFlags(helper, cmd);
  if (flags.length > 0) parts.push(`Options:\n${renderFlagBlock(flags)}`);
  parts.push(`Usage:\n  ${helper.commandUsage(cmd)}\n`);
  parts.push(footer(cmd, subs.length > 0));
  return parts.join('\n');
}

function rootHelp(cmd: Command, helper: Help): string {
  const subs = helper.visibleCommands(cmd);
  const width = nameColumnWidth(subs.map((s) => helper.subcommandTerm(s)));
  const groups = new Map<string, Command[]>();
  for (const s of subs) {
    const g = s.helpGroup() === '' ? OTHER : s.helpGroup();
    groups.set(g, [...(groups.get(g) ?? []), s]);
  }
  const blocks = [...groups]
    .sort(([a], [b]) => groupRank(a) - groupRank(b))
    .map(([g, list]) => `${g}:\n${list.map((s) => `  ${helper.subcommandTerm(s).padEnd(width)}${helper.subcommandDescription(s)}`).join('\n')}\n`);
  return [`${helper.commandDescription(cmd).trim()}\n`, ...blocks, `Usage:\n  ${helper.commandUsage(cmd)}\n`, footer(cmd, true)].join('\n');
}

/** The help configuration every command of the tree gets (`configureHelp`). */
export const KUBECTL_HELP: HelpConfiguration = {
  visibleOptions(cmd: Command): Option[] {
    // Commander's own help and version options are not listed (kubectl hides -h too); its
    // unknown-flag suggestions draw on this list, global flags included.
    return cmd.options.filter((o) => !o.hidden && flagOf(o) !== undefined);
  },
  optionTerm(option: Option): string {
    const flag = flagOf(option);
    return flag === undefined ? option.flags : flagHeading(flag);
  },
  optionDescription(option: Option): string {
    return option.description;
  },
  subcommandTerm(cmd: Command): string {
    return cmd.name();
  },
  subcommandDescription(cmd: Command): string {
    return cmd.summary();
  },
  commandUsage(cmd: Command): string {
    return usageLine(commandPath(cmd), cmd.usage());
  },
  formatHelp(cmd: Command, helper: Help): string {
    return cmd.parent === null ? rootHelp(cmd, helper) : commandHelp(cmd, helper);
  },
};
