// Built on first use: a Unicode property class costs a millisecond to create, and most commands
// that load this module never quote anything.
let printable: RegExp | undefined;
function isPrintable(ch: string): boolean {
  printable ??= new RegExp('[\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}]', 'u');
  return printable.test(ch);
}

/** Go's `strconv.Quote` (the `%q` verb): a double-quoted string with Go escapes. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (c === 0x20 || isPrintable(ch)) out += ch;
    else if (c === 0x07) out += '\\a';
    else if (c === 0x08) out += '\\b';
    else if (c === 0x0c) out += '\\f';
    else if (c === 0x0a) out += '\\n';
    else if (c === 0x0d) out += '\\r';
    else if (c === 0x09) out += '\\t';
    else if (c === 0x0b) out += '\\v';
    else if (c < 0x80) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else if (c < 0x10000) out += `\\u${c.toString(16).padStart(4, '0')}`;
    else out += `\\U${c.toString(16).padStart(8, '0')}`;
  }
  return `${out}"`;
}
