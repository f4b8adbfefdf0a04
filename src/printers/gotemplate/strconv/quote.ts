/**
 * Go's strconv as text/template and fmt use it: the unquoting (`Unquote`, `UnquoteChar`) is here,
 * the quoting is machinery's, under Go's names. Go strings are bytes; ours are JavaScript strings,
 * so escapes that produce bytes which are not UTF-8 decode to U+FFFD.
 */

export {
  goCanBackquote as canBackquote, goIsPrint as isPrint, goQuote as quote, goQuoteRune as quoteRune, goQuoteToASCII as quoteToASCII,
} from '../../../machinery/go-quote.js';

/** Go's `strconv.ErrSyntax`. */
export class SyntaxError extends Error {
  constructor() {
    super('invalid syntax');
  }
}

/** One decoded character of a literal: a code point, or (for `\x` and octal escapes) a raw byte. */
interface Unquoted {
  value: number;
  /** True when value is a byte of a UTF-8 sequence rather than a code point. */
  isByte: boolean;
  rest: string;
}

function hexValue(ch: string): number {
  const i = '0123456789abcdef'.indexOf(ch.toLowerCase());
  return ch === '' ? -1 : i;
}

/**
 * `strconv.UnquoteChar`: decodes the first character or escape of `s`, the body of a literal
 * quoted with `quote`.
 *
 * @throws SyntaxError for a bad escape
 */
export function unquoteChar(s: string, quote: string): Unquoted {
  const first = s.codePointAt(0);
  if (first === undefined) throw new SyntaxError();
  const ch = String.fromCodePoint(first);
  if (ch === quote && (quote === "'" || quote === '"')) throw new SyntaxError();
  if (ch !== '\\') return { value: first, isByte: false, rest: s.slice(ch.length) };
  if (s.length <= 1) throw new SyntaxError();
  const c = s[1] ?? '';
  let rest = s.slice(2);
  switch (c) {
    case 'a': return { value: 0x07, isByte: false, rest };
    case 'b': return { value: 0x08, isByte: false, rest };
    case 'f': return { value: 0x0c, isByte: false, rest };
    case 'n': return { value: 0x0a, isByte: false, rest };
    case 'r': return { value: 0x0d, isByte: false, rest };
    case 't': return { value: 0x09, isByte: false, rest };
    case 'v': return { value: 0x0b, isByte: false, rest };
    case 'x': case 'u': case 'U': {
      const n = c === 'x' ? 2 : c === 'u' ? 4 : 8;
      if (rest.length < n) throw new SyntaxError();
      let v = 0;
      for (let i = 0; i < n; i++) {
        const d = hexValue(rest[i] ?? '');
        if (d < 0) throw new SyntaxError();
        v = v * 16 + d;
      }
      rest = rest.slice(n);
      if (c === 'x') return { value: v, isByte: true, rest };
      if (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) throw new SyntaxError();
      return { value: v, isByte: false, rest };
    }
    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
      let v = Number(c);
      if (rest.length < 2) throw new SyntaxError();
      for (let i = 0; i < 2; i++) {
        const d = (rest.codePointAt(i) ?? 0) - 0x30;
        if (d < 0 || d > 7) throw new SyntaxError();
        v = v * 8 + d;
      }
      if (v > 255) throw new SyntaxError();
      return { value: v, isByte: true, rest: rest.slice(2) };
    }
    case '\\': return { value: 0x5c, isByte: false, rest };
    case "'": case '"':
      if (c !== quote) throw new SyntaxError();
      return { value: c.codePointAt(0) ?? 0, isByte: false, rest };
    default:
      throw new SyntaxError();
  }
}

/** UTF-8 bytes of one code point. */
function utf8Bytes(c: number): number[] {
  return [...Buffer.from(String.fromCodePoint(c), 'utf8')];
}

/**
 * `strconv.Unquote` of a `"..."` or `` `...` `` literal (template strings) or a `'...'` one.
 *
 * @throws SyntaxError when the literal is malformed
 */
export function unquote(literal: string): string {
  if (literal.length < 2) throw new SyntaxError();
  const q = literal[0] ?? '';
  if (q !== literal[literal.length - 1]) throw new SyntaxError();
  let body = literal.slice(1, -1);
  if (q === '`') {
    if (body.includes('`')) throw new SyntaxError();
    return body.replaceAll('\r', '');
  }
  if (q !== '"' && q !== "'") throw new SyntaxError();
  if (body.includes('\n')) throw new SyntaxError();
  const bytes: number[] = [];
  let count = 0;
  while (body.length > 0) {
    const { value, isByte, rest } = unquoteChar(body, q);
    body = rest;
    count++;
    if (isByte) bytes.push(value);
    else bytes.push(...utf8Bytes(value));
    if (q === "'" && body.length > 0) throw new SyntaxError();
  }
  if (q === "'" && count !== 1) throw new SyntaxError();
  return Buffer.from(bytes).toString('utf8');
}
