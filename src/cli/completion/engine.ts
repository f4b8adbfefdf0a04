/**
 * The completion engine behind `platformctl __complete`: given the words of a partial command line
 * (the last one being the word under the cursor, possibly empty), it answers with candidates and a
 * cobra ShellCompDirective. Everything static (commands, flags, fixed values) comes from the command
 * specs; everything dynamic (config names, namespaces, resource types and names) from
 * {@link CompletionSources}, created only when a case needs it.
 */
import { BINARY_NAME } from '../../sdk/naming.js';
import type { ArgsCompletion, CompletionHint, FlagSpec } from '../framework/spec.js';
import { BUILTIN_COMMANDS, readCommandLine, type CommandSummary, type CommandTable, type PartialCommandLine } from './command-line.js';
import { Directive } from './directive.js';
import { plain, result, withPrefix, type Candidate, type CompletionResult } from './result.js';
import type { CompletionSources, SourceSettings, SourcesFactory } from './sources.js';

/** The `-o` formats the printers support, offered for flags with an `output` hint. */
export const OUTPUT_FORMATS: readonly string[] = [
  'json', 'yaml', 'name', 'go-template', 'go-template-file', 'template', 'templatefile', 'jsonpath', 'jsonpath-as-json', 'jsonpath-file',
  'custom-columns', 'custom-columns-file', 'wide',
];

/** What the engine needs besides the words. */
export interface CompleteOptions {
  /** Creates the dynamic sources; called at most once, and only when a case needs them. */
  sources: SourcesFactory;
  /** The command tree (default: the built-in commands). */
  commands?: CommandTable;
  /** Commands added by plugins, and completion of their arguments. */
  plugins?: PluginCompletion;
}

/** What plugins add to completion. */
export interface PluginCompletion {
  /** Top-level command names that plugins add. */
  commands(): Promise<string[]>;
  /** Completes `words` (from the plugin's command word; the last word is the one under the cursor). */
  complete(words: readonly string[]): Promise<CompletionResult>;
}

/** Completes `words` (everything after `__complete`; the last word is the one under the cursor). */
export async function complete(words: readonly string[], options: CompleteOptions): Promise<CompletionResult> {
  const toComplete = words.length > 0 ? (words[words.length - 1] as string) : '';
  const commands = options.commands ?? BUILTIN_COMMANDS;
  const line = await readCommandLine(words.slice(0, -1), commands);
  let sources: CompletionSources | undefined;
  const lazySources = (): CompletionSources => (sources ??= options.sources(settingsOf(line)));

  if (line.unknownCommand !== undefined) {
    // Perhaps a plugin: everything after its name, flags included, is its own.
    return options.plugins === undefined ? result([], Directive.Default) : options.plugins.complete(words.slice(line.unknownCommandIndex));
  }
  if (line.pendingFlag !== undefined) return completeFlagValue(line.pendingFlag, toComplete, lazySources);
  if (!line.afterDashDash && toComplete.startsWith('-')) {
    const eq = toComplete.indexOf('=');
    if (eq > 0) {
      const flag = flagForToken(line.flags, toComplete.slice(0, eq));
      if (flag === undefined || flag.type === 'bool') return result([], Directive.NoFileComp);
      return completeFlagValue(flag, toComplete.slice(eq + 1), lazySources);
    }
    return result(flagNames(line, toComplete), Directive.NoFileComp);
  }
  return completeArgs(line, toComplete, lazySources, commands, options.plugins);
}

/** The flag a `--name` or `-n` token names. */
function flagForToken(flags: readonly FlagSpec[], token: string): FlagSpec | undefined {
  if (token.startsWith('--')) return flags.find((f) => f.name === token.slice(2));
  if (token.length === 2) return flags.find((f) => f.short === token.slice(1));
  return undefined;
}

