/**
 * A progress line on stderr for long runs (`reading 1200/3001 files...`, then
 * `applying 120/3001 objects...`), shown whenever stderr is a terminal and the run is long enough.
 * It stays on screen for the whole run: it is erased only around output that goes to the same
 * terminal (stdout on that terminal, or other stderr lines), and drawn again right after, so the
 * two never mix on one line. Output to a file or a pipe leaves it alone.
 */
import type { CliIO, Output } from '../io/io.js';

/** Shows progress only for runs of at least this many items. */
const MIN_ITEMS = 20;
const REDRAW_MS = 100;

/** Whether two outputs are the same screen (the progress line must make room for the other). */
export function sameTerminal(a: Output, b: Output): boolean {
  return a.isTTY && b.isTTY && a.terminal === b.terminal;
}

/** A progress line that is a no-op off a terminal. */
export class ProgressLine {
  private readonly err: Output;
  private readonly sharesScreenWithStdout: boolean;
  private verb = '';
  private unit = 'objects';
  private total = 0;
  private done = 0;
  private shown = false;
  private lastDraw = 0;

  constructor(io: Pick<CliIO, 'stdout' | 'stderr'>) {
    this.err = io.stderr;
    this.sharesScreenWithStdout = sameTerminal(io.stdout, io.stderr);
  }

  private get enabled(): boolean {
    return this.err.isTTY && this.total >= MIN_ITEMS;
  }

  /** Starts a phase: `reading` N `files`, `applying` N `objects`. */
  start(verb: string, total: number, unit = 'objects'): void {
    this.verb = verb;
    this.unit = unit;
    this.total = total;
    this.done = 0;
    this.lastDraw = 0;
    if (this.enabled) this.draw();
    else this.clear();
  }

  /** Sets how many items of the phase are done and redraws when due. */
  update(done: number): void {
    this.done = done;
    if (!this.enabled) return;
    if (Date.now() - this.lastDraw < REDRAW_MS && this.done < this.total) return;
    this.draw();
  }

  /** Counts one finished item. */
  tick(): void {
    this.update(this.done + 1);
  }

  private draw(): void {
    this.lastDraw = Date.now();
    this.err.write(`\r\x1b[K${this.verb} ${this.done}/${this.total} ${this.unit}...`);
    this.shown = true;
  }

  /** Runs `write` (output to stdout, or a line on stderr) without mixing it into the progress line. */
  around(stream: 'stdout' | 'stderr', write: () => void): void {
    const makeRoom = this.shown && (stream === 'stderr' || this.sharesScreenWithStdout);
    if (makeRoom) this.clear();
    write();
    if (makeRoom && this.enabled) this.draw();
  }

  /** Erases the line (at the end, and before a summary). */
  clear(): void {
    if (!this.shown) return;
    this.err.write('\r\x1b[K');
    this.shown = false;
  }
}
