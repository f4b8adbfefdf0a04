/**
 * kubectl's `smartLabelFor`: a camel-case field name as words (`apiVersion` is `API Version`,
 * `podIP` is `Pod IP`); names with characters other than letters and `-` stay as they are.
 */
export function smartLabelFor(field: string): string {
  if (Array.from(field).some((ch) => !/\p{L}/u.test(ch) && ch !== '-')) return field;
  const acronyms = ['API', 'URL', 'UID', 'OSB', 'GUID'];
  return camelCaseSplit(field)
    .filter((part) => part !== '_')
    .map((part) => (acronyms.includes(part.toUpperCase()) ? part.toUpperCase() : title(part)))
    .join(' ');
}

/** Go's deprecated `strings.Title`: the first letter of each word upper-cased. */
function title(s: string): string {
  let out = '';
  let prev = ' ';
  for (const ch of s) {
    const boundary = !/[\p{L}\p{N}_'\u2019]/u.test(prev);
    out += boundary ? ch.toUpperCase() : ch;
    prev = ch;
  }
  return out;
}

/** github.com/fatih/camelcase `Split`. */
export function camelCaseSplit(src: string): string[] {
  const runs: string[][] = [];
  let lastClass = 0;
  for (const ch of src) {
    const cls = /\p{Ll}/u.test(ch) ? 1 : /\p{Lu}/u.test(ch) ? 2 : /\p{Nd}/u.test(ch) ? 3 : 4;
    const last = runs[runs.length - 1];
    if (cls === lastClass && last) last.push(ch);
    else runs.push([ch]);
    lastClass = cls;
  }
  for (let i = 0; i < runs.length - 1; i++) {
    const cur = runs[i] ?? [];
    const next = runs[i + 1] ?? [];
    if (/\p{Lu}/u.test(cur[0] ?? '') && /\p{Ll}/u.test(next[0] ?? '')) {
      const moved = cur.pop();
      if (moved !== undefined) next.unshift(moved);
    }
  }
  return runs.filter((r) => r.length > 0).map((r) => r.join(''));
}
