import type { Table, TableColumnDefinition } from '../../sdk/types/table.js';
import { formatCell } from './cells.js';
import type { TablePrintOptions } from './decorate.js';
import { decorateTable } from './decorate.js';
import type { TabWriter } from './tabwriter.js';

/** The EVENT cell of `--output-watch-events`: the type padded to eight characters, as kubectl pads it. */
export function formatEventType(eventType: string): string {
  switch (eventType) {
    case 'ADDED': return 'ADDED   ';
    case 'MODIFIED': return 'MODIFIED';
    case 'DELETED': return 'DELETED ';
    case 'ERROR': return 'ERROR   ';
    default: return eventType;
  }
}

function sameColumns(a: readonly TableColumnDefinition[], b: readonly TableColumnDefinition[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((c, i) => {
    const d = b[i];
    return (
      d !== undefined && c.name === d.name && c.type === d.type && (c.format ?? '') === (d.format ?? '') &&
      (c.description ?? '') === (d.description ?? '') && (c.priority ?? 0) === (d.priority ?? 0)
    );
  });
}

/**
 * kubectl's human-readable printer for one resource type: prints server Tables (a whole list,
 * one chunk of a list, or the one-row table of a watch event) into a {@link TabWriter}. The header
 * is printed once: again only when the columns change. Watch events may omit the column
 * definitions; the last ones are reused.
 */
export class HumanReadablePrinter {
  private readonly options: TablePrintOptions;
  private lastColumns: TableColumnDefinition[] = [];
  private printedHeaders = false;

  constructor(options: TablePrintOptions) {
    this.options = options;
  }

  /**
   * Prints a Table; with `eventType` (`--output-watch-events`), with an EVENT column first.
   * A table without rows prints nothing, not even its header.
   */
  printTable(input: Table, output: TabWriter, eventType?: string): void {
    const local: TablePrintOptions = { ...this.options };
    let table = input;
    if (this.printedHeaders && (table.columnDefinitions.length === 0 || sameColumns(table.columnDefinitions, this.lastColumns))) {
      local.noHeaders = true;
    }
    if (table.columnDefinitions.length === 0) {
      table = { ...table, columnDefinitions: this.lastColumns };
    } else if (!sameColumns(table.columnDefinitions, this.lastColumns)) {
      this.lastColumns = table.columnDefinitions;
      this.printedHeaders = false;
    }
    if (table.rows.length > 0) this.printedHeaders = true;

    table = decorateTable(table, local);
    if (eventType) {
      const event = this.options.paintEvent?.(eventType, formatEventType(eventType)) ?? formatEventType(eventType);
      table = {
        ...table,
        columnDefinitions: [{ name: 'Event', type: 'string' }, ...table.columnDefinitions],
        rows: table.rows.map((row) => ({ ...row, cells: [event, ...row.cells] })),
      };
    }
    output.write(renderTable(table, local));
  }
}

/** kubectl's `printTable`: tab-separated header and rows, hidden columns left out. */
export function renderTable(table: Table, options: TablePrintOptions): string {
  const columns = table.columnDefinitions;
  const visible = columns.map((c) => options.wide === true || (c.priority ?? 0) === 0);
  const parts: string[] = [];
  if (!options.noHeaders) {
    if (table.rows.length === 0) return '';
    parts.push(columns.filter((_, i) => visible[i]).map((c) => c.name.toUpperCase()).join('\t'), '\n');
  }
  for (const row of table.rows) {
    const cells: string[] = [];
    row.cells.forEach((cell, i) => {
      if (i < columns.length && visible[i]) cells.push(formatCell(cell));
    });
    parts.push(cells.join('\t'), '\n');
  }
  return parts.join('');
}