/** Flag names for a word starting with `-`: long forms always, short forms for `-` and `-x`. */
function flagNames(line: PartialCommandLine, toComplete: string): Candidate[] {
  const commandName = line.path.length > 0 ? (line.path[line.path.length - 1] as string) : BINARY_NAME;
  const help: FlagSpec = { name: 'help', short: 'h', type: 'bool', description: `help for ${commandName}` };
  const out: Candidate[] = [];
  for (const flag of [...line.flags, help]) {
    if (flag.hidden === true) continue;
    // A flag already given is not offered again, unless it can repeat.
    const repeatable = flag.type === 'stringArray' || flag.type === 'stringSlice';
    if (line.values.has(flag.name) && !repeatable) continue;
    const long = `--${flag.name}`;
    if (long.startsWith(toComplete)) out.push({ value: long, description: flag.description });
    if (flag.short !== undefined && !toComplete.startsWith('--')) {
      const short = `-${flag.short}`;
      if (short.startsWith(toComplete)) out.push({ value: short, description: flag.description });
    }
  }
  return out;
}

/** Values for a flag, by its completion hint. */
async function completeFlagValue(flag: FlagSpec, toComplete: string, sources: () => CompletionSources): Promise<CompletionResult> {
  if (flag.complete === undefined) {
    // No hint: the value may be anything; let the shell offer file names, as cobra does.
    return result([], Directive.Default);
  }
  return completeHint(flag.complete, toComplete, sources);
}

async function completeHint(hint: CompletionHint, toComplete: string, sources: () => CompletionSources): Promise<CompletionResult> {
  switch (hint.kind) {
    case 'values':
      return result(withPrefix(plain(hint.values), toComplete), Directive.NoFileComp);
    case 'output':
      return result(withPrefix(plain(OUTPUT_FORMATS), toComplete), Directive.NoFileComp);
    case 'file':
      // The extensions are the candidates; the script turns them into a file-name filter.
      return hint.extensions === undefined || hint.extensions.length === 0
        ? result([], Directive.Default)
        : result(plain(hint.extensions), Directive.FilterFileExt);
    case 'dir':
      return result([], Directive.FilterDirs);
    case 'context':
      return names(await sources().contexts(), toComplete);
    case 'cluster':
      return names(await sources().clusters(), toComplete);
    case 'user':
      return names(await sources().users(), toComplete);
    case 'namespace':
      return names(await sources().namespaces(), toComplete);
    case 'resource-type':
      return resourceTypes(sources(), toComplete);
    case 'none':
      return result([], Directive.NoFileComp);
  }
}

/** Sorted, de-duplicated names matching the prefix. */
function names(list: readonly string[], toComplete: string): CompletionResult {
  const sorted = [...new Set(list)].filter((n) => n.startsWith(toComplete)).sort();
  return result(plain(sorted), Directive.NoFileComp);
}

/** Positional arguments: subcommands first, then what the command's `args` says. */
async function completeArgs(
  line: PartialCommandLine,
  toComplete: string,
  sources: () => CompletionSources,
  commands: CommandTable,
  plugins: PluginCompletion | undefined,
): Promise<CompletionResult> {
  const candidates: Candidate[] = [];
  const subs = line.spec === undefined ? await commands.all() : (line.spec.subcommands ?? []);
  if (line.args.length === 0 && !line.afterDashDash) {
    for (const s of sortedVisible(subs)) if (s.name.startsWith(toComplete)) candidates.push({ value: s.name, description: s.summary });
    if (line.spec === undefined && plugins !== undefined) {
      const builtin = new Set(subs.map((s) => s.name));
      const added = [...new Set(await plugins.commands())].filter((n) => !builtin.has(n) && n.startsWith(toComplete)).sort();
      for (const name of added) candidates.push({ value: name, description: `The command ${name} is a plugin installed by the user` });
    }
  }
  // The root and groups without an implementation take no arguments of their own.
  if (line.spec === undefined || line.spec.load === undefined) return result(candidates, Directive.NoFileComp);
  const own = await completeOwnArgs(line.spec.args, line, toComplete, sources);
  return result([...candidates, ...own.candidates], own.directive);
}

