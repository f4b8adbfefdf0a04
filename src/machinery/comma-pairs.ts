/**
 * The `k1=v1,k2=v2` lists of component-base's map flags (`--feature-gates`, `--runtime-config`,
 * `MapStringString` flags) and of the node-selector annotations: parts split at commas and
 * trimmed, empty parts skipped, each part split at its first `=` with key and value trimmed.
 */

/** One part: `value` is undefined when the part has no `=`. */
export interface CommaPair {
  part: string;
  key: string;
  value: string | undefined;
}

/** The pairs of `text`, in order (a later key does not replace an earlier one here). */
export function commaPairs(text: string): CommaPair[] {
  const pairs: CommaPair[] = [];
  for (const raw of text.split(',')) {
    const part = raw.trim();
    if (part === '') continue;
    const eq = part.indexOf('=');
    pairs.push(eq < 0 ? { part, key: part, value: undefined } : { part, key: part.slice(0, eq).trim(), value: part.slice(eq + 1).trim() });
  }
  return pairs;
}
