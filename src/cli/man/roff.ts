/**
 * Escaping text for roff (man(7)), so that any summary, description or example renders as written
 * and without warnings: backslashes, minus signs, a leading `.` or `'` (which would start a
 * request), quotes inside macro arguments, and characters outside ASCII.
 */

/** Escapes `text` for use inside a line of roff (no line breaks in `text`). */
export function escapeInline(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\\') out += '\\e';
    else if (ch === '-') out += '\\-';
    // Typewriter quotes: roff would print ' and ` as typographic quotes.
    else if (ch === "'") out += "\\(aq";
    else if (ch === '`') out += '\\(ga';
    else if (ch === '\t') out += ' ';
    else if (code < 0x20 || code === 0x7f) out += '';
    else if (code > 0x7e) out += `\\[u${code.toString(16).toUpperCase().padStart(4, '0')}]`;
    else out += ch;
  }
  return out;
}

/** Escapes one output line: inline escapes, and `\&` before a leading `.` (a request otherwise). */
export function escapeLine(text: string): string {
  const escaped = escapeInline(text);
  return escaped.startsWith('.') ? `\\&${escaped}` : escaped;
}

/** Escapes a paragraph of text: each line escaped; blank lines dropped (they would break fill mode). */
export function escapeText(text: string): string {
  return text
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l !== '')
    .map(escapeLine)
    .join('\n');
}

/** A macro argument in double quotes (`"` inside becomes `\(dq`). */
export function quoteArg(text: string): string {
  return `"${escapeInline(text).replace(/"/g, '\\(dq')}"`;
}
