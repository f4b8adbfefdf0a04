/**
 * How go-yaml v3 (which kustomize reads resources with) types an unquoted scalar: only
 * `true`/`false` (in three spellings) are booleans, `0777` is octal and `0o17`, `0x1F`, `0b101`
 * and `1_000` are integers, and timestamps become times, written out in RFC 3339 form.
 */

/** The type an unquoted scalar resolves to. */
export type PlainTagV3 = 'null' | 'bool' | 'int' | 'float' | 'timestamp' | 'str';

const BOOLS = new Map<string, boolean>([['true', true], ['True', true], ['TRUE', true], ['false', false], ['False', false], ['FALSE', false]]);
const NULLS = new Set(['', '~', 'null', 'Null', 'NULL']);
const SPECIAL_FLOATS = new Set(['.nan', '.NaN', '.NAN', '.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF', '-.inf', '-.Inf', '-.INF']);
const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
/**
 * What Go's `strconv.ParseFloat` accepts that matters here (decimal forms). Written so that digits
 * split one way only: `\d+\.?\d*` backtracked quadratically on a long run of digits that did not
 * end as a number (a second on 30,000 of them in a manifest).
 */
const GO_DECIMAL_FLOAT = /^[-+]?(\d+(\.\d*)?([eE][-+]?\d+)?|\.\d+([eE][-+]?\d+)?)$/;
const MAX_UINT = 2n ** 64n;
const MIN_INT = -(2n ** 63n);

/** Go's `strconv.ParseInt(s, 0, 64)`, then `ParseUint`: the value, or undefined. */
function goParseIntBase0(s: string): number | undefined {
  const m = /^([+-]?)(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/.exec(s);
  if (m === null) return undefined;
  const negative = m[1] === '-';
  const body = m[2] as string;
  let value: bigint;
  if (/^0[xXoObB]/.test(body)) value = BigInt(body.toLowerCase());
  else if (body.length > 1 && body.startsWith('0')) value = BigInt(`0o${body.slice(1)}`);
  else value = BigInt(body);
  if (negative) value = -value;
  if (value < MIN_INT || value >= MAX_UINT) return undefined;
  return Number(value);
}

/** A finite float from Go's `ParseFloat`, or undefined (out of range is an error there). */
function goParseFloat(s: string): number | undefined {
  if (!GO_DECIMAL_FLOAT.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysIn(month: number, year: number): number {
  if (month === 2 && (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0))) return 29;
  return DAYS_IN_MONTH[month - 1] ?? 0;
}

const TIMESTAMP = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:([Tt ])(\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})?)?$/;

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/**
 * A timestamp go-yaml v3 accepts (`2001-12-14`, `2001-12-14t21:59:43.10-05:00`,
 * `2001-12-14 21:59:43.10`), formatted as Go's `time.Time` marshals to JSON (RFC 3339 with
 * nanoseconds, trailing zeros dropped); undefined when `s` is not one.
 */
export function goTimestamp(s: string): string | undefined {
  const m = TIMESTAMP.exec(s);
  if (m === null) return undefined;
  const [, y, mo, d, sep, h, mi, sec, frac, zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(month, year)) return undefined;
  if (sep === undefined) return `${y as string}-${pad(month, 2)}-${pad(day, 2)}T00:00:00Z`;
  // `T` forms carry a zone; the space form has none.
  if ((sep === ' ') !== (zone === undefined)) return undefined;
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(sec);
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const nanos = (frac ?? '').slice(0, 9).padEnd(9, '0').replace(/0+$/, '');
  const fraction = nanos === '' ? '' : `.${nanos}`;
  const offset = zone === undefined || zone === 'Z' || zone === '+00:00' || zone === '-00:00' ? 'Z' : zone;
  return `${y as string}-${pad(month, 2)}-${pad(day, 2)}T${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}${fraction}${offset}`;
}

/** Resolves an unquoted scalar as go-yaml v3 does (times as their RFC 3339 text). */
export function resolvePlainV3(s: string): { tag: PlainTagV3; value: unknown } {
  if (NULLS.has(s)) return { tag: 'null', value: null };
  const bool = BOOLS.get(s);
  if (bool !== undefined) return { tag: 'bool', value: bool };
  if (SPECIAL_FLOATS.has(s)) return { tag: 'float', value: s.includes('nan') || s.includes('NaN') || s.includes('NAN') ? Number.NaN : s.startsWith('-') ? -Infinity : Infinity };
  const first = s[0] as string;
  if (first === '.') {
    const f = goParseFloat(s);
    return f === undefined ? { tag: 'str', value: s } : { tag: 'float', value: f };
  }
  if ('+-0123456789'.includes(first)) {
    const time = /^\d{4}-/.test(s) ? goTimestamp(s) : undefined;
    if (time !== undefined) return { tag: 'timestamp', value: time };
    const plain = s.replace(/_/g, '');
    const int = goParseIntBase0(plain);
    if (int !== undefined) return { tag: 'int', value: int === 0 ? 0 : int };
    if (YAML_STYLE_FLOAT.test(plain)) {
      const f = goParseFloat(plain);
      if (f !== undefined) return { tag: 'float', value: f === 0 ? 0 : f };
    }
    const bin = /^-0b([01]+)$/.exec(plain);
    if (bin !== null) return { tag: 'int', value: -Number(BigInt(`0b${bin[1] as string}`)) };
    const oct = /^-0o([0-7]+)$/.exec(plain);
    if (oct !== null) return { tag: 'int', value: -Number(BigInt(`0o${oct[1] as string}`)) };
  }
  return { tag: 'str', value: s };
}
