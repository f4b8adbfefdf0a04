/**
 * The store: versioned key-value buckets of JSON objects with one global resource version,
 * reads at past versions, watches with history, and (with a data directory) durable group-commit
 * writes. Writes are applied to the readable state only once durable, so nothing a reader or
 * watcher saw can be lost in a crash.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { makeChange } from './changes.js';
import {
  AlreadyExistsError,
  ConflictError,
  FutureRVError,
  InvalidValueError,
  LogAppendError,
  NotFoundError,
  QuotaExceededError,
  StoreClosedError,
  StoreFailedError,
  TooOldError,
  WriteAbortedError,
} from './errors.js';
import {
  DEFAULT_HISTORY_MAX_BYTES,
  DEFAULT_HISTORY_MAX_EVENTS,
  DEFAULT_HISTORY_WINDOW_MS,
  DEFAULT_MAX_VALUE_BYTES,
  DEFAULT_WATCH_MAX_QUEUE,
  DEFAULT_WATCH_MAX_QUEUE_BYTES,
  INITIAL_RV,
  MAX_BATCH_BYTES,
  defaultQuotaBytes,
} from './defaults.js';
import { History } from './history.js';
import type { Journal, JournalWrite } from './journal.js';
import { State } from './state.js';
import type {
  GetOptions,
  ListOptions,
  ListResult,
  StoreEvent,
  StoreOptions,
  StoreWatch,
  StoredEntry,
  WatchOptions,
  WritePreconditions,
} from './types.js';
import { jsonTextExceedsDepth, MAX_OBJECT_DEPTH } from '../util/json-limits.js';
import { encodeRecord } from './log-records.js';
import { assertBucketAndKey, assertStorableValue, deepFreeze, isBeingDeleted, stampResourceVersion, uidOf } from './values.js';
import { Watch } from './watch.js';
import { setLongTimeout } from '../../machinery/long-timeout.js';
import { getHeapStatistics } from 'node:v8';


interface PendingWrite extends JournalWrite {
  readonly prev: StoredEntry | undefined;
  /** The serialized size the key has after this write (0 for a delete). */
  readonly size: number;
  /** How much this write adds to the live objects' size (negative when it frees). */
  readonly growth: number;
  readonly resolve: (entry: StoredEntry) => void;
  readonly reject: (err: unknown) => void;
}

interface RVWaiter {
  readonly rv: number;
  readonly wake: () => void;
  readonly abort: (err: unknown) => void;
}

/** Counters for benchmarks and diagnostics. */
export interface StoreStats {
  entries: number;
  historyEvents: number;
  /** Serialized size of the values the history holds (what its byte bound counts). */
  historyBytes: number;
  /** Serialized size of the live objects (what the quota counts), and the quota. */
  objectBytes: number;
  quotaBytes: number;
  watches: number;
  currentRV: number;
  oldestRV: number;
  /** Log bytes since the last snapshot and the last snapshot's size (0 in memory). */
  logBytes: number;
  snapshotBytes: number;
}

/** How long {@link Store.awaitQueuedWrite} waits at most. */
const QUEUED_WRITE_WAIT_MS = 10_000;

export class Store {
  private committedRV: number;
  private assignedRV: number;
  private pending: PendingWrite[] = [];
  /** The newest not-yet-durable write per key, so writes see what was written before them. */
  private readonly overlay = new Map<string, PendingWrite>();
  private flushing = false;
  private drainWaiters: (() => void)[] = [];
  private readonly watches = new Map<string, Set<Watch>>();
  private readonly rvWaiters = new Set<RVWaiter>();
  private closing: Promise<void> | undefined;
  private failure: StoreFailedError | undefined;
  private readonly now: () => number;
  private readonly windowMs: number;
  private readonly maxEvents: number;
  private readonly maxHistoryBytes: number;
  private readonly maxValueBytes: number;
  private readonly maxValueDepth: number;
  private readonly quotaBytes: number;
  /** Serialized size of each committed live object, by overlay key, and their sum. */
  private readonly sizes = new Map<string, number>();
  private committedBytes = 0;
  /** What the queued writes add to {@link committedBytes} once committed. */
  private pendingGrowth = 0;
  private readonly watchMaxQueue: number;
  private readonly watchMaxQueueBytes: number;

