/**
 * kubectl's `ParsePairs` for `--exec-env` and `--auth-provider-arg`: `key=value` sets, `key-`
 * removes.
 */

/** Parsed pairs: values to set (in the order given) and names to remove. */
export interface Pairs {
  set: Map<string, string>;
  remove: string[];
}

/** Parses `key=value` / `key-` arguments; throws kubectl's message for anything else. */
export function parsePairs(args: readonly string[], flag: string): Pairs {
  const set = new Map<string, string>();
  const remove: string[] = [];
  const invalid: string[] = [];
  for (const arg of args) {
    const eq = arg.indexOf('=');
    if (eq >= 0) set.set(arg.slice(0, eq), arg.slice(eq + 1));
    else if (arg.endsWith('-')) remove.push(arg.slice(0, -1));
    else invalid.push(arg);
  }
  if (invalid.length > 0) throw new Error(`invalid ${flag} format: ${invalid.join(', ')}`);
  return { set, remove };
}
