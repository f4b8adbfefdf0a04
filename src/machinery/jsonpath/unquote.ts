/**
 * kubectl's `UnquoteExtend`: Go's `strconv.Unquote` for double- and single-quoted strings
 * (`\n`, `\t`, `\x41`, `\101`, `\u00e9`, `\U0001F600`, `\'` or `\"` matching the quote).
 *
 * @returns the unquoted text, or `undefined` for Go's "invalid syntax"
 */
export function unquoteExtend(s: string): string | undefined {
  const quote = s[0];
  if (s.length < 2 || quote !== s[s.length - 1] || (quote !== '"' && quote !== "'")) return undefined;
  const body = s.slice(1, -1);
  let out = '';
  for (let i = 0; i < body.length; ) {
    const c = body[i] ?? '';
    if (c === quote) return undefined;
    if (c !== '\\') {
      const cp = body.codePointAt(i) ?? 0;
      const ch = String.fromCodePoint(cp);
      out += ch;
      i += ch.length;
      continue;
    }
    const e = body[i + 1];
    i += 2;
    switch (e) {
      case 'a': out += '\x07'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'v': out += '\v'; break;
      case '\\': out += '\\'; break;
      case "'":
      case '"':
        if (e !== quote) return undefined;
        out += e;
        break;
      case 'x':
      case 'u':
      case 'U': {
        const n = e === 'x' ? 2 : e === 'u' ? 4 : 8;
        const hex = body.slice(i, i + n);
        if (hex.length !== n || !/^[0-9a-fA-F]+$/.test(hex)) return undefined;
        const v = parseInt(hex, 16);
        i += n;
        if (e === 'x') {
          out += String.fromCharCode(v);
        } else {
          if (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) return undefined;
          out += String.fromCodePoint(v);
        }
        break;
      }
      case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
        const oct = body.slice(i - 1, i + 2);
        if (!/^[0-7]{3}$/.test(oct)) return undefined;
        const v = parseInt(oct, 8);
        if (v > 255) return undefined;
        i += 2;
        out += String.fromCharCode(v);
        break;
      }
      default:
        return undefined;
    }
  }
  return out;
}
