/**
 * Resource quantities as apimachinery's `resource.ParseQuantity` reads them, with its three errors.
 * The one parser of the project: the server decodes and stores Quantity fields with it, quota adds
 * them, kubectl's commands canonicalize flags with it and printers compare and format with it.
 * What a parsed quantity is written as again (see `format.ts`), which is what a real server stores
 * and returns and what `Quantity.String()` prints:
 *
 * - a quantity whose text is already in a canonical-enough form keeps its text exactly (`1Gi`,
 *   `100Mi`, `500m`, `1e3`, `12e6`): the parser remembers it;
 * - anything else is written in canonical form, keeping the kind of suffix it was written with:
 *   binary SI (`1024Mi` → `1Gi`, `1536Mi` stays, values under 1024 or with a fraction go decimal),
 *   decimal SI (`0.5` → `500m`, `1.0` → `1`, `1000` → `1k`, `1500` stays `1500`) or a decimal
 *   exponent (`1.5e3` → `1500`, `1000e3` → `1e6`); the mantissa is an integer and the exponent a
 *   multiple of three, values are rounded up (away from zero) to nano units, binary values are
 *   capped at 2^63-1.
 */

import { compareDecimal } from './arithmetic.js';

/** How a quantity's suffix was written (and is written again). */
export type QuantityFormat = 'BinarySI' | 'DecimalSI' | 'DecimalExponent';

/** The API server's messages for text that is not a quantity. */
export const QUANTITY_ERRORS = {
  format: "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
  numeric: 'unable to parse numeric part of quantity',
  suffix: "unable to parse quantity's suffix",
} as const;

/** A parsed quantity: value = unscaled × 10^scale, exactly. */
export interface Quantity {
  unscaled: bigint;
  scale: number;
  format: QuantityFormat;
  /** The text as written, when the parser keeps it (it is then what the quantity encodes to). */
  text?: string;
}

/** The decimal SI suffixes and their powers of ten. */
export const DECIMAL_SUFFIXES: Readonly<Record<string, number>> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
/** The binary SI suffixes and their powers of two. */
export const BINARY_SUFFIXES: Readonly<Record<string, number>> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const SUFFIX_CHARS = 'eEinumkKMGTP';
const MAX_INT64 = (1n << 63n) - 1n;
const NANO = -9;

interface Parts {
  negative: boolean;
  /** Integer digits without leading zeros (`0` when there are none). */
  whole: string;
  fraction: string;
  suffix: string;
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/** The sign, digits and suffix of a quantity's text (undefined: it does not have the shape of one). */
function splitQuantity(text: string): Parts | undefined {
  let pos = 0;
  let negative = false;
  if (text[0] === '-' || text[0] === '+') {
    negative = text[0] === '-';
    pos = 1;
  }
  while (text[pos] === '0') pos++;
  if (pos >= text.length) return { negative, whole: '0', fraction: '', suffix: '' };
  const wholeStart = pos;
  while (isDigit(text[pos])) pos++;
  const whole = text.slice(wholeStart, pos) || '0';
  let fraction = '';
  if (text[pos] === '.') {
    const start = ++pos;
    while (isDigit(text[pos])) pos++;
    fraction = text.slice(start, pos);
  }
  const suffixStart = pos;
  while (pos < text.length && SUFFIX_CHARS.includes(text[pos] ?? '')) pos++;
  if (text[pos] === '-' || text[pos] === '+') pos++;
  while (isDigit(text[pos])) pos++;
  if (pos < text.length) return undefined;
  return { negative, whole, fraction, suffix: text.slice(suffixStart) };
}

/** The base, exponent and format a suffix stands for (undefined: not a suffix). */
function interpretSuffix(suffix: string): { base: 2 | 10; exponent: number; format: QuantityFormat } | undefined {
  const decimal = DECIMAL_SUFFIXES[suffix];
  if (decimal !== undefined && Object.hasOwn(DECIMAL_SUFFIXES, suffix)) return { base: 10, exponent: decimal, format: 'DecimalSI' };
  const binary = BINARY_SUFFIXES[suffix];
  if (binary !== undefined && Object.hasOwn(BINARY_SUFFIXES, suffix)) return { base: 2, exponent: binary, format: 'BinarySI' };
  if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E') && /^[+-]?\d+$/.test(suffix.slice(1))) {
    const exponent = BigInt(suffix.slice(1));
    if (exponent > MAX_INT64 || exponent < -MAX_INT64 - 1n) return undefined;
    // Go parses the exponent as an int64 and keeps its low 32 bits.
    return { base: 10, exponent: Number(BigInt.asIntN(32, exponent)), format: 'DecimalExponent' };
  }
  return undefined;
}

