/**
 * Commander's parse errors in kubectl's (cobra's and pflag's) words. Commander finds the unknown
 * command or flag and the closest flag names (its `suggestSimilar`); commands are suggested as
 * cobra suggests them (distance, prefix, `SuggestFor`, in kubectl's order). This module words them:
 * `unknown command "x" for "platformctl config"` and `unknown flag: --x` with cobra's
 * "Did you mean this?" block, `unknown shorthand flag: 'x' in -wx`, `flag needs an argument: --x`.
 */
import type { CommanderError } from 'commander';
import { UsageError } from './usage-error.js';

const SUGGESTION = /\n\(Did you mean (?:one of )?(.*)\?\)$/s;

/** The names commander suggested in `message`, in its order. */
export function suggestionsIn(message: string): string[] {
  const m = SUGGESTION.exec(message);
  return m === null ? [] : (m[1] ?? '').split(', ').filter((s) => s !== '');
}

/** cobra's block under an unknown command or flag: empty without suggestions. */
export function didYouMean(names: readonly string[]): string {
  return names.length === 0 ? '' : `\n\nDid you mean this?\n\t${names.join('\n\t')}\n`;
}

/**
 * kubectl's top-level commands in the order kubectl adds them (its help groups, then the others),
 * which is the order cobra lists its suggestions in; commands of ours that kubectl lacks follow,
 * cobra's `help` last.
 */
const KUBECTL_ORDER = [
  'create', 'expose', 'run', 'set', 'explain', 'get', 'edit', 'delete', 'rollout', 'scale', 'autoscale',
  'certificate', 'cluster-info', 'top', 'cordon', 'uncordon', 'drain', 'taint', 'describe', 'logs', 'attach',
  'exec', 'port-forward', 'proxy', 'cp', 'auth', 'debug', 'events', 'diff', 'apply', 'patch', 'replace', 'wait',
  'kustomize', 'label', 'annotate', 'completion', 'alpha', 'config', 'plugin', 'version', 'api-versions',
  'api-resources', 'options',
];

/** cobra's `SuggestFor` of kubectl's commands: words that suggest them whatever their distance. */
const SUGGEST_FOR: Readonly<Record<string, readonly string[]>> = { get: ['list', 'ps'], wait: ['list', 'ps'], delete: ['rm'] };

/** Levenshtein distance, case-insensitive (cobra's `ld(s, t, true)`). */
function distance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      row[j] = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
    }
    prev = row;
  }
  return prev[t.length] ?? 0;
}

/**
 * cobra's `SuggestionsFor`: the available commands within distance 2 of `typed`, those it is a
 * prefix of, and those that name it in `SuggestFor`, in the order the parent has them (for the
 * root, kubectl's order).
 */
export function commandSuggestions(typed: string, available: readonly string[], root: boolean): string[] {
  let names = [...available];
  if (root) {
    const rank = (n: string): number => (n === 'help' ? KUBECTL_ORDER.length + 1 : KUBECTL_ORDER.includes(n) ? KUBECTL_ORDER.indexOf(n) : KUBECTL_ORDER.length);
    names = names.map((n, i) => ({ n, i })).sort((a, b) => rank(a.n) - rank(b.n) || a.i - b.i).map((x) => x.n);
  }
  const out: string[] = [];
  for (const name of names) {
    if (distance(typed, name) <= 2 || name.toLowerCase().startsWith(typed.toLowerCase())) out.push(name);
    if (root && (SUGGEST_FOR[name] ?? []).some((w) => w.toLowerCase() === typed.toLowerCase())) out.push(name);
  }
  return out;
}

/** The quoted subject of commander's message (`unknown option '--x'` → `--x`). */
function quoted(message: string): string {
  const m = /'([^']*)'/.exec(message);
  return m?.[1] ?? '';
}

/**
 * The usage error kubectl would print for a commander parse error; undefined for the codes that
 * are not errors (help and version shown). `path` is the command words from the binary name, e.g.
 * `['platformctl', 'plugin']` (commander's error does not carry the command).
 */
/**
 * kubectl's groups whose Run is cmdutil.DefaultSubCommandRun: an unknown subcommand is a usage
 * error naming every argument (`unknown command "foo bar"`), without suggestions.
 */
const DEFAULT_SUBCOMMAND_RUN = new Set(['config', 'plugin', 'rollout', 'set', 'auth', 'top']);

export function usageErrorFrom(err: CommanderError, path: readonly string[], commands?: readonly string[], words: readonly string[] = []): UsageError | undefined {
  switch (err.code) {
    case 'commander.helpDisplayed':
    case 'commander.help':
    case 'commander.version':
      return undefined;
    case 'commander.unknownCommand': {
      const word = quoted(err.message);
      if (path.length === 2 && DEFAULT_SUBCOMMAND_RUN.has(path[1] ?? '')) {
        const all = words.length > 0 ? words.join(' ') : word;
        return new UsageError(`unknown command ${JSON.stringify(all)}\nSee '${path.join(' ')} -h' for help and examples`, false);
      }
      const names = commands === undefined ? suggestionsIn(err.message) : commandSuggestions(word, commands, path.length === 1);
      // kubectl's CheckErr ends the block with one newline (no blank line after it).
      return new UsageError(`unknown command "${word}" for "${path.join(' ')}"${didYouMean(names).replace(/\n$/, '')}`, false);
    }
    case 'commander.unknownOption': {
      const flag = quoted(err.message);
      if (flag.startsWith('--')) return new UsageError(`unknown flag: ${flag}${didYouMean(suggestionsIn(err.message))}`);
      // The normalizer passes an unknown shorthand on with the rest of its bundle, which is what pflag names.
      return new UsageError(`unknown shorthand flag: '${flag.charAt(1)}' in ${flag}`);
    }
    case 'commander.optionMissingArgument': {
      const long = /--[^ ,<]+/.exec(quoted(err.message));
      return new UsageError(`flag needs an argument: ${long?.[0] ?? quoted(err.message)}`);
    }
    default:
      return new UsageError(err.message.replace(/^error: /, ''));
  }
}
