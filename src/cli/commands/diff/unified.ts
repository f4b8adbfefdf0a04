/**
 * A unified diff of two texts in GNU `diff -u -N` format (the `diff` package computes the hunks),
 * preceded by the `diff -u -N OLD NEW` line GNU diff prints when it compares directories, as
 * kubectl diff's output shows it.
 */

/** GNU's hunk range: `start,count`, `start` alone for one line, the line before for none. */
function range(start: number, count: number): string {
  if (count === 0) return `${Math.max(0, start - 1)},0`;
  return count === 1 ? String(start) : `${start},${count}`;
}

/** The unified diff of `before` and `after`, or '' when they are equal. */
export async function unifiedDiff(oldName: string, newName: string, before: string, after: string): Promise<string> {
  if (before === after) return '';
  const { structuredPatch } = await import('diff');
  const patch = structuredPatch(oldName, newName, before, after, undefined, undefined, { context: 3 });
  let out = `diff -u -N ${oldName} ${newName}\n--- ${oldName}\n+++ ${newName}\n`;
  for (const hunk of patch.hunks) {
    out += `@@ -${range(hunk.oldStart, hunk.oldLines)} +${range(hunk.newStart, hunk.newLines)} @@\n`;
    for (const line of hunk.lines) out += `${line}\n`;
  }
  return out;
}
