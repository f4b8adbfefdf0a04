/**
 * Public types of the storage engine: options, stored entries, change events and watches.
 * Values are Kubernetes-style JSON objects; the store owns (and deep-freezes) every value it keeps.
 */
import type { JsonObject } from '../../sdk/types/meta.js';

export type { JsonObject };

/** Options of {@link Store.open}. */
export interface StoreOptions {
  /** Directory of the log, snapshots and lock file. Undefined = in-memory only (tests). */
  dataDir?: string | undefined;
  /** Watch/list history is kept at least this long (ms). Default 5 minutes. */
  historyWindowMs?: number | undefined;
  /** Hard cap on history entries (bounds memory even under a burst of writes). Default 100,000. */
  historyMaxEvents?: number | undefined;
  /** Hard cap on the serialized size of the history's values (bounds memory under large objects). Default 64 MiB. */
  historyMaxBytes?: number | undefined;
  /**
   * Most bytes the live objects may take serialized: a create past it fails with QuotaExceededError,
   * an update only past an eighth more (so that a full store can still be scaled down), a delete
   * never.
   * Default: etcd's 2 GiB, or a sixth of the heap when smaller ({@link defaultQuotaBytes}).
   */
  quotaBytes?: number | undefined;
  /** Largest serialized value the store accepts (InvalidValueError above it). Default 4 MiB. */
  maxValueBytes?: number | undefined;
  /** Deepest nesting of objects and arrays in a value the store accepts. Default 512 (MAX_OBJECT_DEPTH). */
  maxValueDepth?: number | undefined;
  /** Clock in ms since the epoch. Default `Date.now`. */
  now?: (() => number) | undefined;
  /** Receives warnings, such as a torn last log record dropped at start-up. */
  logger?: ((line: string) => void) | undefined;
  /**
   * Log size (bytes written since the last snapshot) that triggers a background compaction. It runs
   * when the log is also at least as large as the last snapshot, so rewriting the state stays
   * amortised. Default 16 MiB.
   */
  compactAfterBytes?: number | undefined;
  /** Default per-watch queue bound (live events not yet consumed). Default 10,000. */
  watchMaxQueue?: number | undefined;
  /** Default per-watch bound on the serialized size of queued live events. Default 64 MiB. */
  watchMaxQueueBytes?: number | undefined;
}

/** One stored object. Entries and their values are frozen: share them, never mutate them. */
export interface StoredEntry {
  readonly bucket: string;
  readonly key: string;
  /** The object, with `metadata.resourceVersion` equal to `String(rv)`. */
  readonly value: JsonObject;
  /** The resource version of the write that produced this value. */
  readonly rv: number;
}

/** Types of change events. */
export type StoreEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

/** One committed (durable) change. */
export interface StoreEvent {
  readonly type: StoreEventType;
  /** The resource version of this change. */
  readonly rv: number;
  readonly bucket: string;
  readonly key: string;
  /** The new value; for DELETED the last value with the deletion rv stamped into its metadata. */
  readonly value: JsonObject;
  /** The value before this change (MODIFIED and DELETED), as it was stored (its own rv). */
  readonly prev?: JsonObject;
}

/** Options of {@link Store.get}. */
export interface GetOptions {
  /** Answer as of this resource version (from history); default: the current state. */
  atRV?: number | undefined;
}

/** Options of {@link Store.list}. */
export interface ListOptions {
  /** Answer as of this resource version (from history); default: the current state. */
  atRV?: number | undefined;
  /** Only keys starting with this prefix (for example `ns/` for a namespace). */
  keyPrefix?: string | undefined;
  /** Only keys strictly greater than this one (the continuation point of a paged list). */
  startAfter?: string | undefined;
  /** At most this many items; 0 or undefined = no limit. */
  limit?: number | undefined;
  /** Only values for which this returns true; `remaining` is then not computed. */
  filter?: ((value: JsonObject) => boolean) | undefined;
}

/** Result of {@link Store.list}. */
export interface ListResult {
  /** Items sorted by key. */
  items: StoredEntry[];
  /** The resource version the list reflects. */
  rv: number;
  /** True when keys in range follow the last item (the list was cut by `limit`). */
  more: boolean;
  /** When `more`: the key of the last item, to pass as `startAfter` for the next page. */
  lastKey?: string;
  /** When `more` and no filter was given: how many keys in range follow this page. */
  remaining?: number;
}

/** Preconditions of {@link Store.update} and {@link Store.delete}. */
export interface WritePreconditions {
  /** The current entry must have this resource version, else {@link ConflictError}. */
  expectRV?: number | undefined;
  /** The current value must have this `metadata.uid`, else {@link ConflictError}. */
  expectUID?: string | undefined;
}

/** Options of {@link Store.watch}. */
export interface WatchOptions {
  /**
   * Deliver changes with rv greater than this (replayed from history, then live). Undefined =
   * only changes after the call. Older than {@link Store.oldestRV} throws TooOldError; newer than
   * {@link Store.currentRV} throws FutureRVError (wait with {@link Store.waitForRV} first).
   */
  fromRV?: number | undefined;
  /** Only keys starting with this prefix. */
  keyPrefix?: string | undefined;
  /** Only events for which this returns true. It runs when the change commits; keep it cheap. */
  filter?: ((event: StoreEvent) => boolean) | undefined;
  /** Live events that may wait for the consumer before the watch overflows. Default from StoreOptions. */
  maxQueue?: number | undefined;
}

/**
 * A running watch: iterate it once with `for await`. It ends (the iteration finishes) when
 * closed or when the store closes; it throws WatchOverflowError when its consumer fell more than
 * `maxQueue` events behind (the queued events are dropped: the consumer must relist).
 */
export interface StoreWatch extends AsyncIterable<StoreEvent> {
  /** Ends the watch; a pending iteration step finishes with `done`. Idempotent. */
  close(): void;
  /** True once the watch has ended (closed, overflowed, or the store closed). */
  readonly closed: boolean;
  /**
   * Every change with an rv up to this one has been handed to the consumer or did not match:
   * the resource version a BOOKMARK event may carry now.
   */
  progressRV(): number;
}
