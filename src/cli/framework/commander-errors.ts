/**
 * Commander's parse errors in kubectl's (cobra's and pflag's) words. Commander finds the unknown
 * command or flag and the closest names (its `suggestSimilar`); this module only rewords them:
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
export function usageErrorFrom(err: CommanderError, path: readonly string[]): UsageError | undefined {
  switch (err.code) {
    case 'commander.helpDisplayed':
    case 'commander.help':
    case 'commander.version':
      return undefined;
    case 'commander.unknownCommand':
      return new UsageError(`unknown command "${quoted(err.message)}" for "${path.join(' ')}"${didYouMean(suggestionsIn(err.message))}`, false);
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
