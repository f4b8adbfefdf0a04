import type { KubeObject } from '../../sdk/types/meta.js';
import type { WatchEvent } from '../../sdk/types/watch.js';
import { goSprint } from '../../machinery/json/go-sprint.js';
import { JsonPathError, PrinterError } from '../errors.js';
import { relaxedJsonPathExpression } from '../jsonpath/relaxed.js';
import { compileJsonPathSync, parseJsonPath } from '../jsonpath/template.js';
import type { JsonPathTemplate } from '../jsonpath/template.js';
import { createTableWriter } from '../table/table-writer.js';
import { isListObject } from './lists.js';

/** One custom column: its header and its JSONPath (`{.metadata.name}`). */
export interface CustomColumn {
  header: string;
  fieldSpec: string;
}

function checkColumn(column: CustomColumn, source: string): CustomColumn {
  try {
    parseJsonPath(column.fieldSpec);
  } catch (err) {
    if (err instanceof JsonPathError) {
      const detail = err.message.replace(/^error parsing jsonpath .*?, /s, '');
      throw new PrinterError(`${detail} in column ${column.header} (${source})`);
    }
    throw err;
  }
  return column;
}

/**
 * Parses `-o custom-columns=NAME:.metadata.name,DATA:.data`: comma-separated `<header>:<path>`
 * pairs; paths are relaxed (`metadata.name`, `.metadata.name`, `{.metadata.name}`).
 *
 * @throws PrinterError naming the bad part: `unexpected custom-columns spec: NAME, expected <header>:<json-path-expr>`,
 *   or a JSONPath error with its position and column
 */
export function parseCustomColumnsSpec(spec: string): CustomColumn[] {
  if (spec.length === 0) throw new PrinterError('custom-columns format specified but no custom columns given');
  return spec.split(',').map((part) => {
    const colon = part.indexOf(':');
    if (colon < 0) throw new PrinterError(`unexpected custom-columns spec: ${part}, expected <header>:<json-path-expr>`);
    const header = part.slice(0, colon);
    const fieldSpec = relaxedJsonPathExpression(part.slice(colon + 1));
    return checkColumn({ header, fieldSpec }, part);
  });
}

/**
 * Parses a `-o custom-columns-file=FILE` template: a line of whitespace-separated headers and a
 * line of as many whitespace-separated paths.
 *
 * @throws PrinterError for a missing line or a count mismatch, as kubectl words them
 */
export function parseCustomColumnsTemplate(text: string): CustomColumn[] {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const format = 'Expected format is one line of space separated headers, one line of space separated column specs.';
  if (lines.length < 1 || (lines.length === 1 && lines[0] === '')) throw new PrinterError(`invalid template, missing header line. ${format}`);
  if (lines.length < 2) throw new PrinterError(`invalid template, missing spec line. ${format}`);
  const words = (line: string): string[] => line.split(/\s+/).filter((w) => w !== '');
  const headers = words(lines[0] ?? '');
  const specs = words(lines[1] ?? '');
  if (headers.length !== specs.length) {
    throw new PrinterError(`number of headers (${headers.length}) and field specifications (${specs.length}) don't match`);
  }
  return headers.map((header, i) => checkColumn({ header, fieldSpec: relaxedJsonPathExpression(specs[i] ?? '') }, specs[i] ?? ''));
}

/** Terminal control characters made visible, as kubectl's `EscapeTerminal` does. */
function escapeTerminal(s: string): string {
  return s.replaceAll('\x1b', '^[').replaceAll('\r', '\\r');
}

/** Options of {@link CustomColumnsPrinter}. */
export interface CustomColumnsOptions {
  /** `--no-headers` (kubectl ignores it for the file form; pass false there to match). */
  noHeaders?: boolean;
}

/**
 * The custom-columns printer: a header line, then one line per object (the items of a list),
 * each cell the values the column's path finds, comma-separated, printed as Go prints them, or
 * `<none>`. Columns are aligned by kubectl's tab writer; call {@link finish} for the text.
 */
export class CustomColumnsPrinter {
  private readonly columns: readonly CustomColumn[];
  private readonly paths: JsonPathTemplate[];
  private readonly noHeaders: boolean;
  private readonly writer = createTableWriter();
  private headerFor: 'object' | 'event' | undefined;

  constructor(columns: readonly CustomColumn[], options: CustomColumnsOptions = {}) {
    this.columns = columns;
    this.noHeaders = options.noHeaders ?? false;
    this.paths = columns.map((c) => compileJsonPathSync(c.fieldSpec, { allowMissingKeys: true }));
  }

  /** Adds an object, or each item of a list. */
  print(object: KubeObject): void {
    this.header('object');
    const items = isListObject(object) ? object.items : [object];
    for (const item of items) this.row(item);
  }

  /** Adds a watch event; its paths see `{type, object}` (`.object.metadata.name`). */
  printEvent(event: WatchEvent): void {
    this.header('event');
    this.row({ type: event.type, object: event.object });
  }

  /** Flushes the writer and returns everything printed so far. */
  finish(): string {
    this.writer.flush();
    return this.writer.take();
  }

  private header(kind: 'object' | 'event'): void {
    if (this.noHeaders || this.headerFor === kind) return;
    this.writer.write(`${this.columns.map((c) => c.header).join('\t')}\n`);
    this.headerFor = kind;
  }

  private row(data: unknown): void {
    const cells = this.paths.map((path) => {
      const values = path.findResults(data);
      const first = values[0];
      const texts: string[] = first === undefined || first.length === 0 ? ['<none>'] : [];
      for (const result of values) for (const v of result) texts.push(escapeTerminal(goSprint(v)));
      return texts.join(',');
    });
    this.writer.write(`${cells.join('\t')}\n`);
  }
}
