/**
 * The command a command line runs, read before the CLI is loaded: the start-up loader picks the
 * bundle and the code cache by it. Scripts often put global flags first (`-n demo get pods`,
 * `--context prod get ns`), so the word is the first argument past the global flags and their
 * values, read as the CLI's parser reads them. Anything else before it (another flag, `--`) gives
 * no word, and the loader then runs the whole CLI, which is right for every command.
 */
import type { FlagSpec } from '../framework/spec.js';

/** What a command word looks like (a word the loader may put in a file name). */
const WORD = /^[a-z][a-z0-9-]{0,31}$/;

/** The first word of `argv` past the global `flags`, or undefined when something else comes first. */
export function commandWord(argv: readonly string[], flags: readonly FlagSpec[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('-') || arg === '-') return WORD.test(arg) ? arg : undefined;
    if (arg === '--') return undefined;
    const long = arg.startsWith('--');
    const body = arg.slice(long ? 2 : 1);
    const eq = body.indexOf('=');
    const name = eq >= 0 ? body.slice(0, eq) : long ? body : body.slice(0, 1);
    const flag = flags.find((f) => (long ? f.name === name : f.short === name));
    if (flag === undefined) return undefined;
    // `--name=value`, `-nvalue` and `-n=value` carry their value; `--name value` and `-n value` take the next argument.
    const valueAttached = eq >= 0 || (!long && body.length > 1);
    if (flag.type === 'bool') {
      if (!long && body.length > 1 && eq < 0) return undefined;
      continue;
    }
    if (!valueAttached) i++;
  }
  return undefined;
}
