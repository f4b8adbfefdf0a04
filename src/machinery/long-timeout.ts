/**
 * Timers for delays that users choose (request and wait timeouts, a Job's deadline, a probe's
 * period, a watch's `timeoutSeconds`). Node's timers hold at most 2^31-1 ms, about 24.8 days; a
 * longer delay fires after 1 ms with a TimeoutOverflowWarning. Go's timers have no such bound, so
 * `--request-timeout=720h` failed at once, and a Job with a 35-day `activeDeadlineSeconds` woke
 * its controller every millisecond, writing a warning to the server's log each time.
 */

/** The longest delay one Node timer holds. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Calls a function once after a delay, for any delay: one past {@link MAX_TIMER_MS} is waited in
 * steps, and `Infinity` never fires. A negative or NaN delay fires at once, as Node's does.
 */
export class LongTimeout {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private remaining: number;
  private weak = false;

  constructor(private readonly fn: () => void, ms: number) {
    this.remaining = Number.isNaN(ms) ? 0 : Math.max(0, ms);
    this.arm();
  }

  /** Lets the process exit while the timer is pending (as a Node timer's `unref`). */
  unref(): this {
    this.weak = true;
    this.timer?.unref();
    return this;
  }

  /** Cancels the call (nothing once it has happened). */
  clear(): void {
    clearTimeout(this.timer);
  }

  private arm(): void {
    const step = Math.min(this.remaining, MAX_TIMER_MS);
    this.remaining -= step;
    this.timer = setTimeout(this.remaining > 0 ? () => this.arm() : this.fn, step);
    if (this.weak) this.timer.unref();
  }
}

/** Calls `fn` once after `ms` milliseconds, for any `ms` (see {@link LongTimeout}). */
export function setLongTimeout(fn: () => void, ms: number): LongTimeout {
  return new LongTimeout(fn, ms);
}
