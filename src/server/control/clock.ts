/**
 * The time source of the workload controllers: the current time and timers. The server runs them
 * on the wall clock; tests hand them a fake clock whose `advance` fires due timers, so deadlines,
 * back-offs and schedules are checked without sleeping.
 */
import { setLongTimeout } from '../../machinery/long-timeout.js';

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
      // Deadlines users set (a Job's activeDeadlineSeconds, a TTL) may lie beyond a Node timer's reach.
      const t = setLongTimeout(fn, ms).unref();
      return () => t.clear();
    },
  };
}
