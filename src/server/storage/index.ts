/**
 * The local API server's storage engine: versioned JSON objects in buckets, one global resource
 * version, reads at past versions, watches with history, and a durable group-commit log with
 * background compaction. No HTTP here; the API server builds on {@link Store}.
 */
export { Store } from './store.js';
export { INITIAL_RV } from './defaults.js';
export type { StoreStats } from './store.js';
export {
  StoreError,
  TooOldError,
  FutureRVError,
  ConflictError,
  AlreadyExistsError,
  NotFoundError,
  WatchOverflowError,
  StoreClosedError,
  StoreFailedError,
  LogAppendError,
  WriteAbortedError,
  InvalidValueError,
  QuotaExceededError,
  StoreCorruptionError,
  StoreLockedError,
} from './errors.js';
export type {
  JsonObject,
  StoreOptions,
  StoredEntry,
  StoreEvent,
  StoreEventType,
  GetOptions,
  ListOptions,
  ListResult,
  WritePreconditions,
  WatchOptions,
  StoreWatch,
} from './types.js';
