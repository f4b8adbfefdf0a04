/**
 * Prints per-object lines in input order while the objects finish in any order: a line is
 * written as soon as every line before it is known, so long runs stream their output.
 */
import type { Output } from '../io/io.js';

/** Collects lines by index and writes the ready prefix. */
export class OrderedWriter {
  private readonly lines: (string | undefined)[];
  private next = 0;
  private readonly out: Output;
  private readonly around: (write: () => void) => void;

  /** `around` wraps each write (so that a progress line can make room for it). */
  constructor(out: Output, count: number, around: (write: () => void) => void = (write) => write()) {
    this.out = out;
    this.lines = new Array<string | undefined>(count);
    this.around = around;
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
    if (ready !== '') this.around(() => this.out.write(ready));
  }

  /**
   * Writes every line known so far, skipping the ones still missing (after an interrupt, so that
   * the output lists everything that was done); later `set` calls write nothing.
   */
  flushKnown(): void {
    let ready = '';
    for (; this.next < this.lines.length; this.next++) {
      ready += this.lines[this.next] ?? '';
      this.lines[this.next] = '';
    }
    if (ready !== '') this.around(() => this.out.write(ready));
  }
}
