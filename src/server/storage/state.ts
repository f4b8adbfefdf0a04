/**
 * The committed (durable) state: buckets of entries with ordered keys, and the reads over it, at
 * the current resource version or rolled back through the history to a past one.
 */
import type { History } from './history.js';
import { SortedKeys, compareKeys, keyRange, lowerBound } from './sorted-keys.js';
import type { ListOptions, ListResult, StoredEntry } from './types.js';

interface Bucket {
  readonly entries: Map<string, StoredEntry>;
  readonly keys: SortedKeys;
}

/** What a page read needs from a list call. */
type PageOptions = Pick<ListOptions, 'keyPrefix' | 'startAfter' | 'limit' | 'filter'>;
type Page = Omit<ListResult, 'rv'>;

export class State {
  private readonly buckets = new Map<string, Bucket>();
  private count = 0;

  /** Number of stored entries over all buckets. */
  get size(): number {
    return this.count;
  }

  /** Names of buckets that hold at least one entry, sorted. */
  bucketNames(): string[] {
    const names: string[] = [];
    for (const [name, bucket] of this.buckets) if (bucket.entries.size > 0) names.push(name);
    return names.sort(compareKeys);
  }

  get(bucket: string, key: string): StoredEntry | undefined {
    return this.buckets.get(bucket)?.entries.get(key);
  }

  /** Inserts or replaces an entry. */
  put(entry: StoredEntry): void {
    let bucket = this.buckets.get(entry.bucket);
    if (!bucket) {
      bucket = { entries: new Map(), keys: new SortedKeys() };
      this.buckets.set(entry.bucket, bucket);
    }
    const had = bucket.entries.has(entry.key);
    bucket.entries.set(entry.key, entry);
    if (!had) {
      bucket.keys.add(entry.key);
      this.count++;
    }
  }

  /** Removes an entry if present. */
  remove(bucketName: string, key: string): void {
    const bucket = this.buckets.get(bucketName);
    if (!bucket?.entries.delete(key)) return;
    bucket.keys.remove(key);
    this.count--;
    if (bucket.entries.size === 0) this.buckets.delete(bucketName);
  }

  /** Every entry (a snapshot of references; entries are immutable). */
  allEntries(): StoredEntry[] {
    const out: StoredEntry[] = [];
    for (const bucket of this.buckets.values()) for (const entry of bucket.entries.values()) out.push(entry);
    return out;
  }

  /** The entry as it was at `atRV`, rolling back the history events after it. */
  getAt(bucket: string, key: string, atRV: number, history: History): StoredEntry | undefined {
    let entry = this.get(bucket, key);
    for (const change of history.newestDownTo(atRV)) {
      if (change.event.key === key && change.event.bucket === bucket) entry = change.prevEntry;
    }
    return entry;
  }

  /** A page of the current state of a bucket. */
  listCurrent(bucketName: string, opts: PageOptions): Page {
    const bucket = this.buckets.get(bucketName);
    if (!bucket) return { items: [], more: false };
    const keys = bucket.keys.view();
    const [start, end] = keyRange(keys, opts.keyPrefix ?? '', opts.startAfter);
    const limit = opts.limit !== undefined && opts.limit > 0 ? opts.limit : Infinity;
    const filter = opts.filter;
    const items: StoredEntry[] = [];
    let i = start;
    for (; i < end && items.length < limit; i++) {
      const entry = bucket.entries.get(keys[i] as string) as StoredEntry;
      if (!filter || filter(entry.value)) items.push(entry);
    }
    const last = items[items.length - 1];
    if (i >= end || last === undefined) return { items, more: false };
    const page: Page = { items, more: true, lastKey: last.key };
    if (!filter) page.remaining = end - i;
    return page;
  }

  /** A page of a bucket as it was at `atRV` (within the history). */
  listAt(bucketName: string, opts: PageOptions, atRV: number, history: History): Page {
    const prefix = opts.keyPrefix ?? '';
    // The state at atRV differs from the current one only in keys changed after it; the oldest
    // change after atRV holds the value as of atRV (undefined = absent).
    const past = new Map<string, StoredEntry | undefined>();
    for (const change of history.newestDownTo(atRV)) {
      const e = change.event;
      if (e.bucket === bucketName && e.key.startsWith(prefix)) past.set(e.key, change.prevEntry);
    }
    const bucket = this.buckets.get(bucketName);
    const currentKeys = bucket ? bucket.keys.view() : [];
    const [start, end] = keyRange(currentKeys, prefix, opts.startAfter);
    const changedKeys = [...past.keys()].sort(compareKeys);
    const changedStart = opts.startAfter === undefined ? 0 : lowerBound(changedKeys, opts.startAfter, true);

    const limit = opts.limit !== undefined && opts.limit > 0 ? opts.limit : Infinity;
    const filter = opts.filter;
    const items: StoredEntry[] = [];
    let i = start;
    let j = changedStart;
    // Merges the current keys in range with the changed keys; yields the entry at atRV of each.
    const next = (): StoredEntry | undefined | null => {
      for (;;) {
        const a = i < end ? (currentKeys[i] as string) : undefined;
        const b = j < changedKeys.length ? (changedKeys[j] as string) : undefined;
        if (a === undefined && b === undefined) return null;
        if (b === undefined || (a !== undefined && a < b)) {
          i++;
          if (!past.has(a as string)) return bucket?.entries.get(a as string);
          continue; // its value at atRV comes from the changed-keys side
        }
        if (a === b) i++;
        j++;
        const entry = past.get(b);
        if (entry) return entry;
      }
    };
    let more = false;
    for (;;) {
      const entry = next();
      if (entry === null) break;
      if (entry === undefined) continue;
      if (items.length >= limit) {
        more = true;
        break;
      }
      if (!filter || filter(entry.value)) items.push(entry);
    }
    const last = items[items.length - 1];
    if (!more || last === undefined) return { items, more: false };
    const page: Page = { items, more: true, lastKey: last.key };
    if (!filter) {
      let remaining = 1; // the entry that ended the page
      for (let e = next(); e !== null; e = next()) if (e !== undefined) remaining++;
      page.remaining = remaining;
    }
    return page;
  }
}