  private constructor(
    options: StoreOptions,
    private readonly state: State,
    private readonly history: History,
    rv: number,
    private readonly journal: Journal | undefined,
  ) {
    this.committedRV = rv;
    this.assignedRV = rv;
    this.now = options.now ?? Date.now;
    this.windowMs = options.historyWindowMs ?? DEFAULT_HISTORY_WINDOW_MS;
    this.maxEvents = Math.max(0, options.historyMaxEvents ?? DEFAULT_HISTORY_MAX_EVENTS);
    this.maxHistoryBytes = Math.max(0, options.historyMaxBytes ?? DEFAULT_HISTORY_MAX_BYTES);
    this.maxValueBytes = options.maxValueBytes ?? DEFAULT_MAX_VALUE_BYTES;
    this.maxValueDepth = options.maxValueDepth ?? MAX_OBJECT_DEPTH;
    this.quotaBytes = options.quotaBytes ?? defaultQuotaBytes(getHeapStatistics().heap_size_limit);
    // A recovered store's objects count against the quota at their log records' size, as writes do.
    for (const entry of state.allEntries()) this.account(overlayKey(entry.bucket, entry.key), encodeRecord(false, entry.rv, entry.bucket, entry.key, entry.value).length);
    this.watchMaxQueue = options.watchMaxQueue ?? DEFAULT_WATCH_MAX_QUEUE;
    this.watchMaxQueueBytes = options.watchMaxQueueBytes ?? DEFAULT_WATCH_MAX_QUEUE_BYTES;
    // The journal asks for a point between batches to compact at, even when no write is coming.
    if (journal) journal.onWantsCompaction = () => this.scheduleFlush();
    this.trim();
  }

  /**
   * Opens a store: in memory without `dataDir`; otherwise loads the latest snapshot, replays the
   * log (dropping a torn last record with a warning) and continues it.
   */
  static async open(options: StoreOptions = {}): Promise<Store> {
    if (options.dataDir === undefined) {
      return new Store(options, new State(), new History(INITIAL_RV), INITIAL_RV, undefined);
    }
    const { openDiskJournal } = await import('./disk-journal.js');
    const recovered = await openDiskJournal(options.dataDir, options);
    return new Store(options, recovered.state, recovered.history, recovered.rv, recovered.journal);
  }

  /** The resource version of the newest durable write (global, one per write, shared by all buckets). */
  get currentRV(): number {
    return this.committedRV;
  }

  /** The smallest resource version a get, list or watch may start from. */
  oldestRV(): number {
    this.trim();
    return this.history.startRV;
  }

  /** Names of the buckets holding at least one entry, sorted. */
  buckets(): string[] {
    return this.state.bucketNames();
  }

  /** The entry under `key`, now or at `opts.atRV` (TooOldError / FutureRVError outside the history). */
  async get(bucket: string, key: string, opts: GetOptions = {}): Promise<StoredEntry | undefined> {
    const atRV = this.pastRV(opts.atRV);
    return atRV === undefined ? this.state.get(bucket, key) : this.state.getAt(bucket, key, atRV, this.history);
  }

  /** A page of entries sorted by key, now or at `opts.atRV`. */
  async list(bucket: string, opts: ListOptions = {}): Promise<ListResult> {
    const atRV = this.pastRV(opts.atRV);
    const page = atRV === undefined ? this.state.listCurrent(bucket, opts) : this.state.listAt(bucket, opts, atRV, this.history);
    return { ...page, rv: atRV ?? this.committedRV };
  }

  /** Creates `key`; AlreadyExistsError if present. The store takes ownership of `value` and freezes it. */
  async create(bucket: string, key: string, value: JsonObject): Promise<StoredEntry> {
    this.assertWritable();
    assertBucketAndKey(bucket, key);
    assertStorableValue(value);
    if (this.latest(bucket, key)) throw new AlreadyExistsError(bucket, key);
    return this.enqueue(false, bucket, key, value, undefined);
  }

  /**
   * Replaces the value under `key` with `mutate(current)`, run synchronously on the newest value
   * (including writes not yet durable). Returning `current.value` itself writes nothing and
   * resolves to the current entry. Throws NotFoundError, ConflictError (preconditions), or what
   * `mutate` throws.
   */
  async update(
    bucket: string,
    key: string,
    mutate: (current: StoredEntry) => JsonObject,
    opts: WritePreconditions = {},
  ): Promise<StoredEntry> {
    this.assertWritable();
    assertBucketAndKey(bucket, key);
    const current = this.latest(bucket, key);
    if (!current) throw new NotFoundError(bucket, key);
    checkPreconditions(current, opts);
    const next = mutate(current);
    if (next === current.value) {
      await this.awaitDurable(current.rv);
      return current;
    }
    assertStorableValue(next);
    return this.enqueue(false, bucket, key, next, current);
  }

