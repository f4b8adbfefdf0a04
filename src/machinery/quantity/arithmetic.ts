/**
 * Exact arithmetic on parsed quantities (`Quantity.Cmp`, `Add`, `Value`, `MilliValue`): a quantity
 * is `unscaled × 10^scale`, so sums and comparisons never round.
 */
import type { Quantity } from './parse.js';

/** Zero, as `resource.Quantity{}` (decimal SI). */
export const ZERO_QUANTITY: Quantity = { unscaled: 0n, scale: 0, format: 'DecimalSI' };

/** Compares `a × 10^as` with `b × 10^bs`: negative, zero or positive. */
export function compareDecimal(a: bigint, as: number, b: bigint, bs: number): number {
  const common = Math.min(as, bs);
  const x = a * 10n ** BigInt(as - common);
  const y = b * 10n ** BigInt(bs - common);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Compares two quantities by value (`Quantity.Cmp`): negative, zero or positive. */
export function compareQuantities(a: Quantity, b: Quantity): number {
  return compareDecimal(a.unscaled, a.scale, b.unscaled, b.scale);
}

/**
 * The sum of two quantities (`a.Add(b)`): written in a's format unless a is zero, when it takes
 * b's, as Go's Add does; the sum never keeps a text as written.
 */
export function addQuantities(a: Quantity, b: Quantity): Quantity {
  const scale = Math.min(a.scale, b.scale);
  const unscaled = a.unscaled * 10n ** BigInt(a.scale - scale) + b.unscaled * 10n ** BigInt(b.scale - scale);
  return { unscaled, scale, format: a.unscaled === 0n ? b.format : a.format };
}

/**
 * The value in units of 10^scale, rounded up away from zero (`ScaledValue`): 0 gives `Value()`,
 * -3 gives `MilliValue()`.
 */
export function scaledValue(q: Quantity, scale: number): bigint {
  const shift = q.scale - scale;
  if (shift >= 0) return q.unscaled * 10n ** BigInt(shift);
  const divisor = 10n ** BigInt(-shift);
  const magnitude = q.unscaled < 0n ? -q.unscaled : q.unscaled;
  const rounded = (magnitude + divisor - 1n) / divisor;
  return q.unscaled < 0n ? -rounded : rounded;
}
