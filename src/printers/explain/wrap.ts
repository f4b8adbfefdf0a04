/**
 * The word wrapping of kubectl's explain output: mitchellh/go-wordwrap's `WrapString` (breaks
 * only at white space, keeps existing line breaks, never splits a long word), and the indentation
 * helper of kubectl's templates (the pad also after every line break).
 */

const NBSP = '\u00a0';

function isSpace(c: string): boolean {
  return c !== NBSP && /\s/u.test(c);
}

/** Wraps `text` at white space so that lines stay within `limit` characters where words allow. */
export function wrapString(text: string, limit: number): string {
  let out = '';
  let current = 0;
  let word = '';
  let space = '';
  let wordLen = 0;
  let spaceLen = 0;
  /** Writes out the pending space and word (go-wordwrap's WriteTo of both buffers). */
  const flush = (): void => {
    current += spaceLen + wordLen;
    out += space + word;
    space = '';
    spaceLen = 0;
    word = '';
    wordLen = 0;
  };
  for (const c of text) {
    if (c === '\n') {
      if (word.length > 0) flush();
      else {
        if (current + spaceLen <= limit) out += space;
        space = '';
        spaceLen = 0;
      }
      out += c;
      current = 0;
    } else if (isSpace(c)) {
      if (space.length === 0 || word.length > 0) flush();
      space += c;
      spaceLen++;
    } else {
      word += c;
      wordLen++;
      if (current + wordLen + spaceLen > limit && wordLen < limit) {
        out += '\n';
        current = 0;
        space = '';
        spaceLen = 0;
      }
    }
  }
  if (word.length === 0) {
    if (current + spaceLen <= limit) out += space;
  } else {
    out += space + word;
  }
  return out;
}

/** `amount` spaces before the text and after each of its line breaks. */
export function indent(amount: number, text: string): string {
  const pad = ' '.repeat(amount);
  return pad + text.split('\n').join(`\n${pad}`);
}