  /** Deletes `key`; resolves to the last value stamped with the deletion rv. */
  async delete(bucket: string, key: string, opts: WritePreconditions = {}): Promise<StoredEntry> {
    this.assertWritable();
    assertBucketAndKey(bucket, key);
    const current = this.latest(bucket, key);
    if (!current) throw new NotFoundError(bucket, key);
    checkPreconditions(current, opts);
    return this.enqueue(true, bucket, key, current.value, current);
  }

  /**
   * Watches a bucket: events after `opts.fromRV` replayed from history (TooOldError if older than
   * {@link oldestRV}, FutureRVError if newer than {@link currentRV}), then live events.
   */
  watch(bucket: string, opts: WatchOptions = {}): StoreWatch {
    if (this.closing) throw new StoreClosedError();
    const prefix = opts.keyPrefix ?? '';
    const filter = opts.filter;
    const replay: StoreEvent[] = [];
    if (opts.fromRV !== undefined) {
      const fromRV = this.checkRV(opts.fromRV);
      for (const change of this.history.after(fromRV)) {
        const e = change.event;
        if (e.bucket === bucket && e.key.startsWith(prefix) && (!filter || filter(e))) replay.push(e);
      }
    }
    let set = this.watches.get(bucket);
    if (!set) {
      set = new Set();
      this.watches.set(bucket, set);
    }
    const watch = new Watch(
      bucket,
      prefix,
      filter,
      opts.maxQueue ?? this.watchMaxQueue,
      this.watchMaxQueueBytes,
      (w) => this.forget(w),
      () => this.committedRV,
      replay,
    );
    set.add(watch);
    return watch;
  }

  /**
   * Resolves once the current resource version is at least `rv`; rejects with FutureRVError after
   * `timeoutMs`, with the signal's reason on abort, with StoreClosedError when the store closes.
   */
  waitForRV(rv: number, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    if (rv <= this.committedRV) return Promise.resolve();
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.closing) return Promise.reject(new StoreClosedError());
    return new Promise<void>((resolve, reject) => {
      const cleanup = (): void => {
        timer.clear();
        signal?.removeEventListener('abort', onAbort);
        this.rvWaiters.delete(waiter);
      };
      const waiter: RVWaiter = {
        rv,
        wake: () => {
          cleanup();
          resolve();
        },
        abort: (err) => {
          cleanup();
          reject(err);
        },
      };
      const onAbort = (): void => waiter.abort(signal?.reason);
      const timer = setLongTimeout(() => waiter.abort(new FutureRVError(rv, this.committedRV)), timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.rvWaiters.add(waiter);
    });
  }

  /**
   * Resolves once the newest write to `key` is durable and so visible to reads (at once when none
   * is queued). A write that lost a race against a queued write waits here before it reads again.
   */
  async awaitQueuedWrite(bucket: string, key: string): Promise<void> {
    const queued = this.overlay.get(overlayKey(bucket, key));
    if (queued === undefined) return;
    try {
      await this.waitForRV(queued.entry.rv, QUEUED_WRITE_WAIT_MS);
    } catch (err) {
      // A write that never becomes durable is the failed write's to report; the reader goes on.
      if (!(err instanceof FutureRVError)) throw err;
    }
  }

  /** Compacts the log now (snapshot + new segment) and resolves when done; no-op in memory. */
  async compact(): Promise<void> {
    if (!this.journal || this.closing) return;
    await this.journal.requestCompaction();
  }

  /** Counters for benchmarks and diagnostics. */
  stats(): StoreStats {
    let watches = 0;
    for (const set of this.watches.values()) watches += set.size;
    const sizes = this.journal?.sizes() ?? { logBytes: 0, snapshotBytes: 0 };
    return {
      entries: this.state.size,
      historyEvents: this.history.length,
      historyBytes: this.history.bytes,
      objectBytes: this.committedBytes,
      quotaBytes: this.quotaBytes,
      watches,
      currentRV: this.committedRV,
      oldestRV: this.oldestRV(),
      ...sizes,
    };
  }

