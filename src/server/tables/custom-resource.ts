/**
 * Tables of custom resources from the CRD's `additionalPrinterColumns` (Name first; a single Age
 * column when none are declared), with cells typed as the API extensions server types them. A
 * column's path is evaluated by client-go's JSONPath engine, as there: a path that does not
 * parse, finds nothing or fails gives an empty cell. The columns are the stored CRD's (typed); the
 * custom resources the cells read follow the CRD's schema and stay plain JSON.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { CustomResourceColumnDefinition } from '../../sdk/types/generated/apiextensions-v1.js';
import type { TableColumnDefinition } from '../../sdk/types/table.js';
import type { TableDef } from '../registry/types.js';
import { nameOf } from '../util/json.js';
import { NAME_COLUMN } from './common.js';
import { timestampAge } from '../../sdk/types/human-duration.js';
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
      return Number.isNaN(Date.parse(value)) ? '<invalid>' : timestampAge(value, now);
    }
    default:
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
      return writeJson(value);
  }
}

/** The table of one CRD version from its printer columns. */
export function customResourceTable(additionalPrinterColumns: CustomResourceColumnDefinition[] = []): TableDef {
  const source: CustomResourceColumnDefinition[] = additionalPrinterColumns.length > 0 ? additionalPrinterColumns : [{ name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' }];
  // Validation made name, type and jsonPath present; defaulting made priority.
  const columns: PrinterColumn[] = source.map((col) => ({
    def: { name: col.name, type: col.type, format: col.format ?? '', description: col.description ?? '', priority: col.priority ?? 0 },
    path: parseCrdJsonPath(col.jsonPath),
  }));
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
