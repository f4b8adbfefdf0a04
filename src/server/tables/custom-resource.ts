/**
 * Tables of custom resources from the CRD's `additionalPrinterColumns` (Name first; a single Age
 * column when none are declared), with cells typed as the API extensions server types them. A
 * column's path is evaluated by client-go's JSONPath engine, as there: a path that does not
 * parse, finds nothing or fails gives an empty cell.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { TableColumnDefinition } from '../../sdk/types/table.js';
import type { TableDef } from '../registry/types.js';
import { asArray, asNumber, asObject, asString, nameOf } from '../util/json.js';
import { NAME_COLUMN, since } from './common.js';
import { writeJson } from '../../machinery/json-numbers.js';
import { firstValue, parseCrdJsonPath } from '../../machinery/jsonpath/crd-paths.js';
import type { ListNode } from '../../machinery/jsonpath/nodes.js';

interface PrinterColumn {
  def: TableColumnDefinition;
  path: ListNode | undefined;
}

function cell(type: string, value: unknown, now: number): unknown {
  if (value === undefined || value === null) return null;
  switch (type) {
    // Cells are JSON: an int64 beyond 2^53 stays a bigint, which writeJson prints exactly.
    case 'integer':
      return typeof value === 'bigint' ? value : typeof value === 'number' ? Math.trunc(value) : null;
    case 'number':
      return typeof value === 'number' || typeof value === 'bigint' ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'date': {
      if (typeof value !== 'string') return null;
      return Number.isNaN(Date.parse(value)) ? '<invalid>' : since(value, now);
    }
    default:
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
      return writeJson(value);
  }
}

/** The table of one CRD version from its printer columns. */
export function customResourceTable(additionalPrinterColumns: unknown): TableDef {
  const declared = asArray(additionalPrinterColumns) ?? [];
  const source = declared.length > 0 ? declared : [{ name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' }];
  const columns: PrinterColumn[] = source.map((c) => {
    const col = asObject(c) ?? {};
    const def: TableColumnDefinition = {
      name: asString(col.name) ?? '',
      type: asString(col.type) ?? 'string',
      format: asString(col.format) ?? '',
      description: asString(col.description) ?? '',
      priority: asNumber(col.priority) ?? 0,
    };
    return { def, path: parseCrdJsonPath(asString(col.jsonPath) ?? '') };
  });
  return {
    columns: [NAME_COLUMN, ...columns.map((c) => c.def)],
    cells(o: JsonObject, now: number) {
      const cells: unknown[] = [nameOf(o)];
      for (const c of columns) {
        cells.push(c.path === undefined ? null : cell(c.def.type, firstValue(c.path, o), now));
      }
      return cells;
    },
  };
}