  /** Makes every accepted write durable, stops compaction, closes files and ends all watches. */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    await this.drained();
    await this.journal?.close();
    for (const set of [...this.watches.values()]) for (const watch of [...set]) watch.close();
    for (const waiter of [...this.rvWaiters]) waiter.abort(new StoreClosedError());
  }

  private assertWritable(): void {
    if (this.closing) throw new StoreClosedError();
    if (this.failure) throw this.failure;
  }

  /** Validates a requested rv against the history; returns it, ready for replay/rollback. */
  private checkRV(rv: number): number {
    if (!Number.isSafeInteger(rv) || rv < 0) throw new RangeError(`invalid resource version: ${rv}`);
    if (rv > this.committedRV) throw new FutureRVError(rv, this.committedRV);
    if (rv === this.committedRV) return rv;
    this.trim();
    if (rv < this.history.startRV) throw new TooOldError(rv, this.history.startRV);
    return rv;
  }

  /** undefined for "the current state", else a past rv within history. */
  private pastRV(rv: number | undefined): number | undefined {
    if (rv === undefined) return undefined;
    const checked = this.checkRV(rv);
    return checked === this.committedRV ? undefined : checked;
  }

  private latest(bucket: string, key: string): StoredEntry | undefined {
    const pending = this.overlay.get(overlayKey(bucket, key));
    if (pending) return pending.deleted ? undefined : pending.entry;
    return this.state.get(bucket, key);
  }

  /**
   * Queues one write. Everything that can fail (stamping, serializing, the size check, freezing)
   * runs before the resource version is taken: a write that throws here takes no version, so no
   * gap can open between the versions the log holds.
   */
  private enqueue(
    deleted: boolean,
    bucket: string,
    key: string,
    value: JsonObject,
    prev: StoredEntry | undefined,
  ): Promise<StoredEntry> {
    const rv = this.assignedRV + 1;
    const stamped = stampResourceVersion(deleted && prev ? prev.value : value, rv);
    let record: string;
    try {
      record = encodeRecord(deleted, rv, bucket, key, stamped);
    } catch (err) {
      throw new InvalidValueError(`the value of ${bucket} "${key}" cannot be stored: ${err instanceof Error ? err.message : String(err)}`, 'encoding');
    }
    if (!deleted) this.checkLimits(bucket, key, record);
    const ok = overlayKey(bucket, key);
    const size = deleted ? 0 : record.length;
    const growth = size - (this.overlay.get(ok)?.size ?? this.sizes.get(ok) ?? 0);
    // New objects must fit the quota. Changes to existing ones may grow into an eighth more, so that
    // a full store can still be scaled down, its objects' status kept and its managers recorded;
    // an object on its way out (graceful deletion, finalizers removed) is always written, since
    // deleting is how a full store is freed.
    const limit = prev === undefined ? this.quotaBytes : this.quotaBytes + Math.floor(this.quotaBytes / 8);
    if (growth > 0 && this.committedBytes + this.pendingGrowth + growth > limit && !isBeingDeleted(value)) throw new QuotaExceededError(this.quotaBytes);
    const entry: StoredEntry = Object.freeze({ bucket, key, value: deepFreeze(stamped), rv });
    this.assignedRV = rv;
    this.pendingGrowth += growth;
    return new Promise<StoredEntry>((resolve, reject) => {
      const write: PendingWrite = { deleted, entry, record, prev, size, growth, resolve, reject };
      this.pending.push(write);
      this.overlay.set(ok, write);
      this.scheduleFlush();
    });
  }

  /** Records the committed size of a key (0: gone). */
  private account(ok: string, size: number): void {
    this.committedBytes += size - (this.sizes.get(ok) ?? 0);
    if (size === 0) this.sizes.delete(ok);
    else this.sizes.set(ok, size);
  }

  /** Size and nesting limits of a value about to be written, read off its log record. */
  private checkLimits(bucket: string, key: string, record: string): void {
    if (record.length > this.maxValueBytes) {
      throw new InvalidValueError(`the value of ${bucket} "${key}" is too large to store (${record.length} bytes, limit ${this.maxValueBytes})`, 'size', this.maxValueBytes);
    }
    // The record nests the value one level down (`["p",rv,bucket,key,value]`).
    if (jsonTextExceedsDepth(record, this.maxValueDepth + 1) >= 0) {
      throw new InvalidValueError(`the value of ${bucket} "${key}" is nested more than ${this.maxValueDepth} levels deep`, 'depth', this.maxValueDepth);
    }
  }

  private scheduleFlush(): void {
    if (this.flushing) return;
    this.flushing = true;
    // Started from a microtask so that writes issued together end up in one batch.
    queueMicrotask(() => void this.flush());
  }

  /** The group-commit loop: one journal append (write + sync) per batch of queued writes. */
  private async flush(): Promise<void> {
    try {
      for (;;) {
        if (this.journal?.wantsCompaction && !this.failure) {
          // Between batches the committed state is exactly what the log holds: snapshot it here.
          await this.journal.rotate({ rv: this.committedRV, entries: this.state.allEntries() });
        }
        if (this.pending.length === 0) break;
        const batch = this.takeBatch();
        const time = this.now();
        if (this.journal) {
          try {
            await this.journal.append(batch, time);
          } catch (err) {
            if (err instanceof LogAppendError && err.rolledBack) this.abort(err, batch);
            else this.fail(err, batch);
            continue;
          }
        }
        this.commit(batch, time);
      }
    } finally {
      this.flushing = false;
      const waiters = this.drainWaiters;
      this.drainWaiters = [];
      for (const wake of waiters) wake();
    }
  }

  /** The oldest queued writes, up to {@link MAX_BATCH_BYTES} of log records (at least one write). */
  private takeBatch(): PendingWrite[] {
    let bytes = 0;
    let n = 0;
    while (n < this.pending.length) {
      bytes += (this.pending[n] as PendingWrite).record.length;
      if (n > 0 && bytes > MAX_BATCH_BYTES) break;
      n++;
    }
    if (n === this.pending.length) {
      const batch = this.pending;
      this.pending = [];
      return batch;
    }
    return this.pending.splice(0, n);
  }

  private commit(batch: readonly PendingWrite[], time: number): void {
    for (const write of batch) {
      const { entry } = write;
      if (write.deleted) this.state.remove(entry.bucket, entry.key);
      else this.state.put(entry);
      this.pendingGrowth -= write.growth;
      this.account(overlayKey(entry.bucket, entry.key), write.size);
      const change = makeChange(write.deleted, entry, write.prev, time, write.record.length);
      this.history.push(change);
      this.committedRV = entry.rv;
      const ok = overlayKey(entry.bucket, entry.key);
      if (this.overlay.get(ok) === write) this.overlay.delete(ok);
      const watchers = this.watches.get(entry.bucket);
      if (watchers) for (const watch of watchers) watch.offer(change.event, change.bytes);
      write.resolve(entry);
    }
    this.trim();
    for (const waiter of this.rvWaiters) if (waiter.rv <= this.committedRV) waiter.wake();
  }

  /**
   * A batch was not logged but the log is intact: those writes and every write queued after them
   * (their versions follow the batch's) fail, their versions are given back, and the store goes on.
   */
  private abort(err: LogAppendError, batch: readonly PendingWrite[]): void {
    const reason = new WriteAbortedError(err);
    this.dropQueued(batch, reason);
  }

  private fail(err: unknown, batch: readonly PendingWrite[]): void {
    this.failure ??= new StoreFailedError(err);
    this.dropQueued(batch, this.failure);
  }

  private dropQueued(batch: readonly PendingWrite[], reason: Error): void {
    const lost = [...batch, ...this.pending];
    this.pending = [];
    this.overlay.clear();
    this.pendingGrowth = 0;
    this.assignedRV = this.committedRV;
    for (const write of lost) write.reject(reason);
    // Those rvs will never commit: nobody may wait for them.
    for (const waiter of [...this.rvWaiters]) if (waiter.rv > this.committedRV) waiter.abort(reason);
  }

  private trim(): void {
    this.history.trim(this.now(), this.windowMs, this.maxEvents, this.maxHistoryBytes);
  }

  private drained(): Promise<void> {
    if (!this.flushing && this.pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.drainWaiters.push(resolve));
  }

  /** Resolves once the write with this rv is durable (it is pending or committed). */
  private awaitDurable(rv: number): Promise<void> {
    if (rv <= this.committedRV) return Promise.resolve();
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<void>((resolve, reject) => {
      const waiter: RVWaiter = {
        rv,
        wake: () => {
          this.rvWaiters.delete(waiter);
          resolve();
        },
        abort: (err) => {
          this.rvWaiters.delete(waiter);
          reject(err);
        },
      };
      this.rvWaiters.add(waiter);
    });
  }

  private forget(watch: Watch): void {
    const set = this.watches.get(watch.bucket);
    if (!set) return;
    set.delete(watch);
    if (set.size === 0) this.watches.delete(watch.bucket);
  }
}

function checkPreconditions(current: StoredEntry, opts: WritePreconditions): void {
  if (opts.expectUID !== undefined) {
    const uid = uidOf(current.value);
    if (uid !== opts.expectUID) {
      throw new ConflictError(
        current.bucket,
        current.key,
        `Precondition failed: UID in precondition: ${opts.expectUID}, UID in object meta: ${uid ?? ''}`,
      );
    }
  }
  if (opts.expectRV !== undefined && opts.expectRV !== current.rv) {
    throw new ConflictError(
      current.bucket,
      current.key,
      `Precondition failed: ResourceVersion in precondition: ${opts.expectRV}, ResourceVersion in object meta: ${current.rv}`,
    );
  }
}

function overlayKey(bucket: string, key: string): string {
  return `${bucket}\u0000${key}`;
}
