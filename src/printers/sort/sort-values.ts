import { isGoInteger } from '../../machinery/go-number.js';
import { PrinterError } from '../errors.js';
import { goTypeName } from '../../machinery/jsonpath/values.js';
import { compareUtf8 } from '../../machinery/json/go-json.js';
import { compareQuantities } from '../../machinery/quantity/arithmetic.js';
import { tryParseQuantity } from '../../machinery/quantity/parse.js';

/**
 * kubectl's `isLess` for two values found by a `--sort-by` path: null sorts first; integers
 * and floats compare numerically (each only with its own kind); strings compare as resource
 * quantities when both are quantities (`100m` < `1` < `1Ki`), otherwise bytewise (so RFC 3339
 * timestamps sort chronologically, and `pod-10` sorts before `pod-9`, as in kubectl 1.32).
 *
 * @throws PrinterError for values that cannot be sorted (objects, arrays, booleans, mixed kinds)
 */
export function sortValueLess(a: unknown, b: unknown): boolean {
  if (a === null && b === null) return false;
  if (a === null) return true;
  if (b === null) return false;
  if (typeof a === 'number' && typeof b === 'number' && isGoInteger(a) === isGoInteger(b)) return a < b;
  if (typeof a === 'string' && typeof b === 'string') {
    const qa = tryParseQuantity(a);
    const qb = qa === undefined ? undefined : tryParseQuantity(b);
    if (qa !== undefined && qb !== undefined) return compareQuantities(qa, qb) < 0;
    return compareUtf8(a, b) < 0;
  }
  if (typeof a === 'number' || typeof a === 'string') throw new PrinterError('unsortable interface: interface');
  throw new PrinterError(`unsortable type: ${goTypeName(a)}`);
}
