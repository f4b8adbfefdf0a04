/**
 * A deadline as an AbortSignal that cannot be lost.
 *
 * Node 20's `AbortSignal.timeout()` holds its timer weakly: once the only reference to the signal
 * is the one inside `AbortSignal.any([...])`, a garbage collection can drop it and the combined
 * signal then never aborts (a `watch --request-timeout=1s` that runs forever after a GC). Here the
 * pending timer owns the controller, so the signal lives until it fires.
 */
import { setLongTimeout } from '../machinery/long-timeout.js';

/**
 * An AbortSignal that aborts with a `TimeoutError` DOMException after `ms` milliseconds, as
 * `AbortSignal.timeout` does, but stays alive (and fires) whoever else references it. The timer
 * does not keep the process alive.
 */
export function timeoutSignal(ms: number): AbortSignal {
  const controller = new AbortController();
  const timer = setLongTimeout(() => {
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  }, ms);
  timer.unref();
  return controller.signal;
}
