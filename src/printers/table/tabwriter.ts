/**
 * A port of the elastic-tabstop writer kubectl prints tables with (github.com/liggitt/tabwriter,
 * Go's text/tabwriter plus remembered widths), configured as kubectl configures it: minimum
 * cell width 6, padding 3, padded with spaces, widths remembered across flushes.
 *
 * Cells are terminated by `\t` (hard) or `\v` (soft); lines by `\n` or `\f`. Tab-terminated cells
 * in contiguous lines form a column padded to its widest cell; the last cell of a line is not part
 * of a column, so lines never end in padding. A line with a single cell flushes the writer, as in
 * Go. Widths are counted in code points, as Go counts runes.
 */

/** One cell of a line: its text and its width as the writer's measure counts it. */
export interface TabCell {
  text: string;
  width: number;
}

/**
 * Writes complete lines that share one set of column widths (a block of Go's `writeLines`): cell
 * `j` of a line is padded to `widths[j]` when `j < widths.length`, the others are written as they
 * are; each line ends with a newline.
 */
export type BlockRenderer = (lines: readonly (readonly TabCell[])[], widths: readonly number[]) => string;

/** Layout parameters of {@link TabWriter}. */
export interface TabWriterOptions {
  minWidth: number;
  padding: number;
  padChar: string;
  rememberWidths: boolean;
  /** Width of a cell's text; code points (Go's runes) when absent. */
  measure?: (text: string) => number;
  /** How blocks of lines are written; Go's padding with `padChar` when absent. */
  render?: BlockRenderer;
}

/** kubectl's settings (`printers.GetNewTabWriter`). */
export const KUBECTL_TABWRITER: TabWriterOptions = { minWidth: 6, padding: 3, padChar: ' ', rememberWidths: true };

/** Code points in `s`, as Go counts runes. */
export function runeCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** The writer: feed it text with {@link write}, call {@link flush}, collect output with {@link take}. */
export class TabWriter {
  private readonly options: TabWriterOptions;
  private lines: TabCell[][] = [[]];
  private cell = '';
  private widths: number[] = [];
  private maxWidths: number[] = [];
  private output: string[] = [];

  constructor(options: TabWriterOptions = KUBECTL_TABWRITER) {
    this.options = options;
  }

  /** Text written to the output so far (by flushes), and clears it. */
  take(): string {
    const text = this.output.join('');
    this.output = [];
    return text;
  }

  /** True when nothing is buffered. */
  isEmpty(): boolean {
    return this.cell === '' && this.lines.length === 1 && this.lines[0]?.length === 0;
  }

  /** Replaces the remembered widths; `[]` forgets them, as kubectl does between resource types. */
  setRememberedWidths(widths: readonly number[]): void {
    this.maxWidths = [...widths];
  }

  /** Adds text; may emit output when a line with a single cell (or a form feed) ends. */
  write(text: string): void {
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 0x09 || ch === 0x0b || ch === 0x0a || ch === 0x0c) {
        this.cell += text.slice(start, i);
        start = i + 1;
        const ncells = this.terminateCell();
        if (ch === 0x0a || ch === 0x0c) {
          this.lines.push([]);
          if (ch === 0x0c || ncells === 1) this.flush();
        }
      }
    }
    this.cell += text.slice(start);
  }

  /** Formats and emits everything buffered. */
  flush(): void {
    if (this.cell.length > 0) this.terminateCell();
    this.format(0, this.lines.length);
    this.lines = [[]];
    this.cell = '';
    this.widths = [];
  }

  private terminateCell(): number {
    const line = this.lines[this.lines.length - 1] ?? [];
    line.push({ text: this.cell, width: (this.options.measure ?? runeCount)(this.cell) });
    this.cell = '';
    return line.length;
  }

  private format(line0: number, line1: number): void {
    const column = this.widths.length;
    for (let current = line0; current < line1; current++) {
      const line = this.lines[current] ?? [];
      if (column >= line.length - 1) continue;
      // This line has a cell in this column: print the lines before it, then size the column
      // over the block of contiguous lines that have one.
      this.writeLines(line0, current);
      line0 = current;
      let width = this.options.minWidth;
      for (; current < line1; current++) {
        const l = this.lines[current] ?? [];
        if (column >= l.length - 1) break;
        const w = (l[column]?.width ?? 0) + this.options.padding;
        if (w > width) width = w;
      }
      if (this.options.rememberWidths) {
        if (this.maxWidths.length < this.widths.length) this.maxWidths.push(...this.widths.slice(this.maxWidths.length));
        const remembered = this.maxWidths[this.widths.length];
        if (remembered === undefined) this.maxWidths.push(width);
        else if (remembered > width) width = remembered;
        else if (remembered < width) this.maxWidths[this.widths.length] = width;
      }
      this.widths.push(width);
      this.format(line0, current);
      this.widths.pop();
      line0 = current;
      current--;
    }
    this.writeLines(line0, line1);
  }

  private writeLines(line0: number, line1: number): void {
    // The last buffered line has no newline yet: it is written with the pending partial cell.
    const open = this.lines.length - 1;
    const complete = Math.min(line1, open);
    if (complete > line0) this.output.push(this.renderBlock(this.lines.slice(line0, complete)));
    if (line1 > open) {
      this.output.push(this.renderBlock([this.lines[open] ?? []]).slice(0, -1), this.cell);
      this.cell = '';
    }
  }

  private renderBlock(lines: readonly (readonly TabCell[])[]): string {
    if (this.options.render !== undefined) return this.options.render(lines, this.widths);
    const out: string[] = [];
    for (const line of lines) {
      line.forEach((c, j) => {
        out.push(c.text);
        const w = this.widths[j];
        if (w !== undefined && w > c.width) out.push(this.options.padChar.repeat(w - c.width));
      });
      out.push('\n');
    }
    return out.join('');
  }
}
