import type { ObjectBase } from '../../sdk/types/meta.js';
import type { Table } from '../../sdk/types/table.js';
import { goQuote } from '../../machinery/go-quote.js';
import { PrinterError } from '../errors.js';
import { relaxedJsonPathExpression } from '../jsonpath/relaxed.js';
import { compileJsonPathSync } from '../jsonpath/template.js';
import { sortValueLess } from './sort-values.js';

const MISSING = Symbol('missing');

/**
 * `--sort-by=<jsonpath>`: the sort keys of `items` (the first value the path finds in each), and
 * a stable order of them as kubectl's sorter orders them: items without the field first, then
 * by {@link sortValueLess}. Errors when no item has the field at all.
 */
function sortOrder(items: readonly unknown[], sortBy: string): number[] {
  const field = relaxedJsonPathExpression(sortBy);
  const path = compileJsonPathSync(field, { allowMissingKeys: true });
  const keys = items.map((item) => {
    const results = path.findResults(item);
    const first = results[0];
    return first !== undefined && first.length > 0 ? first[0] : MISSING;
  });
  if (items.length > 0 && keys.every((k) => k === MISSING)) {
    throw new PrinterError(`couldn't find any field with path ${goQuote(field)} in the list of objects`);
  }
  const order = items.map((_, i) => i);
  order.sort((i, j) => {
    const a = keys[i];
    const b = keys[j];
    if (a === MISSING) return b === MISSING ? 0 : -1;
    if (b === MISSING) return 1;
    try {
      if (sortValueLess(a, b)) return -1;
      return sortValueLess(b, a) ? 1 : 0;
    } catch (err) {
      throw new PrinterError(`Field ${field} is an unsortable type: interface, err: ${(err as Error).message}`);
    }
  });
  return order;
}

/**
 * Objects sorted by a JSONPath field, stably: ties keep their order (kubectl's sort is stable
 * only up to twelve items, and it reverses the items that lack the field; here they keep their
 * order, first).
 *
 * @param objects - the objects to sort (not changed)
 * @param sortBy - the `--sort-by` value (`.metadata.name`, `{.spec.replicas}`, `metadata.creationTimestamp`)
 * @throws PrinterError when no object has the field, or values cannot be compared
 */
export function sortObjects<T extends ObjectBase>(objects: readonly T[], sortBy: string): T[] {
  return sortOrder(objects, sortBy).map((i) => objects[i] as T);
}

/**
 * A server Table with its rows sorted by a field of each row's object (kubectl asks the server
 * for whole objects in the rows when sorting). Tables with fewer than two rows are returned as
 * they are.
 */
export function sortTableRows(table: Table, sortBy: string): Table {
  if (table.rows.length < 2) return table;
  const order = sortOrder(table.rows.map((row) => row.object ?? null), sortBy);
  return { ...table, rows: order.map((i) => table.rows[i] as Table['rows'][number]) };
}
