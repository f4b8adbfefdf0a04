/**
 * Errors of the storage engine. The API server maps them to HTTP statuses: TooOldError 410,
 * FutureRVError 504 (after waiting), ConflictError 409, AlreadyExistsError 409, NotFoundError 404.
 */

/** Base class of the store's deliberate errors. */
export class StoreError extends Error {
  override name = 'StoreError';
}

/** The requested resource version is older than the history the store keeps. */
export class TooOldError extends StoreError {
  override name = 'TooOldError';
  constructor(
    /** The resource version asked for. */
    readonly requestedRV: number,
    /** The oldest resource version still answerable. */
    readonly oldestRV: number,
  ) {
    super(`too old resource version: ${requestedRV} (${oldestRV})`);
  }
}

/** The requested resource version is newer than the store's current one. */
export class FutureRVError extends StoreError {
  override name = 'FutureRVError';
  constructor(
    readonly requestedRV: number,
    readonly currentRV: number,
  ) {
    super(`resource version ${requestedRV} is newer than the current resource version ${currentRV}`);
  }
}

/** An error about one key of a bucket. */
export class KeyError extends StoreError {
  override name = 'KeyError';
  constructor(
    readonly bucket: string,
    readonly key: string,
    message: string,
  ) {
    super(message);
  }
}

/** A precondition (expected resource version or uid) did not hold. */
export class ConflictError extends KeyError {
  override name = 'ConflictError';
}

/** create() of a key that exists. */
export class AlreadyExistsError extends KeyError {
  override name = 'AlreadyExistsError';
  constructor(bucket: string, key: string) {
    super(bucket, key, `${bucket} "${key}" already exists`);
  }
}

/** update() or delete() of a key that does not exist. */
export class NotFoundError extends KeyError {
  override name = 'NotFoundError';
  constructor(bucket: string, key: string) {
    super(bucket, key, `${bucket} "${key}" not found`);
  }
}

/** A watch's consumer fell more than its queue bound behind; the watch ended. */
export class WatchOverflowError extends StoreError {
  override name = 'WatchOverflowError';
  constructor(
    readonly maxQueue: number,
    /** Set when the byte bound, not the event count, was exceeded. */
    readonly maxQueueBytes?: number,
  ) {
    super(maxQueueBytes === undefined
      ? `watch consumer fell more than ${maxQueue} events behind; the watch was closed`
      : `watch consumer fell more than ${maxQueueBytes} bytes of events behind; the watch was closed`);
  }
}

/** The store was closed; no more writes. */
export class StoreClosedError extends StoreError {
  override name = 'StoreClosedError';
  constructor() {
    super('the store is closed');
  }
}

/** Writing the log failed; the store accepts no more writes (reads still work). */
export class StoreFailedError extends StoreError {
  override name = 'StoreFailedError';
  constructor(cause: unknown) {
    super(`the store's log could not be written; no more writes are accepted: ${describe(cause)}`, { cause });
  }
}

/**
 * One batch could not be appended to the log. When `rolledBack`, the log was put back as it was
 * (nothing of the batch is on disk) and the store goes on; otherwise the log's end is unknown and
 * the store stops accepting writes (a restart drops the torn tail).
 */
export class LogAppendError extends StoreError {
  override name = 'LogAppendError';
  constructor(
    cause: unknown,
    readonly rolledBack: boolean,
  ) {
    super(`the store's log could not be written: ${describe(cause)}`, { cause });
  }
}

/** A write was not made because an earlier write of the same batch could not be logged; nothing of it is stored. */
export class WriteAbortedError extends StoreError {
  override name = 'WriteAbortedError';
  constructor(cause: LogAppendError) {
    super(`the write was not stored: ${cause.message}`, { cause });
  }
}

/** Why the store refused a value. */
export type InvalidValueReason = 'size' | 'depth' | 'encoding';

/** A value the store will not keep: larger or deeper than its limits, or not serializable as JSON. */
export class InvalidValueError extends StoreError {
  override name = 'InvalidValueError';
  constructor(
    message: string,
    readonly reason: InvalidValueReason,
    /** The limit exceeded (bytes for `size`, levels for `depth`). */
    readonly limit?: number,
  ) {
    super(message);
  }
}

/**
 * Persistent data is damaged or missing somewhere other than a torn last record (an append
 * interrupted by a crash, which recovery drops): the store refuses to open rather than lose
 * acknowledged writes without saying so. `file` may be a file that is missing (offset 0).
 */
export class StoreCorruptionError extends StoreError {
  override name = 'StoreCorruptionError';
  constructor(
    readonly file: string,
    readonly offset: number,
    readonly detail: string,
  ) {
    super(`damaged store data: ${file} at offset ${offset}: ${detail}`);
  }
}

/** Another live process holds the data directory. */
export class StoreLockedError extends StoreError {
  override name = 'StoreLockedError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`data directory ${dataDir} is in use by process ${pid}`);
  }
}

function describe(cause: unknown): string {
  if (cause instanceof Error) return cause.message;
  return String(cause);
}

/**
 * A write that would take the store's live objects past its quota (etcd's space quota, which
 * kube-apiserver reports with etcd's words). Deletes and writes that do not grow are still taken,
 * and updates of existing objects have a margin above the quota.
 */
export class QuotaExceededError extends StoreError {
  override name = 'QuotaExceededError';
  constructor(
    /** The quota, in bytes of serialized objects. */
    readonly quotaBytes: number,
  ) {
    super('etcdserver: mvcc: database space exceeded');
  }
}
