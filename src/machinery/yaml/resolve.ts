/**
 * Whether a string may be written as a plain YAML scalar, by the rules of the YAML 1.1 resolver
 * in go-yaml v2 (which sigs.k8s.io/yaml, and so kubectl, uses): a string that would read back as
 * a bool, null, number or timestamp must be quoted (`"123"`, `"true"`, `"yes"`, `"2001-12-14"`).
 */

const RESOLVE_MAP = new Set([
  'y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON',
  'n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF',
  '', '~', 'null', 'Null', 'NULL',
  '.nan', '.NaN', '.NAN', '.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF', '-.inf', '-.Inf', '-.INF',
  // `<<` is in go-yaml's table too, but never looked up: `<` is not a resolver hint character.
]);

const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
const DOT_FLOAT = /^\.[0-9]+([eE][-+]?[0-9]+)?$/;

/** `strconv.ParseInt(s, 0, 64)` / `ParseUint` / big.Int syntax: every integer literal Go accepts with base 0. */
function isGoIntegerLiteral(s: string, allowSign: boolean): boolean {
  const body = allowSign ? s.replace(/^[+-]/, '') : s;
  if (body === '') return false;
  if (/^0[xX][0-9a-fA-F]+$/.test(body)) return true;
  if (/^0[oO][0-7]+$/.test(body)) return true;
  if (/^0[bB][01]+$/.test(body)) return true;
  if (/^0[0-7]*$/.test(body)) return true;
  return /^[1-9][0-9]*$/.test(body);
}

function daysIn(month: number, year: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const TIMESTAMP = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:([Tt])|( ))(\d{1,2}):(\d{1,2}):(\d{1,2})(?:[.,]\d+)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** The timestamp forms go-yaml v2 tries with Go's time.Parse. */
function isTimestamp(s: string): boolean {
  const m = TIMESTAMP.exec(s);
  if (!m) return false;
  const [, y, mo, d, t, space, hh, mm, ss, zone] = m;
  // RFC 3339 forms need a zone; the space-separated form has none.
  if (t !== undefined && zone === undefined) return false;
  if (space !== undefined && zone !== undefined) return false;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(month, year)) return false;
  if (hh !== undefined && (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59)) return false;
  if (zone !== undefined && zone !== 'Z') {
    const [zh = '0', zm = '0'] = zone.slice(1).split(':');
    if (Number(zh) > 23 || Number(zm) > 59) return false;
  }
  return true;
}

/** True when go-yaml v2 resolves the unquoted text `s` to something other than a string. */
export function resolvesToNonString(s: string): boolean {
  if (RESOLVE_MAP.has(s)) return true;
  const c = s[0];
  if (c === '.') return DOT_FLOAT.test(s) && Number.isFinite(Number(s));
  if (c === undefined || !(c === '+' || c === '-' || (c >= '0' && c <= '9'))) return false;
  if (isTimestamp(s)) return true;
  const plain = s.replaceAll('_', '');
  if (isGoIntegerLiteral(plain, true)) {
    // A signed literal must fit int64 (ParseInt); unsigned ones of any size are still integers.
    if (!/^[+-]0[xXoObB]/.test(plain)) return true;
    const magnitude = BigInt(plain.slice(1));
    return plain[0] === '-' ? magnitude <= 2n ** 63n : magnitude < 2n ** 63n;
  }
  if (YAML_STYLE_FLOAT.test(plain) && Number.isFinite(Number(plain))) return true;
  return false;
}

/** True for YAML 1.1 base-60 numbers (`1:20`), which go-yaml quotes for other parsers' sake. */
export function isBase60Float(s: string): boolean {
  const c = s[0];
  if (c === undefined || !(c === '+' || c === '-' || (c >= '0' && c <= '9')) || !s.includes(':')) return false;
  return BASE60_FLOAT.test(s);
}
