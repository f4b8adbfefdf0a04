/**
 * What a multi-object command says when Ctrl-C stops it: one summary line instead of an error per
 * object whose request was cancelled (`interrupted: 541 of 3001 objects applied`), exit code 130.
 * The line is printed by the command when it winds down in time, else by the forced exit.
 */
import { ExitError } from '../framework/usage-error.js';
import { setInterruptSummary } from '../interrupt.js';
import type { ProgressLine } from './progress.js';

/** Counts finished objects and keeps the summary of an interrupt up to date. */
export class InterruptSummary {
  private done = 0;

  /**
   * `past`: `applied`, `created`... Before the summary, `flush` writes the results known so far and
   * `progress` is erased.
   */
  constructor(
    private readonly total: number,
    private readonly past: string,
    private readonly progress?: ProgressLine,
    private readonly flush?: () => void,
  ) {
    setInterruptSummary(() => this.line());
  }

  /** Counts one object done. */
  count(): void {
    this.done++;
  }

  private line(): string {
    this.flush?.();
    this.progress?.clear();
    return `interrupted: ${this.done} of ${this.total} objects ${this.past}`;
  }

  /**
   * The error ending the command when `signal` was aborted (undefined otherwise). The forced exit
   * keeps its copy of the summary: it may come while the error is still on its way to stderr
   * (loading the error reporter), and it cannot come after the line is written, since the process
   * exits right after that without waiting on anything.
   */
  error(signal: AbortSignal): ExitError | undefined {
    if (!signal.aborted) {
      setInterruptSummary(undefined);
      return undefined;
    }
    return new ExitError(130, this.line());
  }
}
