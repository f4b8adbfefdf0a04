import type { KubeObject } from '../../sdk/types/meta.js';
import type { Table, TableColumnDefinition, TableRow } from '../../sdk/types/table.js';
import type { GroupKind } from './group-kind.js';
import { formatGroupKind } from './group-kind.js';
import { formatLabels } from '../../machinery/labels/selector.js';
import { labelColumnHeader } from './labels.js';

/** How a table is shown: the human-readable flags of `get`. */
export interface TablePrintOptions {
  /** `-o wide`: also the columns with a priority above 0. */
  wide?: boolean;
  /** `--no-headers`. */
  noHeaders?: boolean;
  /** `--show-labels`: a LABELS column last. */
  showLabels?: boolean;
  /** `-L key1,key2`: one column per label key, headed by the key's last path segment upper-cased. */
  columnLabels?: readonly string[];
  /** `-A`: a NAMESPACE column first. */
  withNamespace?: boolean;
  /** `--show-kind`, or several types in one `get`: names become `kind/name` (`deployment.apps/web`). */
  withKind?: boolean;
  /** The kind names are prefixed with when {@link withKind} is set. */
  kind?: GroupKind;
  /**
   * Paints the EVENT cell of `--output-watch-events` (the type, padded): the CLI colours it on a
   * terminal. Absent: plain.
   */
  paintEvent?: (eventType: string, cell: string) => string;
}

function metadataOf(object: KubeObject | undefined): KubeObject['metadata'] | undefined {
  if (object === undefined || object === null || typeof object !== 'object') return undefined;
  return object.metadata ?? {};
}

/**
 * Adds the NAMESPACE, label and LABELS columns and the kind prefix to a server Table, as
 * kubectl's `decorateTable` does. Rows without an object get empty cells there. Returns a new
 * table; the input is not changed.
 */
export function decorateTable(table: Table, options: TablePrintOptions): Table {
  const columnLabels = options.columnLabels ?? [];
  let width = table.columnDefinitions.length + columnLabels.length;
  if (options.withNamespace) width++;
  if (options.showLabels) width++;

  let columns: TableColumnDefinition[] = table.columnDefinitions;
  let nameColumn = -1;
  if (options.withKind && options.kind && options.kind.kind !== '') {
    nameColumn = columns.findIndex((c) => c.format === 'name' && c.type === 'string');
  }
  if (width !== table.columnDefinitions.length) {
    columns = [];
    if (options.withNamespace) columns.push({ name: 'Namespace', type: 'string' });
    columns.push(...table.columnDefinitions);
    for (const key of columnLabels) columns.push({ name: labelColumnHeader(key), type: 'string' });
    if (options.showLabels) columns.push({ name: 'Labels', type: 'string' });
  }

  const includeLabels = columnLabels.length > 0 || options.showLabels === true;
  let rows: TableRow[] = table.rows;
  if (includeLabels || options.withNamespace || nameColumn !== -1) {
    const prefix = options.kind ? formatGroupKind(options.kind) : '';
    rows = table.rows.map((row) => {
      let cells = [...row.cells];
      if (nameColumn !== -1 && nameColumn < cells.length) cells[nameColumn] = `${prefix}/${String(cells[nameColumn] ?? '')}`;
      const meta = metadataOf(row.object);
      if (meta === undefined) {
        if (options.withNamespace) cells = [null, ...cells];
        // kubectl's fill loop compares against the growing length, so it adds only about half
        // of the missing cells; reproduced for identical output.
        for (let j = 0; j < width - cells.length; j++) cells.push(null);
        return { ...row, cells };
      }
      if (options.withNamespace) cells = [meta.namespace ?? '', ...cells];
      if (includeLabels) {
        for (const key of columnLabels) cells.push(meta.labels?.[key] ?? '');
        if (options.showLabels) cells.push(formatLabels(meta.labels));
      }
      return { ...row, cells };
    });
  }
  return { ...table, columnDefinitions: columns, rows };
}
