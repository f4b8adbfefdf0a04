/**
 * Prints per-object lines in input order while the objects finish in any order: a line is
 * written as soon as every line before it is known, so long runs stream their output.
 */
import type { Output } from '../../../io/io.js';

/** Collects lines by index and writes the ready prefix. */
export class OrderedWriter {
  private readonly lines: (string | undefined)[];
  private next = 0;
  private readonly out: Output;
  private readonly beforeWrite: () => void;

  /** `beforeWrite` runs before each write (to clear a progress line). */
  constructor(out: Output, count: number, beforeWrite: () => void = () => undefined) {
    this.out = out;
    this.lines = new Array<string | undefined>(count);
    this.beforeWrite = beforeWrite;
  }

  /** Records the text of item `index` (`''` for nothing to print) and writes what is ready. */
  set(index: number, text: string): void {
    this.lines[index] = text;
    let ready = '';
    while (this.next < this.lines.length && this.lines[this.next] !== undefined) {
      ready += this.lines[this.next] as string;
      this.lines[this.next] = '';
      this.next++;
    }
    if (ready !== '') {
      this.beforeWrite();
      this.out.write(ready);
    }
  }
}
