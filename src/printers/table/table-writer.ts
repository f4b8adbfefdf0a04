/**
 * kubectl's tables rendered by cli-table3. The tab writer (tabwriter.ts) still decides the layout
 * as kubectl's does (columns of tab-separated cells in contiguous lines, minimum width 6, a
 * three-space gutter, widths remembered across flushes so that streamed chunks stay aligned, the
 * last cell of a line unpadded so that no line ends in padding); each block of lines that shares
 * its column widths is then drawn by a borderless cli-table3 table with those widths.
 *
 * Widths are display widths (cli-table3's, from string-width): a CJK character or an emoji counts
 * two columns, so such tables stay aligned on a terminal, where kubectl counts runes and misaligns
 * them. For printable ASCII both are the length, and the output is byte for byte kubectl's.
 *
 * cli-table3 costs tens of microseconds a cell (a Cell object with its merged options, ANSI
 * stripping and a width measure per line): 2-3 s for the 10,000-row `get` benchmark, and 11 ms of
 * the 70-row `api-resources` table, a tenth of the command. Tables therefore take the ASCII fast
 * path unless asked not to: blocks whose padded cells take one column per character (printable
 * ASCII) are padded directly, which is exactly what cli-table3 prints for them (a unit test renders
 * random ASCII tables both ways), and cli-table3 draws every block that has another character
 * (wide CJK characters, emoji, combining marks), where measuring display width is the hard part.
 */
import Table from 'cli-table3';
import stringWidth from 'string-width';
import { KUBECTL_TABWRITER, TabWriter, type BlockRenderer, type TabCell, type TabWriterOptions } from './tabwriter.js';

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Columns a text takes on a terminal: its length for printable ASCII, else string-width's count. */
export function displayWidth(text: string): number {
  return PRINTABLE_ASCII.test(text) ? text.length : stringWidth(text);
}

const NO_BORDER = {
  top: '', 'top-mid': '', 'top-left': '', 'top-right': '',
  bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
  left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '',
};

/** The padded cells of `rows` drawn by a borderless cli-table3 table with `widths`: one string per row. */
export function drawWithCliTable3(rows: readonly (readonly string[])[], widths: readonly number[]): string[] {
  const table = new Table({
    chars: NO_BORDER,
    style: { 'padding-left': 0, 'padding-right': 0, head: [], border: [], compact: true },
    colWidths: [...widths],
    wordWrap: false,
  });
  for (const row of rows) table.push([...row]);
  return table.toString().split('\n');
}

/**
 * A {@link BlockRenderer} drawing with cli-table3: lines are grouped by how many of their cells are
 * padded (`min(cells, widths)`); the rest of each line is appended as it is.
 */
export function cliTable3Renderer(options: { asciiFastPath: boolean }): BlockRenderer {
  return (lines, widths) => {
    const out: string[] = [];
    let i = 0;
    while (i < lines.length) {
      const padded = Math.min((lines[i] as readonly TabCell[]).length, widths.length);
      let end = i + 1;
      while (end < lines.length && Math.min((lines[end] as readonly TabCell[]).length, widths.length) === padded) end++;
      const group = lines.slice(i, end);
      if (!(options.asciiFastPath && padDirectly(group, padded, widths, out))) drawGroup(group, padded, widths, out);
      i = end;
    }
    return out.join('');
  };
}

/**
 * Pads a group whose padded cells are one column per character (display width = length, as for
 * printable ASCII): cli-table3 pads such a cell with `width - length` spaces, and so does this.
 * Returns false, writing nothing, when a cell is not like that.
 */
function padDirectly(group: readonly (readonly TabCell[])[], padded: number, widths: readonly number[], out: string[]): boolean {
  for (const line of group) {
    for (let j = 0; j < padded; j++) {
      const c = line[j] as TabCell;
      if (c.width !== c.text.length) return false;
    }
  }
  for (const line of group) {
    line.forEach((c, j) => {
      out.push(c.text);
      if (j < padded) out.push(' '.repeat((widths[j] as number) - c.width));
    });
    out.push('\n');
  }
  return true;
}

/** Draws the padded cells of a group with cli-table3, then appends the rest of each line. */
function drawGroup(group: readonly (readonly TabCell[])[], padded: number, widths: readonly number[], out: string[]): void {
  const drawn = padded === 0 ? [] : drawWithCliTable3(group.map((line) => line.slice(0, padded).map((c) => c.text)), widths.slice(0, padded));
  group.forEach((line, k) => {
    out.push(drawn[k] ?? '');
    for (let j = padded; j < line.length; j++) out.push((line[j] as TabCell).text);
    out.push('\n');
  });
}

/** Options of a {@link TabWriter} that draws kubectl's tables with cli-table3. */
export function tableWriterOptions(base: TabWriterOptions = KUBECTL_TABWRITER, asciiFastPath = true): TabWriterOptions {
  return { ...base, measure: displayWidth, render: cliTable3Renderer({ asciiFastPath }) };
}

/**
 * A tab writer with kubectl's table settings drawing through cli-table3, printable ASCII blocks
 * padded directly unless `asciiFastPath` is false (see the module comment).
 */
export function createTableWriter(options: { asciiFastPath?: boolean; base?: TabWriterOptions } = {}): TabWriter {
  return new TabWriter(tableWriterOptions(options.base ?? KUBECTL_TABWRITER, options.asciiFastPath ?? true));
}

/** Lays out complete rows as kubectl's tab writer does (one flush), drawn by cli-table3. */
export function renderRows(rows: readonly (readonly string[])[], base: TabWriterOptions = KUBECTL_TABWRITER): string {
  const writer = createTableWriter({ base });
  for (const row of rows) writer.write(`${row.join('\t')}\n`);
  writer.flush();
  return writer.take();
}
