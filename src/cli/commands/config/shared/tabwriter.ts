/**
 * The column layout of Go's text/tabwriter as kubectl configures it (`minwidth 6, tabwidth 4,
 * padding 3, padchar ' '`): every cell but the last of a line is padded to its column's width.
 */

/** Lays out `rows` (cells of each line) as kubectl's tab writer. */
export function tabwrite(rows: readonly (readonly string[])[], minWidth = 6, padding = 3): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      if (i === row.length - 1) return;
      widths[i] = Math.max(widths[i] ?? minWidth, [...cell].length + padding);
    });
  }
  return rows
    .map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd((widths[i] as number) - ([...cell].length - cell.length)))).join('') + '\n')
    .join('');
}
