import { TabWriter } from '../table/tabwriter.js';

/** Nesting level 0 of describe output (each level is two spaces). */
export const LEVEL_0 = 0;
/** Nesting level 1. */
export const LEVEL_1 = 1;
/** Nesting level 2. */
export const LEVEL_2 = 2;
/** Nesting level 3. */
export const LEVEL_3 = 3;

/**
 * kubectl's describe writer: text at an indentation level (two spaces per level), terminal
 * control characters made visible (ESC as `^[`, CR as `\r`), aligned by a tab writer with
 * padding 2 and no minimum width (`tabbedString`). {@link nested} is kubectl's
 * `NewNestedPrefixWriter`: the same output, every level shifted.
 */
export class DescribeWriter {
  private readonly tabs: TabWriter;
  private readonly indent: number;

  constructor(parent?: DescribeWriter, indent = 0) {
    this.tabs = parent?.tabs ?? new TabWriter({ minWidth: 0, padding: 2, padChar: ' ', rememberWidths: false });
    this.indent = (parent?.indent ?? 0) + indent;
  }

  /** Writes `text` indented by `level`. */
  write(level: number, text: string): void {
    this.tabs.write(escape('  '.repeat(level + this.indent) + text));
  }

  /** Writes a whole line (kubectl's `WriteLine`: no indentation unless nested). */
  writeLine(text: string): void {
    if (this.indent === 0) this.tabs.write(escape(`${text}\n`));
    else this.write(LEVEL_0, `${text}\n`);
  }

  /** A writer into the same output whose levels are shifted by `indent`. */
  nested(indent: number): DescribeWriter {
    return new DescribeWriter(this, indent);
  }

  /** Ends the current columns (kubectl flushes before the Events table). */
  flush(): void {
    this.tabs.flush();
  }

  /** Everything written, aligned. */
  toString(): string {
    this.tabs.flush();
    return this.tabs.take();
  }
}

function escape(s: string): string {
  return s.replaceAll('\x1b', '^[').replaceAll('\r', '\\r');
}

/** Builds describe output with a {@link DescribeWriter}. */
export function tabbedString(f: (w: DescribeWriter) => void): string {
  const w = new DescribeWriter();
  f(w);
  return w.toString();
}
