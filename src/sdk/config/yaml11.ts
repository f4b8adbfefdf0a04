/**
 * How an unquoted YAML scalar is typed by go-yaml v2 (the YAML 1.1 rules kubectl reads config
 * files with): `yes`/`on`/`y` are booleans, `0x1F` and `1_000` are integers, `1e3` is a float (one
 * beyond float64, `1e400`, stays a string, as Go's ParseFloat refuses it). Used when reading files,
 * so that a file kubectl accepts is accepted and one it rejects is rejected; the quoting on output
 * is machinery's YAML writer's (src/machinery/yaml/resolve.ts).
 */

/** The type an unquoted scalar resolves to. */
export type PlainTag = 'null' | 'bool' | 'int' | 'float' | 'timestamp' | 'str';

const TRUE_WORDS = new Set(['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON']);
const FALSE_WORDS = new Set(['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF']);
const NULL_WORDS = new Set(['', '~', 'null', 'Null', 'NULL']);
const SPECIAL_FLOATS = new Map<string, number>([
  ['.nan', Number.NaN], ['.NaN', Number.NaN], ['.NAN', Number.NaN],
  ['.inf', Infinity], ['.Inf', Infinity], ['.INF', Infinity],
  ['+.inf', Infinity], ['+.Inf', Infinity], ['+.INF', Infinity],
  ['-.inf', -Infinity], ['-.Inf', -Infinity], ['-.INF', -Infinity],
]);

const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const GO_FLOAT = /^[-+]?(\d+\.?\d*([eE][-+]?\d+)?|\.\d+([eE][-+]?\d+)?)$/;
const TIMESTAMPS = [
  /^\d{4}-\d{1,2}-\d{1,2}$/,
  /^\d{4}-\d{1,2}-\d{1,2}[Tt]\d{1,2}:\d{1,2}:\d{1,2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/,
  /^\d{4}-\d{1,2}-\d{1,2} \d{1,2}:\d{1,2}:\d{1,2}(\.\d{1,9})?$/,
];

/** Go's `strconv.ParseInt(s, 0, 64)` (and ParseUint): the value, or undefined when it fails. */
function goParseInt(s: string): number | undefined {
  const m = /^([+-]?)(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/.exec(s);
  if (m === null) return undefined;
  const sign = m[1] === '-' ? -1n : 1n;
  const body = m[2] as string;
  let value: bigint;
  if (/^0[xXoObB]/.test(body)) value = BigInt(body.toLowerCase());
  else if (body.length > 1 && body.startsWith('0')) value = BigInt(`0o${body.slice(1)}`);
  else value = BigInt(body);
  value *= sign;
  if (value < -(2n ** 63n) || value >= 2n ** 64n) return undefined;
  return Number(value);
}

function isTimestamp(s: string): boolean {
  if (!TIMESTAMPS.some((re) => re.test(s))) return false;
  const [month, day] = s.slice(5).split(/[-Tt ]/).map(Number);
  return month !== undefined && day !== undefined && month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** Resolves an unquoted scalar as go-yaml v2 does. */
export function resolvePlain(s: string): { tag: PlainTag; value: unknown } {
  if (NULL_WORDS.has(s)) return { tag: 'null', value: null };
  const first = s[0] as string;
  if ('yYnNtTfFoO'.includes(first)) {
    if (TRUE_WORDS.has(s)) return { tag: 'bool', value: true };
    if (FALSE_WORDS.has(s)) return { tag: 'bool', value: false };
    return { tag: 'str', value: s };
  }
  const special = SPECIAL_FLOATS.get(s);
  if (special !== undefined) return { tag: 'float', value: special };
  if (first === '.') {
    return GO_FLOAT.test(s) && Number.isFinite(Number(s)) ? { tag: 'float', value: Number(s) } : { tag: 'str', value: s };
  }
  if ('+-0123456789'.includes(first)) {
    if (isTimestamp(s)) return { tag: 'timestamp', value: s };
    const plain = s.replace(/_/g, '');
    const int = goParseInt(plain);
    if (int !== undefined) return { tag: 'int', value: int };
    if (YAML_STYLE_FLOAT.test(plain) && Number.isFinite(Number(plain))) return { tag: 'float', value: Number(plain) };
    const bin = /^(-?)0b([01]+)$/.exec(plain);
    if (bin !== null) return { tag: 'int', value: Number(BigInt(`0b${bin[2] as string}`)) * (bin[1] === '-' ? -1 : 1) };
  }
  return { tag: 'str', value: s };
}