/** Whether the parser keeps the text as written (the quantity then encodes to it unchanged). */
function keepsText(parts: Parts, exponent: number, format: QuantityFormat): boolean {
  const digits = parts.whole + parts.fraction;
  if (format === 'BinarySI') {
    if (parts.fraction !== '') return false;
    const precision = 15 - parts.whole.length - Math.trunc((exponent * 3) / 10) - 1;
    if (precision < 0) return false;
    const value = BigInt(parts.whole);
    if ((value << BigInt(exponent)) > MAX_INT64) return false;
    return (value & 7n) !== 0n;
  }
  if (18 - digits.length < 0) return false;
  const scale = exponent - parts.fraction.length;
  if (scale < NANO) return false;
  return scale % 3 === 0 && !digits.endsWith('000') && !digits.startsWith('0');
}

/** `unscaled × 10^scale` rounded away from zero to at most nine decimal places. */
function roundToNano(unscaled: bigint, scale: number): { unscaled: bigint; scale: number } {
  if (scale >= NANO || unscaled === 0n) return { unscaled, scale };
  const divisor = 10n ** BigInt(NANO - scale);
  const magnitude = unscaled < 0n ? -unscaled : unscaled;
  const rounded = (magnitude + divisor - 1n) / divisor;
  return { unscaled: unscaled < 0n ? -rounded : rounded, scale: NANO };
}

/** Parses a quantity's text (as `resource.ParseQuantity`); an error message of the API server when it is not one. */
export function parseQuantity(text: string): Quantity | { error: string } {
  if (text === '') return { error: QUANTITY_ERRORS.format };
  if (text === '0') return { unscaled: 0n, scale: 0, format: 'DecimalSI', text };
  const parts = splitQuantity(text);
  if (parts === undefined) return { error: QUANTITY_ERRORS.format };
  const meaning = interpretSuffix(parts.suffix);
  if (meaning === undefined) return { error: QUANTITY_ERRORS.suffix };
  let format = meaning.format;
  let unscaled = BigInt(parts.whole + parts.fraction);
  let scale = -parts.fraction.length;
  if (meaning.base === 10) scale += meaning.exponent;
  else unscaled <<= BigInt(meaning.exponent);
  if (parts.negative) unscaled = -unscaled;
  ({ unscaled, scale } = roundToNano(unscaled, scale));
  if (keepsText(parts, meaning.exponent, format)) return { unscaled, scale, format, text };
  const magnitude = unscaled < 0n ? -unscaled : unscaled;
  if (format === 'BinarySI' && compareDecimal(magnitude, scale, MAX_INT64, 0) > 0) {
    unscaled = unscaled < 0n ? -MAX_INT64 : MAX_INT64;
    scale = 0;
  } else if (format === 'BinarySI' && magnitude !== 0n && compareDecimal(magnitude, scale, 1n, 0) < 0) {
    format = 'DecimalSI';
  }
  return { unscaled, scale, format };
}

/** {@link parseQuantity} for callers that need only whether the text is a quantity: undefined when it is not. */
export function tryParseQuantity(text: string): Quantity | undefined {
  const parsed = parseQuantity(text);
  return 'error' in parsed ? undefined : parsed;
}

/** A JSON number's text as Go's decoder hands it to `Quantity.UnmarshalJSON`, without an exponent. */
export function numberText(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (match === null) return text;
  const [, sign = '', whole = '', fraction = '', exp = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exp);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
