/**
 * Quantities as a client reads them out of an object's JSON (`json.Unmarshal` into a
 * `resource.Quantity`): the text trimmed, then parsed. For printers and commands that show, add
 * and compare the quantities of objects; text that is not a quantity is shown as it is and counts
 * as zero, as kubectl's describers treat a field they cannot parse.
 */
import { ZERO_QUANTITY, addQuantities, scaledValue } from './arithmetic.js';
import { formatQuantity } from './format.js';
import { tryParseQuantity, type Quantity } from './parse.js';

/** The quantity of a JSON string (trimmed, as `UnmarshalJSON` trims it); undefined when it is not one. */
export function quantityOf(text: string): Quantity | undefined {
  return tryParseQuantity(text.trim());
}

/**
 * `Quantity.String()` of a quantity read from JSON (`1000m` is `1`, `0.5` is `500m`, `2048Mi` is
 * `2Gi`, `12e6` stays `12e6`); text that is not a quantity is returned as it is.
 */
export function quantityString(text: string): string {
  const q = quantityOf(text);
  return q === undefined ? text : formatQuantity(q);
}

/**
 * The value of a quantity in whole units, rounded up (`Value()`), or in thousandths with `milli`
 * (`MilliValue()`); 0 for text that is not a quantity.
 */
export function quantityValue(text: string | undefined, milli = false): bigint {
  const q = text === undefined ? undefined : quantityOf(text);
  return q === undefined ? 0n : scaledValue(q, milli ? -3 : 0);
}

/** A running sum of quantities (`Quantity.Add`): the format is the first non-zero operand's. */
export class QuantitySum {
  private sum: Quantity = ZERO_QUANTITY;

  /** Adds a quantity; text that is not a quantity counts as zero. */
  add(text: string): void {
    const q = quantityOf(text);
    if (q !== undefined) this.sum = addQuantities(this.sum, q);
  }

  /** The sum as `Quantity.String()` prints it (`0` for nothing). */
  toString(): string {
    return formatQuantity(this.sum);
  }

  /** The sum in thousandths, rounded up. */
  milliValue(): bigint {
    return scaledValue(this.sum, -3);
  }

  /** The sum in whole units, rounded up. */
  value(): bigint {
    return scaledValue(this.sum, 0);
  }
}
