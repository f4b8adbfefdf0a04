/**
 * The persistence seam of the store: a journal makes batches of writes durable and compacts
 * itself. The in-memory store has none; {@link DiskJournal} is the durable one.
 */
import type { History } from './history.js';
import type { State } from './state.js';
import type { StoredEntry } from './types.js';

/** One write as the journal records it. */
export interface JournalWrite {
  /** True for a delete; `entry` is then the tombstone (last value, deletion rv). */
  readonly deleted: boolean;
  readonly entry: StoredEntry;
  /** The write's log record (see `encodeRecord`). */
  readonly record: string;
}

/** The committed state at one resource version, captured for a snapshot. */
export interface StateCapture {
  readonly rv: number;
  readonly entries: readonly StoredEntry[];
}

export interface Journal {
  /** Makes a batch durable (written and synced); rejects if it could not be. */
  append(batch: readonly JournalWrite[], time: number): Promise<void>;
  /** True when a compaction should start at the next point between batches. */
  readonly wantsCompaction: boolean;
  /**
   * Starts a compaction at a point between batches: switches to a new log segment (resolves
   * then), and writes a snapshot of `capture` in the background. Never rejects (logs failures).
   */
  rotate(capture: StateCapture): Promise<void>;
  /** Called when the journal wants a compaction point while the store may be idle. */
  onWantsCompaction: (() => void) | undefined;
  /** Asks for a compaction; resolves once one that started after this call has finished. */
  requestCompaction(): Promise<void>;
  /** Bytes in the log since the last snapshot, and in the last snapshot. */
  sizes(): { logBytes: number; snapshotBytes: number };
  /** Stops compaction, closes files, releases the data directory. */
  close(): Promise<void>;
}

/** What a journal recovered from disk at start-up. */
export interface RecoveredState {
  readonly state: State;
  readonly history: History;
  readonly rv: number;
  readonly journal: Journal;
}
