/**
 * The text `edit` opens in the editor: kubectl's comment header (with the reasons the previous
 * save failed, when it did) followed by the objects as YAML; and reading it back.
 */

/** Why a save was refused: a headline and its details. */
export interface EditReason {
  head: string;
  other: string[];
}

const HEADER = [
  "# Please edit the object below. Lines beginning with a '#' will be ignored,",
  '# and an empty file will abort the edit. If an error occurs while saving this file will be',
  '# reopened with the relevant failures.',
  '#',
  '',
].join('\n');

function hashOnLineBreak(text: string): string {
  return text.replace(/\n/g, '\n# ');
}

/** The header with the reasons of a failed save. */
export function editHeader(reasons: readonly EditReason[]): string {
  let out = HEADER;
  for (const r of reasons) {
    out += `# ${hashOnLineBreak(r.head)}${r.other.length > 0 ? ':' : ''}\n`;
    for (const o of r.other) out += `# * ${hashOnLineBreak(o)}\n`;
    out += '#\n';
  }
  return out;
}

/** The edited text without comment lines (kubectl ignores lines starting with `#`). */
export function stripComments(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n');
}

/**
 * kubectl's text for a syntax error in the saved file `saved` (read without its comments): the
 * line as the editor shows it, the comment lines counted.
 */
export function savedSyntaxError(saved: string, err: { reason: string; line: number | undefined }): string {
  const line = err.line === undefined ? '' : `line ${originalLine(saved, err.line)}: `;
  return `error converting YAML to JSON: yaml: ${line}${err.reason}`;
}

/** The 1-based line of `text` that is line `strippedLine` of `stripComments(text)`. */
function originalLine(text: string, strippedLine: number): number {
  const lines = text.split('\n');
  let kept = 0;
  for (let i = 0; i < lines.length; i++) {
    if ((lines[i] as string).trimStart().startsWith('#')) continue;
    kept++;
    if (kept === strippedLine) return i + 1;
  }
  return lines.length;
}
