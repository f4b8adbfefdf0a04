/**
 * "Did you mean ...?" suggestions, as cobra makes them: names within an edit distance of 2, or
 * names the typed word is a prefix of.
 */

/** Levenshtein distance between two strings. */
export function editDistance(a: string, b: string): number {
  const prev = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] as number;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j] as number;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      prev[j] = Math.min(up + 1, (prev[j - 1] as number) + 1, diag + cost);
      diag = up;
    }
  }
  return prev[b.length] as number;
}

/** Candidates close to `typed`, best first (at most `max`). */
export function closest(typed: string, candidates: readonly string[], max = 3, maxDistance = 2): string[] {
  const lower = typed.toLowerCase();
  const scored: { name: string; score: number }[] = [];
  for (const name of new Set(candidates)) {
    const d = editDistance(lower, name.toLowerCase());
    if (d <= maxDistance) scored.push({ name, score: d });
    else if (lower.length > 1 && name.toLowerCase().startsWith(lower)) scored.push({ name, score: maxDistance + 0.5 });
  }
  scored.sort((x, y) => x.score - y.score || x.name.localeCompare(y.name));
  return scored.slice(0, max).map((s) => s.name);
}
