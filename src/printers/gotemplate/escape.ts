/**
 * The escapers behind the template functions `html`, `js` and `urlquery` (Go's
 * `template.HTMLEscapeString`, `template.JSEscapeString` and `url.QueryEscape`).
 */
import { isPrint } from './strconv/quote.js';

const HTML: Readonly<Record<string, string>> = { '\0': '\ufffd', '"': '&#34;', "'": '&#39;', '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** `template.HTMLEscapeString`. */
export function htmlEscapeString(s: string): string {
  let out = '';
  for (const ch of s) out += HTML[ch] ?? ch;
  return out;
}

const JS: Readonly<Record<string, string>> = {
  '\\': '\\\\', "'": "\\'", '"': '\\"', '<': '\\u003C', '>': '\\u003E', '&': '\\u0026', '=': '\\u003D',
};

/** `template.JSEscapeString`: quotes, `<>&=` and control characters escaped; other characters kept when printable. */
export function jsEscapeString(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    const mapped = JS[ch];
    if (mapped !== undefined) out += mapped;
    else if (c < 0x20) out += `\\u00${c.toString(16).toUpperCase().padStart(2, '0')}`;
    else if (c < 0x80 || isPrint(c)) out += ch;
    else out += `\\u${c.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return out;
}

const UNRESERVED = /^[A-Za-z0-9\-_.~]$/;

/** `url.QueryEscape`: unreserved characters kept, space as `+`, every other byte as `%XX`. */
export function urlQueryEscape(s: string): string {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) {
    const ch = String.fromCharCode(byte);
    if (UNRESERVED.test(ch)) out += ch;
    else if (byte === 0x20) out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
