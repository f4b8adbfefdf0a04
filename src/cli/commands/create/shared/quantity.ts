/**
 * apimachinery's `resource.ParseQuantity` and `Quantity.String()`: `--hard=cpu=1000m,memory=1.5Gi`
 * prints as kubectl prints it (`cpu: "1"`, `memory: 1536Mi`), with its errors. Values are exact
 * (a BigInt times a power of ten), rounded up to nano units as the API machinery rounds them.
 */
import { InputError } from '../../../../sdk/errors.js';

const FORMAT_WRONG = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const SUFFIX_WRONG = "unable to parse quantity's suffix";
const NUMERIC_WRONG = 'unable to parse numeric part of quantity';

type Format = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

const DECIMAL_SUFFIXES: Readonly<Record<string, number>> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_SUFFIXES: Readonly<Record<string, number>> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);

interface Parts {
  positive: boolean;
  value: string;
  num: string;
  denom: string;
  suffix: string;
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/** apimachinery's `parseQuantityString`. */
function parseParts(str: string): Parts {
  let positive = true;
  let pos = 0;
  const end = str.length;
  if (str[0] === '-') {
    positive = false;
    pos++;
  } else if (str[0] === '+') {
    pos++;
  }
  while (pos < end && str[pos] === '0') pos++;
  if (pos >= end) return { positive, value: '0', num: '0', denom: '', suffix: '' };
  let i = pos;
  while (i < end && isDigit(str[i])) i++;
  let num = str.slice(pos, i);
  if (i >= end) return { positive, value: str, num, denom: '', suffix: '' };
  pos = i;
  if (num === '') num = '0';
  let denom = '';
  if (str[pos] === '.') {
    pos++;
    let j = pos;
    while (j < end && isDigit(str[j])) j++;
    denom = str.slice(pos, j);
    if (j >= end) return { positive, value: str, num, denom, suffix: '' };
    pos = j;
  }
  const value = str.slice(0, pos);
  const suffixStart = pos;
  let k = pos;
  while (k < end && 'eEinumkKMGTP'.includes(str[k] ?? '')) k++;
  if (k >= end) return { positive, value, num, denom, suffix: str.slice(suffixStart) };
  pos = k;
  if (str[pos] === '-' || str[pos] === '+') pos++;
  while (pos < end && isDigit(str[pos])) pos++;
  if (pos < end) throw new InputError(FORMAT_WRONG);
  return { positive, value, num, denom, suffix: str.slice(suffixStart) };
}

/** The base, exponent and format a suffix stands for. */
function interpretSuffix(suffix: string): { base: 10 | 2; exponent: number; format: Format } {
  const dec = DECIMAL_SUFFIXES[suffix];
  if (dec !== undefined) return { base: 10, exponent: dec, format: 'DecimalSI' };
  const bin = BINARY_SUFFIXES[suffix];
  if (bin !== undefined) return { base: 2, exponent: bin, format: 'BinarySI' };
  if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E') && /^[+-]?\d+$/.test(suffix.slice(1))) {
    return { base: 10, exponent: Number(suffix.slice(1)), format: 'DecimalExponent' };
  }
  throw new InputError(SUFFIX_WRONG);
}

/** An exact value `unscaled * 10^scale`. */
interface Decimal {
  unscaled: bigint;
  scale: number;
}

/** Strips factors of `base` while the value is at least `base` (Go's `removeInt64Factors`). */
function removeFactors(value: bigint, base: bigint): { value: bigint; times: number } {
  const negative = value < 0n;
  let v = negative ? -value : value;
  let times = 0;
  while (v >= base && v % base === 0n) {
    v /= base;
    times++;
  }
  return { value: negative ? -v : v, times };
}

