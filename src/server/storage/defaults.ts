/** Defaults and fixed values of the storage engine. */

/** The resource version of an empty, new store (like etcd's first revision); the first write gets 2. */
export const INITIAL_RV = 1;
export const DEFAULT_HISTORY_WINDOW_MS = 5 * 60 * 1000;
export const DEFAULT_HISTORY_MAX_EVENTS = 100_000;
export const DEFAULT_WATCH_MAX_QUEUE = 10_000;
/** Small enough that replaying the log at start-up takes well under a second. */
export const DEFAULT_COMPACT_AFTER_BYTES = 16 * 1024 * 1024;

/** Where warnings go when no logger is given: a process warning (stderr), never silence. */
export function defaultLogger(line: string): void {
  process.emitWarning(line, { type: 'StoreWarning' });
}
