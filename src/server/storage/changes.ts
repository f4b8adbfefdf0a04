/**
 * Builds the entries and events of writes, shared by live writes and by log replay at start-up so
 * both produce identical history.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { HistoryEntry } from './history.js';
import type { StoreEvent, StoredEntry } from './types.js';
import { deepFreeze, stampResourceVersion } from './values.js';

/** A frozen entry whose value is `value` stamped with `rv`. */
export function makeEntry(bucket: string, key: string, value: JsonObject, rv: number): StoredEntry {
  return Object.freeze({ bucket, key, value: deepFreeze(stampResourceVersion(value, rv)), rv });
}

/** A frozen entry for a value that already carries its resource version (snapshot and log replay). */
export function makeStampedEntry(bucket: string, key: string, value: JsonObject, rv: number): StoredEntry {
  return Object.freeze({ bucket, key, value: deepFreeze(value), rv });
}

/** The entry a delete returns and its DELETED event carries: the last value, stamped with the deletion rv. */
export function makeTombstone(last: StoredEntry, rv: number): StoredEntry {
  return makeEntry(last.bucket, last.key, last.value, rv);
}

/**
 * The history entry of a put (`prev` undefined = ADDED) or a delete (`entry` is the tombstone);
 * `bytes` is the size of its log record, what the history's byte bound counts.
 */
export function makeChange(deleted: boolean, entry: StoredEntry, prev: StoredEntry | undefined, time: number, bytes: number): HistoryEntry {
  const base = { rv: entry.rv, bucket: entry.bucket, key: entry.key, value: entry.value };
  const event: StoreEvent = deleted
    ? { type: 'DELETED', ...base, ...(prev ? { prev: prev.value } : {}) }
    : prev
      ? { type: 'MODIFIED', ...base, prev: prev.value }
      : { type: 'ADDED', ...base };
  return { event: Object.freeze(event), prevEntry: prev, time, bytes };
}
