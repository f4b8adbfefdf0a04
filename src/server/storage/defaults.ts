/** Defaults and fixed values of the storage engine. */

/** The resource version of an empty, new store (like etcd's first revision); the first write gets 2. */
export const INITIAL_RV = 1;
export const DEFAULT_HISTORY_WINDOW_MS = 5 * 60 * 1000;
export const DEFAULT_HISTORY_MAX_EVENTS = 100_000;
/**
 * The history's byte bound (serialized values): with large objects it, not the time window, decides
 * how far back a watch can resume. 64 MiB holds about 60 versions of a 1 MiB object.
 */
export const DEFAULT_HISTORY_MAX_BYTES = 64 * 1024 * 1024;
export const DEFAULT_WATCH_MAX_QUEUE = 10_000;
/** A watch whose consumer lags by more than this much of serialized values overflows (and relists). */
export const DEFAULT_WATCH_MAX_QUEUE_BYTES = 64 * 1024 * 1024;
/**
 * The largest value the store keeps, serialized: a little above the API server's 3 MiB request
 * limit, so that any accepted body fits with the fields the server adds, while patches cannot
 * grow one object without bound.
 */
export const DEFAULT_MAX_VALUE_BYTES = 4 * 1024 * 1024;
/** One log append holds at most this much of records (one frame; bounds the append's memory). */
export const MAX_BATCH_BYTES = 32 * 1024 * 1024;
/** Small enough that replaying the log at start-up takes well under a second. */
export const DEFAULT_COMPACT_AFTER_BYTES = 16 * 1024 * 1024;

/** Where warnings go when no logger is given: a process warning (stderr), never silence. */
export function defaultLogger(line: string): void {
  process.emitWarning(line, { type: 'StoreWarning' });
}

/**
 * The default space quota of the store's live objects, in bytes of their serialized form: etcd's
 * default of 2 GiB, or a sixth of the JavaScript heap when that is smaller. The server keeps every
 * object in memory at about four times its serialized size (about 7 KB of heap for a 1.8 KB pod),
 * and a store that outgrows the heap crashes the server, then every start that replays it; a
 * Deployment with a million replicas would get there in minutes.
 */
export function defaultQuotaBytes(heapLimitBytes: number): number {
  return Math.min(2 * 1024 ** 3, Math.floor(heapLimitBytes / 6));
}