function sortedVisible(specs: readonly CommandSummary[]): CommandSummary[] {
  return specs.filter((s) => s.hidden !== true).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

async function completeOwnArgs(
  args: ArgsCompletion | undefined,
  line: PartialCommandLine,
  toComplete: string,
  sources: () => CompletionSources,
): Promise<CompletionResult> {
  if (args === undefined || args === 'files') return result([], Directive.Default);
  if (args === 'none') return result([], Directive.NoFileComp);
  if (typeof args === 'object') {
    return line.args.length === 0 ? result(withPrefix(plain(args.values), toComplete), Directive.NoFileComp) : result([], Directive.NoFileComp);
  }
  switch (args) {
    case 'contexts':
      return line.args.length === 0 ? names(await sources().contexts(), toComplete) : result([], Directive.NoFileComp);
    case 'clusters':
      return line.args.length === 0 ? names(await sources().clusters(), toComplete) : result([], Directive.NoFileComp);
    case 'users':
      return line.args.length === 0 ? names(await sources().users(), toComplete) : result([], Directive.NoFileComp);
    case 'resource-type-then-names':
      return resourceTypeAndName(line.args, toComplete, sources, true);
    case 'resource-names-of-first-arg':
      return resourceTypeAndName(line.args, toComplete, sources, false);
  }
}

/**
 * `TYPE NAME...` and `TYPE/NAME...` arguments, as kubectl completes them: the first argument is a
 * type (or `TYPE/NAME`); after a plain type, names of that type; after a `TYPE/NAME`, more
 * `TYPE/NAME`s. Names already on the line are not offered again. With `allowRepeat` false only one
 * object may be named.
 */
async function resourceTypeAndName(
  args: readonly string[],
  toComplete: string,
  sources: () => CompletionSources,
  allowRepeat: boolean,
): Promise<CompletionResult> {
  const first = args[0];
  if (first !== undefined && !first.includes('/')) {
    if (!allowRepeat && args.length > 1) return result([], Directive.NoFileComp);
    const taken = new Set(args.slice(1));
    const list = (await sources().resourceNames(first)).filter((n) => n.startsWith(toComplete) && !taken.has(n));
    return result(plain([...new Set(list)].sort()), Directive.NoFileComp);
  }
  const slash = toComplete.indexOf('/');
  if (slash < 0) {
    if (args.length === 0) return resourceTypes(sources(), toComplete);
    if (!allowRepeat) return result([], Directive.NoFileComp);
    const types = await resourceTypes(sources(), toComplete);
    return result(types.candidates.map((c) => ({ value: `${c.value}/` })), Directive.NoFileComp | Directive.NoSpace);
  }
  if (!allowRepeat && args.length > 0) return result([], Directive.NoFileComp);
  const type = toComplete.slice(0, slash);
  const namePrefix = toComplete.slice(slash + 1);
  const taken = new Set(args);
  const list = (await sources().resourceNames(type))
    .filter((n) => n.startsWith(namePrefix))
    .map((n) => `${type}/${n}`)
    .filter((v) => !taken.has(v));
  return result(plain([...new Set(list)].sort()), Directive.NoFileComp);
}

/** Resource types; a comma-separated list completes its last element (`pods,sec<TAB>`). */
async function resourceTypes(sources: CompletionSources, toComplete: string): Promise<CompletionResult> {
  const comma = toComplete.lastIndexOf(',');
  const prefix = comma < 0 ? '' : toComplete.slice(0, comma + 1);
  const suffix = comma < 0 ? toComplete : toComplete.slice(comma + 1);
  const list = [...new Set(await sources.resourceTypes())].filter((t) => t.startsWith(suffix)).sort();
  return result(plain(list.map((t) => `${prefix}${t}`)), Directive.NoFileComp);
}

/** The connection settings given on the command line being completed. */
function settingsOf(line: PartialCommandLine): SourceSettings {
  const value = (name: string): string | undefined => {
    const v = line.values.get(name);
    const last = v === undefined ? undefined : v[v.length - 1];
    return last === undefined || last === '' ? undefined : last;
  };
  const settings: SourceSettings = {};
  const set = <K extends keyof SourceSettings>(key: K, v: SourceSettings[K] | undefined): void => {
    if (v !== undefined) settings[key] = v;
  };
  set('kubeconfig', value('kubeconfig'));
  set('context', value('context'));
  set('cluster', value('cluster'));
  set('user', value('user'));
  set('namespace', value('namespace'));
  set('server', value('server'));
  set('token', value('token'));
  set('cacheDir', value('cache-dir'));
  set('requestTimeout', value('request-timeout'));
  const insecure = value('insecure-skip-tls-verify');
  if (insecure !== undefined) settings.insecureSkipTlsVerify = insecure === 'true';
  return settings;
}
