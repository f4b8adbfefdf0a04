/**
 * A progress line on stderr for long runs (`applying 120/300 objects...`), shown only when stderr
 * is a terminal, redrawn at most ten times a second and erased before other output.
 */
import type { Output } from '../../../io/io.js';

/** Shows progress only for runs of at least this many objects. */
const MIN_OBJECTS = 20;
const REDRAW_MS = 100;

/** A progress line that is a no-op off a terminal. */
export class ProgressLine {
  private readonly out: Output;
  private readonly total: number;
  private readonly verb: string;
  private readonly enabled: boolean;
  private done = 0;
  private shown = false;
  private lastDraw = 0;

  constructor(out: Output, total: number, verb: string) {
    this.out = out;
    this.total = total;
    this.verb = verb;
    this.enabled = out.isTTY && total >= MIN_OBJECTS;
  }

  /** Counts one finished object and redraws when due. */
  tick(): void {
    this.done++;
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.lastDraw < REDRAW_MS && this.done < this.total) return;
    this.lastDraw = now;
    this.out.write(`\r\x1b[K${this.verb} ${this.done}/${this.total} objects...`);
    this.shown = true;
  }

  /** Erases the line (before other output, and at the end). */
  clear(): void {
    if (!this.shown) return;
    this.out.write('\r\x1b[K');
    this.shown = false;
  }
}
