/**
 * Resource quantities as quota, limit ranges and the node's accounting use them: exact milli-units
 * (rounded up, as the API server rounds quota usage), and back to text in the API server's
 * canonical form. Parsing and formatting are the API's own (`src/machinery/quantity/`), so quota sees a
 * quantity exactly as validation and storage do.
 */
import { scaledValue } from '../../../machinery/quantity/arithmetic.js';
import { formatQuantity } from '../../../machinery/quantity/format.js';
import { numberText, parseQuantity } from '../../../machinery/quantity/parse.js';

/** A quantity in thousandths. */
export interface MilliQuantity {
  /** Value in thousandths (rounded away from zero, as the API server rounds quota usage). */
  milli: bigint;
  /** Whether it was written with a binary suffix (`Ki`, `Mi`, ...), which its sums keep. */
  binary: boolean;
}

/** Parses a quantity (a string, trimmed, or a JSON number); undefined when it is not one. */
export function parseMilliQuantity(input: unknown): MilliQuantity | undefined {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return undefined;
    text = numberText(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return undefined;
  }
  const q = parseQuantity(text);
  if ('error' in q) return undefined;
  return { milli: scaledValue(q, -3), binary: q.format === 'BinarySI' };
}

/** The canonical text of a milli-unit value. */
export function formatMilliQuantity(milli: bigint, binary: boolean): string {
  return formatQuantity({ unscaled: milli, scale: -3, format: binary ? 'BinarySI' : 'DecimalSI' });
}
