/**
 * Resource quantities (`100m`, `1`, `1.5Gi`, `2e3`) parsed and compared exactly, as
 * `resource.ParseQuantity` and `Quantity.Cmp` do, so that `--sort-by` orders `100m` < `1` <
 * `1Ki` < `1M`.
 */

/** A parsed quantity: the exact value `numerator / denominator`. */
export interface Quantity {
  numerator: bigint;
  denominator: bigint;
}

const QUANTITY = /^([+-]?)([0-9]*)(?:\.([0-9]*))?(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE]([+-]?[0-9]+))?$/;

const BINARY: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const DECIMAL: Record<string, number> = { n: -9, u: -6, m: -3, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };

/** Parses a quantity; `undefined` when the text is not one. */
export function parseQuantity(text: string): Quantity | undefined {
  const m = QUANTITY.exec(text);
  if (!m) return undefined;
  const [, sign = '', whole = '', fraction, suffix = '', exponent] = m;
  if (whole === '' && (fraction === undefined || fraction === '')) return undefined;
  let numerator = BigInt(`${whole}${fraction ?? ''}` || '0');
  let denominator = 10n ** BigInt((fraction ?? '').length);
  if (sign === '-') numerator = -numerator;
  let exp10 = 0;
  if (exponent !== undefined) exp10 = Number(exponent);
  else if (suffix in DECIMAL) exp10 = DECIMAL[suffix] ?? 0;
  else if (suffix in BINARY) numerator *= 2n ** BigInt(BINARY[suffix] ?? 0);
  if (exp10 > 0) numerator *= 10n ** BigInt(exp10);
  else if (exp10 < 0) denominator *= 10n ** BigInt(-exp10);
  return { numerator, denominator };
}

/** Compares two quantities: negative, zero or positive. */
export function compareQuantities(a: Quantity, b: Quantity): number {
  const l = a.numerator * b.denominator;
  const r = b.numerator * a.denominator;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** The notation of a quantity, as the API keeps it (`Quantity.Format`). */
export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

interface ExactQuantity {
  /** The value times 10^9, rounded away from zero as the API rounds to nano units. */
  nanos: bigint;
  format: QuantityFormat;
}

function exactQuantity(text: string): ExactQuantity | undefined {
  const m = QUANTITY.exec(text.trim());
  const q = parseQuantity(text.trim());
  if (!m || !q) return undefined;
  const suffix = m[4] ?? '';
  let format: QuantityFormat = suffix in BINARY ? 'BinarySI' : /^[eE]/.test(suffix) ? 'DecimalExponent' : 'DecimalSI';
  const scaled = q.numerator * 10n ** 9n;
  const negative = scaled < 0n;
  const magnitude = negative ? -scaled : scaled;
  let nanos = magnitude / q.denominator;
  if (nanos * q.denominator !== magnitude) nanos += 1n;
  if (format === 'BinarySI' && nanos > 0n && nanos < 10n ** 9n) format = 'DecimalSI';
  return { nanos: negative ? -nanos : nanos, format };
}

const DECIMAL_SUFFIXES = new Map<number, string>([
  [-9, 'n'], [-6, 'u'], [-3, 'm'], [0, ''], [3, 'k'], [6, 'M'], [9, 'G'], [12, 'T'], [15, 'P'], [18, 'E'],
]);
const BINARY_SUFFIXES = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];

/** The canonical text of an exact value in the given notation (`Quantity.String()`). */
function formatNanos(nanos: bigint, format: QuantityFormat): string {
  if (nanos === 0n) return '0';
  const negative = nanos < 0n;
  const abs = negative ? -nanos : nanos;
  const sign = negative ? '-' : '';
  const nano = 10n ** 9n;
  if (format === 'BinarySI' && (abs < 1024n * nano || abs % nano !== 0n)) format = 'DecimalSI';
  if (format === 'BinarySI') {
    let value = abs / nano;
    let exponent = 0;
    while (value % 1024n === 0n && exponent < BINARY_SUFFIXES.length - 1) {
      value /= 1024n;
      exponent++;
    }
    return `${sign}${value}${BINARY_SUFFIXES[exponent] ?? ''}`;
  }
  let mantissa = abs;
  let exponent = -9;
  while (mantissa % 10n === 0n) {
    mantissa /= 10n;
    exponent++;
  }
  const rem = exponent % 3;
  if (rem === 1 || rem === -2) {
    mantissa *= 10n;
    exponent -= 1;
  } else if (rem === 2 || rem === -1) {
    mantissa *= 100n;
    exponent -= 2;
  }
  if (format === 'DecimalExponent') return `${sign}${mantissa}${exponent === 0 ? '' : `e${exponent}`}`;
  return `${sign}${mantissa}${DECIMAL_SUFFIXES.get(exponent) ?? ''}`;
}

/**
 * The canonical text of a quantity, as the API's `Quantity.String()` prints it (and so kubectl's
 * `describe`): `1000m` is `1`, `0.5` is `500m`, `2048Mi` is `2Gi`, `1000` is `1k`, `12e6` stays `12e6`.
 * Text that is not a quantity is returned as it is.
 */
export function formatQuantity(text: string): string {
  const q = exactQuantity(text);
  return q === undefined ? text : formatNanos(q.nanos, q.format);
}

/** The notation of a quantity as parsed (`1Gi` binary, `1e3` exponent, else decimal); undefined for text that is not one. */
export function quantityFormat(text: string): QuantityFormat | undefined {
  return exactQuantity(text)?.format;
}

/** `resource.NewQuantity(value, format).String()`: a whole number of units in a notation. */
export function formatWholeQuantity(value: bigint, format: QuantityFormat): string {
  return formatNanos(value * 10n ** 9n, format);
}

/**
 * The value of a quantity in whole units, rounded up (`Quantity.Value()`), or in thousandths with
 * `milli` (`MilliValue()`); 0 for text that is not a quantity.
 */
export function quantityValue(text: string | undefined, milli = false): bigint {
  const q = text === undefined ? undefined : exactQuantity(text);
  if (!q) return 0n;
  const unit = milli ? 10n ** 6n : 10n ** 9n;
  const negative = q.nanos < 0n;
  const abs = negative ? -q.nanos : q.nanos;
  let v = abs / unit;
  if (v * unit !== abs) v += 1n;
  return negative ? -v : v;
}

/** A running sum of quantities (`Quantity.Add`): the notation is the first non-zero operand's. */
export class QuantitySum {
  private nanos = 0n;
  private format: QuantityFormat = 'DecimalSI';
  private started = false;

  /** Adds a quantity; text that is not a quantity counts as zero. */
  add(text: string): void {
    const q = exactQuantity(text);
    if (!q) return;
    if (!this.started || this.nanos === 0n) this.format = q.format;
    this.started = true;
    this.nanos += q.nanos;
  }

  /** The sum as `Quantity.String()` prints it (`0` for nothing). */
  toString(): string {
    return formatNanos(this.nanos, this.format);
  }

  /** The sum in thousandths, rounded up. */
  milliValue(): bigint {
    const unit = 10n ** 6n;
    const negative = this.nanos < 0n;
    const abs = negative ? -this.nanos : this.nanos;
    let v = abs / unit;
    if (v * unit !== abs) v += 1n;
    return negative ? -v : v;
  }

  /** The sum in whole units, rounded up. */
  value(): bigint {
    const unit = 10n ** 9n;
    const negative = this.nanos < 0n;
    const abs = negative ? -this.nanos : this.nanos;
    let v = abs / unit;
    if (v * unit !== abs) v += 1n;
    return negative ? -v : v;
  }
}
