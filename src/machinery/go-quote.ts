/**
 * Go's `strconv` quoting (`Quote`, `QuoteToASCII`, `QuoteRune`, `CanBackquote`) and the printable
 * test under it (`unicode.IsPrint`): the `%q` of error messages, printers and templates, and the
 * API server's check of field manager names. Go strings are bytes, ours UTF-16: a lone surrogate
 * stands where Go would have decoded invalid UTF-8 as U+FFFD, and is escaped as that.
 */

// Built on first use: a Unicode property class costs about a millisecond to create, and most
// commands that load this module never quote anything outside ASCII.
let graphic: RegExp | undefined;

/**
 * Go's `unicode.IsPrint` (and `strconv.IsPrint`): letters, marks, numbers, punctuation, symbols
 * and the ASCII space; no other space is printable.
 */
export function goIsPrint(codePoint: number): boolean {
  if (codePoint < 0x7f) return codePoint >= 0x20;
  if (codePoint === 0x7f) return false;
  graphic ??= /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;
  return graphic.test(String.fromCodePoint(codePoint));
}

const HEX = '0123456789abcdef';

function hex(n: number, width: number): string {
  let s = '';
  for (let i = width - 1; i >= 0; i--) s += HEX[(n >> (i * 4)) & 0xf] ?? '0';
  return s;
}

function escapedRune(c: number, quote: string, asciiOnly: boolean): string {
  const ch = String.fromCodePoint(c);
  if (ch === quote || ch === '\\') return `\\${ch}`;
  if (asciiOnly ? c < 0x80 && goIsPrint(c) : goIsPrint(c)) return ch;
  switch (c) {
    case 0x07: return '\\a';
    case 0x08: return '\\b';
    case 0x0c: return '\\f';
    case 0x0a: return '\\n';
    case 0x0d: return '\\r';
    case 0x09: return '\\t';
    case 0x0b: return '\\v';
    default:
      if (c < 0x20 || c === 0x7f) return `\\x${hex(c, 2)}`;
      if (c >= 0xd800 && c <= 0xdfff) return '\\ufffd';
      if (c < 0x10000) return `\\u${hex(c, 4)}`;
      return `\\U${hex(c, 8)}`;
  }
}

function quoteWith(s: string, quote: string, asciiOnly: boolean): string {
  let out = quote;
  for (const ch of s) out += escapedRune(ch.codePointAt(0) ?? 0, quote, asciiOnly);
  return out + quote;
}

/** Go's `strconv.Quote` (the `%q` verb): a double-quoted Go string literal. */
export function goQuote(s: string): string {
  return quoteWith(s, '"', false);
}

/** Go's `strconv.QuoteToASCII` (`%+q`): like {@link goQuote} with every non-ASCII character escaped. */
export function goQuoteToASCII(s: string): string {
  return quoteWith(s, '"', true);
}

/** Go's `strconv.QuoteRune` (`%q` of an integer); invalid code points print as U+FFFD. */
export function goQuoteRune(codePoint: number, asciiOnly = false): string {
  const c = codePoint < 0 || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff) ? 0xfffd : codePoint;
  return `'${escapedRune(c, "'", asciiOnly)}'`;
}

/** Go's `strconv.CanBackquote`: whether `%#q` may print the string as a raw literal. */
export function goCanBackquote(s: string): boolean {
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (c === 0xfeff || c === 0xfffd || (c >= 0xd800 && c <= 0xdfff)) return false;
    if ((c < 0x20 && c !== 0x09) || c === 0x60 || c === 0x7f) return false;
  }
  return true;
}
