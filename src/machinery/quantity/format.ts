/**
 * The text a parsed quantity is written as again (apimachinery's `Quantity.String()` and
 * `MarshalJSON`): the text as written when the parser kept it, else the canonical form.
 */
import { compareDecimal } from './arithmetic.js';
import { BINARY_SUFFIXES, DECIMAL_SUFFIXES, numberText, parseQuantity, type Quantity } from './parse.js';

const DECIMAL_BY_EXPONENT = new Map(Object.entries(DECIMAL_SUFFIXES).map(([s, e]) => [e, s]));
const BINARY_BY_EXPONENT = new Map(Object.entries(BINARY_SUFFIXES).map(([s, e]) => [e, s]));

/** The canonical text of a quantity's value in a format (what `Quantity.String()` computes). */
function canonicalText(q: Quantity): string {
  if (q.unscaled === 0n) return '0';
  let format = q.format;
  if (format === 'BinarySI') {
    const small = compareDecimal(q.unscaled, q.scale, -1024n, 0) > 0 && compareDecimal(q.unscaled, q.scale, 1024n, 0) < 0;
    const whole = q.scale >= 0 || q.unscaled % 10n ** BigInt(-q.scale) === 0n;
    if (small || !whole) format = 'DecimalSI';
  }
  if (format === 'BinarySI') {
    let value = q.scale >= 0 ? q.unscaled * 10n ** BigInt(q.scale) : q.unscaled / 10n ** BigInt(-q.scale);
    let times = 0;
    while ((value >= 1024n || value <= -1024n) && value % 1024n === 0n) {
      value /= 1024n;
      times++;
    }
    // Go writes no suffix for a power it has no name for.
    return `${String(value)}${BINARY_BY_EXPONENT.get(times * 10) ?? ''}`;
  }
  let mantissa = q.unscaled;
  let exponent = q.scale;
  while (mantissa % 10n === 0n) {
    mantissa /= 10n;
    exponent++;
  }
  while (exponent % 3 !== 0) {
    mantissa *= 10n;
    exponent--;
  }
  if (format === 'DecimalExponent') return exponent === 0 ? String(mantissa) : `${String(mantissa)}e${String(exponent)}`;
  return `${String(mantissa)}${DECIMAL_BY_EXPONENT.get(exponent) ?? ''}`;
}

/** The text a quantity is encoded as: the text as written when the parser kept it, else the canonical form. */
export function formatQuantity(q: Quantity): string {
  return q.text ?? canonicalText(q);
}

/**
 * What a JSON value in a Quantity field is stored as (`cpu: 0.5` → `"500m"`), or the API server's
 * error when the value is not a quantity. Strings are trimmed first, as `UnmarshalJSON` trims them.
 */
export function canonicalQuantity(value: string | number): { value: string } | { error: string } {
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  const parsed = parseQuantity(text);
  if ('error' in parsed) return parsed;
  return { value: formatQuantity(parsed) };
}
