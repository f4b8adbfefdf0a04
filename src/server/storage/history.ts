/**
 * The change history: every committed event, in resource-version order, kept for the history
 * window, but never more than `maxEvents` entries or `maxBytes` of serialized values (so a burst
 * of writes, or of large objects, cannot hold memory without bound: older history expires and a
 * client asking for it gets 410 Gone and relists). Watches replay from it and reads at a past
 * resource version roll the current state back through it.
 */
import type { StoreEvent, StoredEntry } from './types.js';

/** One committed change with what is needed to undo it. */
export interface HistoryEntry {
  readonly event: StoreEvent;
  /** The entry before the change (undefined for ADDED). */
  readonly prevEntry: StoredEntry | undefined;
  /** When it was committed (ms). */
  readonly time: number;
  /** Size of its log record (the serialized value), counted against the byte bound. */
  readonly bytes: number;
}

export class History {
  private items: (HistoryEntry | undefined)[] = [];
  private head = 0;
  private start: number;
  private totalBytes = 0;

  /** @param startRV every event after this resource version will be kept (until trimmed) */
  constructor(startRV: number) {
    this.start = startRV;
  }

  /** All events with rv greater than this are retained. */
  get startRV(): number {
    return this.start;
  }

  /** Number of retained events. */
  get length(): number {
    return this.items.length - this.head;
  }

  /** Serialized size of the retained events. */
  get bytes(): number {
    return this.totalBytes;
  }

  /** The resource version of the newest retained event, or `startRV` when empty. */
  get endRV(): number {
    return this.start + this.length;
  }

  /** Appends the next event; resource versions are contiguous, one per write. */
  push(entry: HistoryEntry): void {
    if (entry.event.rv !== this.endRV + 1) {
      throw new Error(`history out of order: got rv ${entry.event.rv} after ${this.endRV}`);
    }
    this.items.push(entry);
    this.totalBytes += entry.bytes;
  }

  /** Retained events with rv greater than `rv`, oldest first. */
  *after(rv: number): Generator<HistoryEntry> {
    const from = Math.max(rv, this.start) - this.start;
    for (let i = this.head + from; i < this.items.length; i++) yield this.items[i] as HistoryEntry;
  }

  /** Retained events with rv greater than `rv`, newest first. */
  *newestDownTo(rv: number): Generator<HistoryEntry> {
    const stop = this.head + (Math.max(rv, this.start) - this.start);
    for (let i = this.items.length - 1; i >= stop; i--) yield this.items[i] as HistoryEntry;
  }

  /** Drops events older than `windowMs` before `now`, and the oldest ones beyond `maxEvents` or `maxBytes`. */
  trim(now: number, windowMs: number, maxEvents: number, maxBytes = Infinity): void {
    const cutoff = now - windowMs;
    while (this.head < this.items.length) {
      const oldest = this.items[this.head] as HistoryEntry;
      if (this.length <= maxEvents && this.totalBytes <= maxBytes && oldest.time >= cutoff) break;
      this.items[this.head] = undefined;
      this.head++;
      this.start = oldest.event.rv;
      this.totalBytes -= oldest.bytes;
    }
    // Release the dropped slots now and then, without copying on every trim.
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }
}
