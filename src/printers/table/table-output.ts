import type { Table } from '../../sdk/types/table.js';
import type { TablePrintOptions } from './decorate.js';
import { HumanReadablePrinter } from './human-readable-printer.js';
import { createTableWriter } from './table-writer.js';

/**
 * The human-readable output of one `get` (or `get -w`) command, as kubectl produces it: one
 * tab writer for the whole command; for each resource type a fresh printer, the writer flushed
 * and its remembered widths cleared, and a blank line between types when headers are shown and
 * something was printed.
 *
 * Text comes out only when the writer flushes, so the caller writes {@link take}'s result after
 * each call. Tables of one type are aligned together until {@link flush}:
 *
 * - kubectl 1.32 flushes only between types and at the end, so the chunks of a `--chunk-size` list
 *   are aligned across chunks (the rows are kept as text until then, not as objects). Call
 *   {@link flush} only at the end to get that output byte for byte.
 * - Calling {@link flush} after each chunk prints chunk by chunk in bounded memory; the writer
 *   remembers column widths, so later chunks keep at least the earlier widths (columns can only
 *   grow), which is what newer kubectl versions do with their periodic flushes.
 * - In watch mode kubectl flushes after every event: call {@link flush} after each.
 */
export class TableOutput {
  // get's lists are unbounded and streamed: cli-table3 draws only the blocks that are not plain ASCII.
  private readonly writer = createTableWriter();
  private printer: HumanReadablePrinter | undefined;
  private typeCount = 0;
  private written = 0;
  private separatorPending = false;
  private readonly out: string[] = [];

  /**
   * Starts the tables of a new resource type (kubectl's `shouldGetNewPrinterForMapping`).
   *
   * @param options - the flags for this type; `withKind`/`kind` when several types are printed
   */
  startType(options: TablePrintOptions): void {
    this.begin(options);
  }

  private begin(options: TablePrintOptions): HumanReadablePrinter {
    this.flush();
    this.writer.setRememberedWidths([]);
    if (this.typeCount > 0 && !options.noHeaders && this.written > 0) this.separatorPending = true;
    const printer = new HumanReadablePrinter(options);
    this.printer = printer;
    this.typeCount++;
    return printer;
  }

  /** Prints a Table (a list, one chunk of it, or a watch event's table) of the current type. */
  printTable(table: Table, eventType?: string): void {
    this.current().printTable(table, this.writer, eventType);
    this.collect();
  }

  /** Formats and releases everything buffered. */
  flush(): void {
    this.writer.flush();
    this.collect();
  }

  /** Output produced since the last call. */
  take(): string {
    const text = this.out.join('');
    this.out.length = 0;
    return text;
  }

  /** True when anything has been printed (kubectl prints `No resources found` otherwise). */
  get wroteOutput(): boolean {
    return this.written > 0 || !this.writer.isEmpty();
  }

  private current(): HumanReadablePrinter {
    return this.printer ?? this.begin({});
  }

  private collect(): void {
    const text = this.writer.take();
    if (text.length === 0) return;
    if (this.separatorPending) {
      this.out.push('\n');
      this.written++;
      this.separatorPending = false;
    }
    this.out.push(text);
    this.written += text.length;
  }
}
