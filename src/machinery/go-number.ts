/**
 * Number formatting as Go prints the values a JSON decoder produces (int64 for integers,
 * float64 otherwise), so that our output matches the Go tools byte for byte.
 */

/** True when Go's JSON decoding (int64 first, then float64) would have produced an integer. */
export function isGoInteger(n: number): boolean {
  return Number.isInteger(n) && Math.abs(n) < 2 ** 63;
}

/** Digits and decimal exponent of the shortest representation that round-trips. */
function shortestDigits(n: number): { digits: string; exp: number } {
  const [mantissa = '0', exponent = '0'] = Math.abs(n).toExponential().split('e');
  return { digits: mantissa.replace('.', ''), exp: Number(exponent) };
}

/**
 * Go's `strconv.FormatFloat(f, 'g', -1, 64)` and `fmt.Sprint(float64)`: the shortest digits, in
 * exponent form when the exponent is below -4 or at least 6 (`1e+06`, `1.5e-05`, `123456`).
 */
export function formatGoFloat(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return '+Inf';
  if (n === -Infinity) return '-Inf';
  if (n === 0) return Object.is(n, -0) ? '-0' : '0';
  const sign = n < 0 ? '-' : '';
  const { digits, exp } = shortestDigits(n);
  if (exp < -4 || exp >= 6) {
    const mant = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = Math.abs(exp);
    return `${sign}${mant}e${exp < 0 ? '-' : '+'}${e < 10 ? '0' : ''}${e}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  if (digits.length <= exp + 1) return `${sign}${digits}${'0'.repeat(exp + 1 - digits.length)}`;
  return `${sign}${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
}

/** A JSON number as Go's `fmt.Sprint` prints the decoded value. */
export function formatGoNumber(n: number): string {
  if (isGoInteger(n)) return BigInt(n).toString();
  return formatGoFloat(n);
}
