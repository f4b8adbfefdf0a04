/**
 * Waiting a while unless a signal ends the wait first: retry back-offs, polls and reconnect
 * delays. The timer is cleared and the listener removed either way, so a long-lived signal shared
 * by many waits does not collect listeners.
 */
import { setLongTimeout } from './long-timeout.js';

/** Resolves after `ms`, or at once when `signal` is (or becomes) aborted. */
export function sleepUnlessAborted(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted === true) {
      resolve();
      return;
    }
    const onAbort = (): void => {
      timer.clear();
      resolve();
    };
    const timer = setLongTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
