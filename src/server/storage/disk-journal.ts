/**
 * The durable journal: group-commit appends to the current log segment, each followed by a record
 * in the checkpoint (checkpoint.ts) of how far the log now reaches, and background compaction (a
 * snapshot of the state at a segment boundary, then deletion of the segments and snapshots it
 * makes obsolete). Writes continue into the new segment while the snapshot is written.
 */
import { mkdir, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_COMPACT_AFTER_BYTES, DEFAULT_HISTORY_MAX_BYTES, DEFAULT_HISTORY_MAX_EVENTS, DEFAULT_HISTORY_WINDOW_MS, defaultLogger } from './defaults.js';
import { LogAppendError } from './errors.js';
import { CheckpointFile } from './checkpoint.js';
import { acquireLock, classify, fsyncDir, segmentName, snapshotName, syncFile } from './files.js';
import type { Journal, JournalWrite, RecoveredState, StateCapture } from './journal.js';
import { encodeBatch } from './log-records.js';
import { recover } from './recovery.js';
import { SegmentWriter } from './segment-writer.js';
import { writeSnapshot } from './snapshot.js';
import type { StoreOptions } from './types.js';

/** Opens (creating if needed) a data directory: lock, recover, clean up, continue the log. */
export async function openDiskJournal(dir: string, options: StoreOptions): Promise<RecoveredState> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const release = await acquireLock(dir);
  try {
    const logger = options.logger ?? defaultLogger;
    const files = classify(await readdir(dir));
    const recovered = await recover(dir, files, {
      now: options.now ?? Date.now,
      historyWindowMs: options.historyWindowMs ?? DEFAULT_HISTORY_WINDOW_MS,
      historyMaxEvents: options.historyMaxEvents ?? DEFAULT_HISTORY_MAX_EVENTS,
      historyMaxBytes: options.historyMaxBytes ?? DEFAULT_HISTORY_MAX_BYTES,
      logger,
    });
    // Leftovers of a compaction interrupted by a crash: temp files, and files the snapshot made obsolete.
    const live = new Set(recovered.liveSegments.map((s) => s.name));
    const obsolete = [
      ...files.temps,
      ...files.segments.filter((s) => !live.has(s.name)).map((s) => s.name),
      ...files.snapshots.filter((s) => s.name !== recovered.snapshot?.name).map((s) => s.name),
    ];
    for (const name of obsolete) await unlink(join(dir, name));
    // The last segment may end with writes of a crashed process that were never synced; they are
    // served from now on, so they are made durable before the checkpoint counts them.
    const lastRead = recovered.liveSegments[recovered.liveSegments.length - 1];
    if (lastRead !== undefined && lastRead.base !== recovered.rv) await syncFile(join(dir, lastRead.name));
    const writer = await SegmentWriter.open(dir, recovered.rv);
    let checkpoint: CheckpointFile;
    try {
      const seq = recovered.checkpoint.state === 'ok' ? recovered.checkpoint.seq + 1 : 0;
      checkpoint = await CheckpointFile.create(dir, { rv: recovered.rv, segment: writer.base, size: writer.size }, logger, seq);
    } catch (err) {
      await writer.close();
      throw err;
    }
    const segments = recovered.liveSegments.filter((s) => s.base !== writer.base).map((s) => s.base);
    segments.push(writer.base);
    const journal = new DiskJournal(dir, writer, segments, recovered.snapshot?.rv, {
      logBytes: recovered.logBytes,
      snapshotBytes: recovered.snapshot?.bytes ?? 0,
      compactAfterBytes: options.compactAfterBytes ?? DEFAULT_COMPACT_AFTER_BYTES,
      logger,
      release,
      checkpoint,
    });
    return { state: recovered.state, history: recovered.history, rv: recovered.rv, journal };
  } catch (err) {
    await release();
    throw err;
  }
}

interface DiskJournalSettings {
  logBytes: number;
  snapshotBytes: number;
  compactAfterBytes: number;
  logger: (line: string) => void;
  release: () => Promise<void>;
  checkpoint: CheckpointFile;
}

