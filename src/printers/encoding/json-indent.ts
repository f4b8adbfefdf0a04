/**
 * Go's `json.Indent`: re-indents JSON text token by token, keeping its key order and escapes
 * (what `apply view-last-applied -o json` prints of an annotation). Whitespace between tokens is
 * dropped, empty objects and arrays stay `{}` and `[]`, whitespace at the end of the text is kept.
 */

import { withoutTrailing } from '../../machinery/trailing.js';

/** Thrown for text that is not one JSON value (Go's syntax errors). */
export class JsonSyntaxError extends Error {
  override name = 'JsonSyntaxError';
}

const SPACE = new Set([' ', '\t', '\n', '\r']);

/** Indents `src` with `indent` per level (prefix ''), as Go's `json.Indent(dst, src, "", indent)`. */
export function jsonIndent(src: string, indent: string): string {
  const text = withoutTrailing(src, ' \t\n\r');
  const trailing = src.slice(text.length);
  let out = '';
  let depth = 0;
  let i = 0;
  // After `{` or `[`: the newline is written only once a value follows (so `{}` stays compact).
  let pendingOpen = false;
  const newline = (): string => `\n${indent.repeat(depth)}`;
  while (i < text.length) {
    const c = text.charAt(i);
    if (SPACE.has(c)) {
      i++;
      continue;
    }
    if (pendingOpen && c !== '}' && c !== ']') {
      out += newline();
      pendingOpen = false;
    }
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text.charAt(j) !== '"') j += text.charAt(j) === '\\' ? 2 : 1;
      if (j >= text.length) throw new JsonSyntaxError('unexpected end of JSON input');
      out += text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (c === '{' || c === '[') {
      out += c;
      depth++;
      pendingOpen = true;
    } else if (c === '}' || c === ']') {
      if (depth === 0) throw new JsonSyntaxError(`invalid character '${c}' looking for beginning of value`);
      depth--;
      if (pendingOpen) pendingOpen = false;
      else out += newline();
      out += c;
    } else if (c === ',') {
      out += `,${newline()}`;
    } else if (c === ':') {
      out += ': ';
    } else {
      out += c;
    }
    i++;
  }
  if (depth !== 0 || text === '') throw new JsonSyntaxError('unexpected end of JSON input');
  return out + trailing;
}
