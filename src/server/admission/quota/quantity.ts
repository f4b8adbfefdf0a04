/**
 * Resource quantities (`500m`, `1Gi`, `2`, `1e3`) as exact milli-units, and back to text in the
 * API server's canonical form (binary suffixes for values written with them, else decimal).
 */

const BINARY: Record<string, bigint> = { Ki: 1n << 10n, Mi: 1n << 20n, Gi: 1n << 30n, Ti: 1n << 40n, Pi: 1n << 50n, Ei: 1n << 60n };
const DECIMAL: Record<string, bigint> = { n: -9n, u: -6n, m: -3n, '': 0n, k: 3n, M: 6n, G: 9n, T: 12n, P: 15n, E: 18n };

/** A parsed quantity. */
export interface Quantity {
  /** Value in thousandths (rounded up, as the API server rounds quota usage). */
  milli: bigint;
  binary: boolean;
}

/** Parses a quantity; undefined when malformed. */
export function parseQuantity(input: unknown): Quantity | undefined {
  if (typeof input === 'number') return Number.isFinite(input) ? parseQuantity(String(input)) : undefined;
  if (typeof input !== 'string') return undefined;
  const m = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?\d+)?$/.exec(input.trim());
  if (m === null) return undefined;
  const sign = m[1] === '-' ? -1n : 1n;
  const [intPart = '0', fracPart = ''] = (m[2] ?? '0').split('.');
  const suffix = m[3] ?? '';
  // value = digits / 10^frac.length, times the suffix factor, times 1000 for milli-units.
  const digits = BigInt(`${intPart === '' ? '0' : intPart}${fracPart}`);
  const scale = BigInt(fracPart.length);
  let numerator = digits * 1000n;
  let denominator = 10n ** scale;
  let binary = false;
  const bin = BINARY[suffix];
  if (bin !== undefined) {
    numerator *= bin;
    binary = true;
  } else {
    let exp = DECIMAL[suffix];
    if (exp === undefined) exp = BigInt(suffix.slice(1));
    if (exp >= 0n) numerator *= 10n ** exp;
    else denominator *= 10n ** -exp;
  }
  const milli = (numerator + denominator - 1n) / denominator;
  return { milli: sign * milli, binary };
}

/** The canonical text of a milli-unit value. */
export function formatQuantity(milli: bigint, binary: boolean): string {
  if (milli === 0n) return '0';
  if (milli % 1000n !== 0n) return `${String(milli)}m`;
  const units = milli / 1000n;
  if (binary) {
    for (const s of ['Ei', 'Pi', 'Ti', 'Gi', 'Mi', 'Ki']) {
      const f = BINARY[s] ?? 1n;
      if (units % f === 0n) return `${String(units / f)}${s}`;
    }
    return String(units);
  }
  for (const [s, e] of [['E', 18n], ['P', 15n], ['T', 12n], ['G', 9n], ['M', 6n], ['k', 3n]] as const) {
    const f = 10n ** e;
    if (units % f === 0n) return `${String(units / f)}${s}`;
  }
  return String(units);
}
