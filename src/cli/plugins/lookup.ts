/**
 * Which plugin an unknown command runs. For `platformctl foo-bar baz --x`, the words before the
 * first flag are split at dashes (`foo`, `bar`, `baz`) and the longest name found on PATH wins:
 * `platformctl-foo-bar-baz`, then `platformctl-foo-bar`, then `platformctl-foo`. As with kubectl,
 * a dash inside a word may also be an underscore in the file name (`platformctl-foo_bar` for
 * `foo-bar`); the dashed name is tried first. A name that is a built-in command
 * (`platformctl-get`) never runs: built-in commands cannot be shadowed.
 */
import { PLUGIN_PREFIX } from '../../sdk/naming.js';
import { findExecutable } from './path-search.js';

/** A plugin to run and the arguments it gets. */
export interface PluginMatch {
  /** Full path of the executable. */
  path: string;
  /** The file name tried, e.g. `platformctl-foo-bar`. */
  name: string;
  /** The arguments after the words that named the plugin. */
  args: string[];
}

/** One candidate file name and the arguments left when it matches, longest first. */
export interface PluginCandidate {
  names: string[];
  args: string[];
}

interface Token {
  text: string;
  word: number;
  /** Index of the token inside its word. */
  part: number;
}

/** The candidate names for `argv` (which starts with the unknown command word), longest first. */
export function pluginCandidates(argv: readonly string[]): PluginCandidate[] {
  const words: string[] = [];
  for (const w of argv) {
    if (w.startsWith('-')) break;
    words.push(w);
  }
  const tokens: Token[] = [];
  words.forEach((w, word) => w.split('-').forEach((text, part) => tokens.push({ text, word, part })));
  const out: PluginCandidate[] = [];
  for (let k = tokens.length; k >= 1; k--) {
    const used = tokens.slice(0, k);
    const lastTok = used[k - 1] as Token;
    const dashed = used.map((t) => t.text).join('-');
    // kubectl's form: words joined by '-', dashes inside a word written as '_'.
    const underscored = used.map((t, i) => (i === 0 ? t.text : `${t.word === (used[i - 1] as Token).word ? '_' : '-'}${t.text}`)).join('');
    const names = [...new Set([dashed, underscored])].map((n) => PLUGIN_PREFIX + n);
    const word = words[lastTok.word] as string;
    const wordParts = word.split('-');
    const restOfWord = lastTok.part + 1 < wordParts.length ? [wordParts.slice(lastTok.part + 1).join('-')] : [];
    out.push({ names, args: [...restOfWord, ...argv.slice(lastTok.word + 1)] });
  }
  return out;
}

/**
 * Finds the plugin `argv` names (`argv[0]` is the unknown command word), skipping names of
 * built-in commands; undefined when there is none on PATH.
 */
export function findPlugin(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  builtins: readonly string[],
): PluginMatch | undefined {
  const shadowing = new Set(builtins.map((b) => PLUGIN_PREFIX + b));
  for (const candidate of pluginCandidates(argv)) {
    for (const name of candidate.names) {
      if (shadowing.has(name)) continue;
      const path = findExecutable(name, env);
      if (path !== undefined) return { path, name, args: candidate.args };
    }
  }
  return undefined;
}
