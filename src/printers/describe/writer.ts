import { createTableWriter } from '../table/table-writer.js';

/** Nesting level 0 of describe output (each level is two spaces). */
export const LEVEL_0 = 0;
/** Nesting level 1. */
export const LEVEL_1 = 1;
/** Nesting level 2. */
export const LEVEL_2 = 2;
/** Nesting level 3. */
export const LEVEL_3 = 3;
/** Nesting level 4. */
export const LEVEL_4 = 4;

/**
 * kubectl's describe writer: text at an indentation level (two spaces per level), terminal
 * control characters made visible (ESC as `^[`, CR as `\r`), aligned by a tab writer with
 * padding 2 and no minimum width (`tabbedString`), drawn by cli-table3 (table-writer.ts).
 */
export class DescribeWriter {
  private readonly tabs = createTableWriter({ base: { minWidth: 0, padding: 2, padChar: ' ', rememberWidths: false } });

  /** Writes `text` indented by `level`. */
  write(level: number, text: string): void {
    this.tabs.write(escape('  '.repeat(level) + text));
  }

  /** Writes a whole line (kubectl's `WriteLine`). */
  writeLine(text: string): void {
    this.tabs.write(escape(`${text}\n`));
  }

  /**
   * kubectl's `NewNestedPrefixWriter`: a writer into the same output whose levels are shifted by
   * `indent` (its whole lines too).
   */
  nested(indent: number): DescribeWriter {
    return new NestedDescribeWriter(this, indent);
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

/** See {@link DescribeWriter.nested}. */
class NestedDescribeWriter extends DescribeWriter {
  constructor(private readonly parent: DescribeWriter, private readonly indent: number) {
    super();
  }

  override write(level: number, text: string): void {
    this.parent.write(level + this.indent, text);
  }

  override writeLine(text: string): void {
    this.parent.write(this.indent, `${text}\n`);
  }

  override nested(indent: number): DescribeWriter {
    return new NestedDescribeWriter(this.parent, this.indent + indent);
  }

  override flush(): void {
    this.parent.flush();
  }

  override toString(): string {
    return this.parent.toString();
  }
}

/**
 * kubectl's PrefixWriter straight into a buffer, with no tab writer: the tabs stay tabs (what
 * `rollout history --revision` prints, kubectl's printTemplate).
 */
export class RawDescribeWriter extends DescribeWriter {
  private text = '';

  override write(level: number, text: string): void {
    this.text += escape('  '.repeat(level) + text);
  }

  override writeLine(text: string): void {
    this.text += escape(`${text}\n`);
  }

  override flush(): void {
    // nothing is held back
  }

  override toString(): string {
    return this.text;
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