class DiskJournal implements Journal {
  onWantsCompaction: (() => void) | undefined;
  private logBytes: number;
  private snapshotBytes: number;
  private compacting: Promise<void> | undefined;
  private requested = false;
  private requestWaiters: (() => void)[] = [];
  private closed = false;
  private readonly abort = new AbortController();

  constructor(
    private readonly dir: string,
    private writer: SegmentWriter,
    /** Bases of the segments on disk, oldest first; the last is the writer's. */
    private segments: number[],
    private snapshotRV: number | undefined,
    private readonly settings: DiskJournalSettings,
  ) {
    this.logBytes = settings.logBytes;
    this.snapshotBytes = settings.snapshotBytes;
  }

  get wantsCompaction(): boolean {
    if (this.closed || this.compacting) return false;
    if (this.requested) return true;
    return this.logBytes >= this.settings.compactAfterBytes && this.logBytes >= this.snapshotBytes;
  }

  async append(batch: readonly JournalWrite[], time: number): Promise<void> {
    let frame: Buffer;
    try {
      frame = encodeBatch(batch, time);
    } catch (err) {
      throw new LogAppendError(err, true); // nothing was written
    }
    await this.writer.append(frame);
    this.logBytes += frame.length;
    // After the batch's sync and before its writes are acknowledged (see checkpoint.ts).
    const last = batch[batch.length - 1];
    if (last !== undefined) this.settings.checkpoint.record({ rv: last.entry.rv, segment: this.writer.base, size: this.writer.size });
  }

  async rotate(capture: StateCapture): Promise<void> {
    this.requested = false;
    const waiters = this.requestWaiters;
    this.requestWaiters = [];
    if (capture.rv !== this.writer.base) {
      try {
        const next = await SegmentWriter.open(this.dir, capture.rv);
        const old = this.writer;
        this.writer = next;
        this.segments.push(next.base);
        await old.close();
        this.settings.checkpoint.record({ rv: capture.rv, segment: next.base, size: next.size });
        void this.settings.checkpoint.sync();
      } catch (err) {
        this.settings.logger(`store compaction: could not start a new log segment: ${describe(err)}`);
        for (const wake of waiters) wake();
        return;
      }
    }
    this.logBytes = this.writer.size;
    this.compacting = this.snapshot(capture).finally(() => {
      this.compacting = undefined;
      for (const wake of waiters) wake();
      if (this.requested && !this.closed) this.onWantsCompaction?.();
    });
  }

  requestCompaction(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.requested = true;
    const done = new Promise<void>((resolve) => this.requestWaiters.push(resolve));
    if (!this.compacting) this.onWantsCompaction?.();
    return done;
  }

  sizes(): { logBytes: number; snapshotBytes: number } {
    return { logBytes: this.logBytes, snapshotBytes: this.snapshotBytes };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.abort.abort();
    await this.compacting;
    for (const wake of this.requestWaiters.splice(0)) wake();
    await this.writer.close();
    await this.settings.checkpoint.close();
    await this.settings.release();
  }

  /** Writes the snapshot, then removes what it made obsolete. Failures are logged; the log stays valid. */
  private async snapshot(capture: StateCapture): Promise<void> {
    try {
      const bytes = await writeSnapshot(this.dir, capture, this.abort.signal);
      const previous = this.snapshotRV;
      this.snapshotRV = capture.rv;
      this.snapshotBytes = bytes;
      // Segments before the one starting at the snapshot hold only records it contains.
      const obsolete = this.segments.filter((base) => base < capture.rv);
      this.segments = this.segments.filter((base) => base >= capture.rv);
      for (const base of obsolete) await unlinkQuietly(join(this.dir, segmentName(base)));
      if (previous !== undefined && previous !== capture.rv) await unlinkQuietly(join(this.dir, snapshotName(previous)));
      await fsyncDir(this.dir);
    } catch (err) {
      if (!this.abort.signal.aborted) this.settings.logger(`store compaction failed (the log stays valid): ${describe(err)}`);
    }
  }
}

async function unlinkQuietly(path: string): Promise<void> {
  await unlink(path).catch(() => undefined);
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
