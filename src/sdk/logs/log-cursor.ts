/**
 * Where a follower has got to in one container instance's log, so that a stream read again with
 * `sinceTime` (which the API takes to the second) neither repeats nor skips a line: lines are
 * ordered by their RFC 3339 time, and among lines of the same time the cursor counts how many it
 * has already passed on.
 */

/** A timestamped log line split into its time and text. */
export interface TimestampedLine {
  /** The time as the server wrote it (RFC 3339 with up to nine fraction digits). */
  time: string;
  /** Nanoseconds since the epoch, for ordering (Go trims trailing zeros of the fraction, so text order is not time order). */
  nanos: bigint;
  text: string;
}

const RFC3339 = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/;

/** Nanoseconds since the epoch of an RFC 3339 time, or undefined when it is not one. */
export function rfc3339Nanos(time: string): bigint | undefined {
  const m = RFC3339.exec(time);
  if (m === null) return undefined;
  const seconds = Date.parse(`${m[1] ?? ''}${m[3] ?? ''}`);
  if (Number.isNaN(seconds)) return undefined;
  const fraction = (m[2] ?? '').padEnd(9, '0');
  return BigInt(seconds) * 1_000_000n + BigInt(fraction);
}

/** Splits a line read with `timestamps=true`; a line without a readable time keeps it empty. */
export function splitTimestamp(line: string): TimestampedLine {
  const space = line.indexOf(' ');
  const time = space < 0 ? line : line.slice(0, space);
  const nanos = rfc3339Nanos(time);
  if (nanos === undefined) return { time: '', nanos: -1n, text: line };
  return { time, nanos, text: space < 0 ? '' : line.slice(space + 1) };
}

/** The whole second at or before `nanos`, as the `sinceTime` the API takes. */
export function sinceTimeOf(nanos: bigint): string {
  return new Date(Number(nanos / 1_000_000_000n) * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
}

/** Tells new lines from lines already passed on, across reads of the same container instance. */
export class LogCursor {
  private lastNanos = -1n;
  private seenAtLast = 0;
  /** Lines of the current read at the cursor's time, counted to skip the ones passed on before. */
  private replayedAtLast = 0;

  /** The time of the last line passed on, or undefined before the first. */
  get last(): bigint | undefined {
    return this.lastNanos < 0n ? undefined : this.lastNanos;
  }

  /** Call before each new read of the same instance. */
  beginRead(): void {
    this.replayedAtLast = 0;
  }

  /** True when the line is new (and moves the cursor past it); false for a line already passed on. */
  accept(nanos: bigint): boolean {
    // A line without a time cannot be placed: pass it on rather than lose it.
    if (nanos < 0n) return true;
    if (nanos < this.lastNanos) return false;
    if (nanos === this.lastNanos) {
      this.replayedAtLast += 1;
      if (this.replayedAtLast <= this.seenAtLast) return false;
      this.seenAtLast += 1;
      return true;
    }
    this.lastNanos = nanos;
    this.seenAtLast = 1;
    this.replayedAtLast = 1;
    return true;
  }
}
