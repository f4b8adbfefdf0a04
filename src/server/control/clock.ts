/**
 * The time source of the workload controllers: the current time and timers. The server runs them
 * on the wall clock; tests hand them a fake clock whose `advance` fires due timers, so deadlines,
 * back-offs and schedules are checked without sleeping.
 */

/** Cancels a timer. */
export type CancelTimer = () => void;

/** Time and timers. */
export interface ControllerClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `fn` once, `ms` from now (never keeps the process alive). */
  setTimer(fn: () => void, ms: number): CancelTimer;
}

/** The wall clock (or the server's clock for `now`) with Node's timers. */
export function realClock(now: () => number = Date.now): ControllerClock {
  return {
    now,
    setTimer(fn, ms) {
      const t = setTimeout(fn, Math.max(0, ms));
      t.unref();
      return () => clearTimeout(t);
    },
  };
}
