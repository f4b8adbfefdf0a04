/**
 * Commands with many requests in flight share the process abort signal among them; each request
 * and watch listens on it, so Node's default limit of ten listeners (and its leak warning) is
 * raised for the duration of such commands.
 */
import { setMaxListeners } from 'node:events';

/** Allows `inFlight` concurrent operations (a few listeners each) on `signal`. */
export function allowConcurrentListeners(signal: AbortSignal, inFlight: number): void {
  setMaxListeners(Math.max(10, inFlight * 4 + 16), signal);
}