/** `Quantity.String()` of a parsed value. */
function canonical(amount: Decimal, format: Format): string {
  if (amount.unscaled === 0n) return '0';
  let fmt = format;
  let integer: bigint | undefined;
  if (fmt === 'BinarySI') {
    // Below 1024 in size, or not a whole number, a binary value prints as a decimal one.
    const small = compareWith(amount, 1024n) < 0 && compareWith(amount, -1024n) > 0;
    const exact = integerValue(amount);
    if (small || exact === undefined) fmt = 'DecimalSI';
    else integer = exact;
  }
  if (fmt === 'BinarySI' && integer !== undefined) {
    const { value, times } = removeFactors(integer, 1024n);
    const suffix = Object.entries(BINARY_SUFFIXES).find(([, e]) => e === times * 10)?.[0] ?? '';
    return `${value}${suffix}`;
  }
  const stripped = removeFactors(amount.unscaled, 10n);
  let value = stripped.value;
  let exponent = amount.scale + stripped.times;
  while (((exponent % 3) + 3) % 3 !== 0) {
    value *= 10n;
    exponent--;
  }
  if (fmt === 'DecimalExponent') return exponent === 0 ? `${value}` : `${value}e${exponent}`;
  // Go prints no suffix for an exponent it has none for.
  const suffix = Object.entries(DECIMAL_SUFFIXES).find(([, e]) => e === exponent)?.[0] ?? '';
  return `${value}${suffix}`;
}

/** The value as an integer, or undefined when it has a fractional part. */
function integerValue(amount: Decimal): bigint | undefined {
  if (amount.scale >= 0) return amount.unscaled * 10n ** BigInt(amount.scale);
  const divisor = 10n ** BigInt(-amount.scale);
  return amount.unscaled % divisor === 0n ? amount.unscaled / divisor : undefined;
}

/** Compares `amount` with an integer. */
function compareWith(amount: Decimal, n: bigint): number {
  const left = amount.scale >= 0 ? amount.unscaled * 10n ** BigInt(amount.scale) : amount.unscaled;
  const right = amount.scale >= 0 ? n : n * 10n ** BigInt(-amount.scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * The text kubectl prints for a quantity typed on the command line: the input itself when it is
 * already canonical, else the canonical form.
 *
 * @throws InputError with apimachinery's message for malformed quantities
 */
export function canonicalQuantity(str: string): string {
  if (str === '') throw new InputError(FORMAT_WRONG);
  if (str === '0') return '0';
  const { positive, value, num, denom, suffix } = parseParts(str);
  const { base, exponent, format } = interpretSuffix(suffix);

  // The int64 fast path, which keeps canonical input as it was typed.
  let precision = 0;
  let scale = 0;
  let mantissa = 1n;
  if (format === 'BinarySI') {
    if (exponent >= 0 && denom === '') {
      mantissa = 1n << BigInt(exponent);
      precision = 15 - num.length - Math.trunc((exponent * 3) / 10) - 1;
    } else {
      precision = -1;
    }
  } else {
    scale = exponent;
    precision = 18 - (num.length + denom.length);
  }
  if (precision >= 0) {
    scale -= denom.length;
    if (scale >= -9) {
      const shifted = num + denom;
      const digits = BigInt(shifted);
      if (digits > INT64_MAX) throw new InputError(NUMERIC_WRONG);
      let result = digits * mantissa;
      if (result <= INT64_MAX && result >= INT64_MIN) {
        if (!positive) result = -result;
        const reuse = format === 'BinarySI'
          ? exponent % 10 === 0 && (digits & 7n) !== 0n
          : scale % 3 === 0 && !shifted.endsWith('000') && !shifted.startsWith('0');
        if (reuse) return str;
        return canonical({ unscaled: result, scale }, format);
      }
    }
  }

  // The arbitrary-precision path: exact value, rounded up (away from zero) to nano units.
  const sign = value.startsWith('-') ? -1n : 1n;
  const unsigned = value.replace(/^[+-]/, '');
  const [whole = '', fraction = ''] = unsigned.split('.');
  let unscaled = BigInt(`${whole}${fraction}` === '' ? '0' : `${whole}${fraction}`);
  let amountScale = -fraction.length;
  if (base === 10) amountScale += exponent;
  else unscaled *= 1n << BigInt(exponent);
  if (unscaled !== 0n && amountScale < -9) {
    const divisor = 10n ** BigInt(-9 - amountScale);
    unscaled = (unscaled + divisor - 1n) / divisor;
    amountScale = -9;
  }
  let fmt = format;
  if (fmt === 'BinarySI') {
    const amount = { unscaled, scale: amountScale };
    if (compareWith(amount, INT64_MAX) > 0) {
      unscaled = INT64_MAX;
      amountScale = 0;
    } else if (unscaled > 0n && compareWith(amount, 1n) < 0) {
      fmt = 'DecimalSI';
    }
  }
  return canonical({ unscaled: sign * unscaled, scale: amountScale }, fmt);
}
