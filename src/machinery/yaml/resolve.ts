/**
 * go-yaml v2's resolver of plain scalars (the YAML 1.1 rules sigs.k8s.io/yaml, and so kubectl,
 * reads and writes with): `yes`/`on`/`y` are booleans, `0x1F` and `1_000` are integers, `1e3` is a
 * float (one beyond float64, `1e400`, stays a string, as Go's ParseFloat refuses it), `2001-12-14`
 * is a timestamp. Reading config files types plain scalars with it; the writer quotes a string
 * that would read back as something else (`"123"`, `"true"`, `"yes"`, `"2001-12-14"`).
 */

/** The type an unquoted scalar resolves to. */
export type PlainTag = 'null' | 'bool' | 'int' | 'float' | 'timestamp' | 'str';

/** go-yaml's table of words: booleans, nulls and the special floats. */
const WORDS = new Map<string, { tag: PlainTag; value: unknown }>([
  ...['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON'].map((w) => [w, { tag: 'bool', value: true }] as const),
  ...['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF'].map((w) => [w, { tag: 'bool', value: false }] as const),
  ...['', '~', 'null', 'Null', 'NULL'].map((w) => [w, { tag: 'null', value: null }] as const),
  ...['.nan', '.NaN', '.NAN'].map((w) => [w, { tag: 'float', value: Number.NaN }] as const),
  ...['.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF'].map((w) => [w, { tag: 'float', value: Infinity }] as const),
  ...['-.inf', '-.Inf', '-.INF'].map((w) => [w, { tag: 'float', value: -Infinity }] as const),
  // `<<` is in go-yaml's table too, but never looked up: `<` is not a resolver hint character.
]);

const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
const DOT_FLOAT = /^\.[0-9]+([eE][-+]?[0-9]+)?$/;

/**
 * Go's `strconv.ParseInt(s, 0, 64)`, then `ParseUint(s, 0, 64)`: the value, or undefined when both
 * fail (a signed literal must fit int64, an unsigned one uint64).
 */
function goParseInt(s: string): number | undefined {
  const m = /^([+-]?)(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/.exec(s);
  if (m === null) return undefined;
  const [, sign = '', body = ''] = m;
  let magnitude: bigint;
  if (/^0[xXoObB]/.test(body)) magnitude = BigInt(body.toLowerCase());
  else if (body.startsWith('0') && body.length > 1) magnitude = BigInt(`0o${body.slice(1)}`);
  else magnitude = BigInt(body);
  const fits = sign === '-' ? magnitude <= 2n ** 63n : magnitude < (sign === '+' ? 2n ** 63n : 2n ** 64n);
  if (!fits) return undefined;
  return Number(sign === '-' ? -magnitude : magnitude);
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

/** Resolves an unquoted scalar as go-yaml v2 does: its type and value (a timestamp keeps its text). */
export function resolvePlain(s: string): { tag: PlainTag; value: unknown } {
  const word = WORDS.get(s);
  if (word !== undefined) return word;
  const c = s[0];
  if (c === '.' && DOT_FLOAT.test(s) && Number.isFinite(Number(s))) return { tag: 'float', value: Number(s) };
  if (c === undefined || !(c === '+' || c === '-' || (c >= '0' && c <= '9'))) return { tag: 'str', value: s };
  if (isTimestamp(s)) return { tag: 'timestamp', value: s };
  const plain = s.replaceAll('_', '');
  const int = goParseInt(plain);
  if (int !== undefined) return { tag: 'int', value: int };
  if (YAML_STYLE_FLOAT.test(plain) && Number.isFinite(Number(plain))) return { tag: 'float', value: Number(plain) };
  return { tag: 'str', value: s };
}

/** True when go-yaml v2 resolves the unquoted text `s` to something other than a string. */
export function resolvesToNonString(s: string): boolean {
  return resolvePlain(s).tag !== 'str';
}

/** True for YAML 1.1 base-60 numbers (`1:20`), which go-yaml quotes for other parsers' sake. */
export function isBase60Float(s: string): boolean {
  const c = s[0];
  if (c === undefined || !(c === '+' || c === '-' || (c >= '0' && c <= '9')) || !s.includes(':')) return false;
  return BASE60_FLOAT.test(s);
}
