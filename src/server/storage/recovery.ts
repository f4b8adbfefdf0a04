/**
 * Start-up recovery: the latest snapshot, then the log segments after it, replayed in order into
 * the state and the history, and checked against what the files promise:
 *
 * - a segment named `wal-<B>.log` holds records from resource version B+1 on, one version per
 *   record with no gap, and a segment that is not the last ends exactly where the next one begins;
 * - a snapshot is followed by a segment that continues from it;
 * - the log reaches the resource version the checkpoint (checkpoint.ts) says was acknowledged.
 *
 * Only one thing may be cut off automatically: a torn tail, the bytes after the last whole
 * record of the last segment, which a crash in the middle of an append leaves. Appends are
 * serial and each is synced before any of its writes is acknowledged, so a torn tail is at most the
 * one group commit in flight: when the log still reaches the checkpoint's resource version,
 * nothing after it was ever acknowledged, and it is dropped with a warning. Anything else (damaged
 * bytes with whole records after them, a segment cut short, emptied or deleted, a gap between
 * segments, segments missing after the snapshot) is a StoreCorruptionError naming the file and
 * offset; `platformctl local repair` shows and drops the damaged part.
 *
 * A store written before checkpoints existed has none: its torn tail is told by its shape alone
 * (see frame.ts), and a checkpoint is written from then on.
 */
import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeChange, makeStampedEntry, makeTombstone } from './changes.js';
import { CHECKPOINT_FILE, readCheckpoint } from './checkpoint.js';
import type { Checkpoint, CheckpointRead } from './checkpoint.js';
import { INITIAL_RV } from './defaults.js';
import { StoreCorruptionError } from './errors.js';
import { segmentName } from './files.js';
import type { DataFiles } from './files.js';
import { findFrameAfter, readFrames } from './frame.js';
import { History } from './history.js';
import { decodeBatch } from './log-records.js';
import { readSnapshot } from './snapshot.js';
import { State } from './state.js';

export interface RecoveryOptions {
  readonly now: () => number;
  readonly historyWindowMs: number;
  readonly historyMaxEvents: number;
  readonly historyMaxBytes: number;
  readonly logger: (line: string) => void;
}

export interface Recovered {
  readonly state: State;
  readonly history: History;
  readonly rv: number;
  /** The snapshot loaded, if any. */
  readonly snapshot: { name: string; rv: number; bytes: number } | undefined;
  /** Segments holding records after the snapshot, oldest first. */
  readonly liveSegments: { name: string; base: number }[];
  /** Bytes of those segments. */
  readonly logBytes: number;
  /** The checkpoint as read (its sequence continues when the journal rewrites it). */
  readonly checkpoint: CheckpointRead;
}

/** Bytes after the last whole record of the last segment: an interrupted append, never acknowledged. */
export interface TornTail {
  readonly file: string;
  readonly offset: number;
  readonly bytes: number;
  readonly reason: string;
}

/** One live segment as replay read it. */
export interface SegmentRead {
  readonly name: string;
  readonly base: number;
  readonly file: string;
  /** Bytes of the file. */
  readonly size: number;
  /** Bytes of whole records that were replayed. */
  readonly validBytes: number;
}

/** The first inconsistency replay found, and where the consistent data ends. */
export interface Damage {
  readonly error: StoreCorruptionError;
  /**
   * The consistent data ends in live segment `segment` (an index into `segments` of the replay)
   * at byte `offset`; undefined when it ends with the snapshot (or the empty store) and no segment
   * is kept.
   */
  readonly cut: { readonly segment: number; readonly offset: number } | undefined;
}

/** What replaying the log from a starting state gives. */
export interface LogReplay {
  readonly history: History;
  /** The resource version of the consistent data (up to the damage, if there is some). */
  readonly rv: number;
  /** The segments to replay, oldest first (including any after the damage). */
  readonly segments: readonly { name: string; base: number }[];
  /** Those read, up to and including the one with the damage. */
  readonly read: readonly SegmentRead[];
  readonly logBytes: number;
  readonly torn: TornTail | undefined;
  readonly damage: Damage | undefined;
}

/** Where replay starts: the snapshot's state (or an empty one) at its resource version. */
export interface ReplayStart {
  readonly state: State;
  readonly rv: number;
  /** The snapshot's file name, if the state comes from one. */
  readonly snapshot: string | undefined;
}

export async function recover(dir: string, files: DataFiles, opts: RecoveryOptions): Promise<Recovered> {
  const checkpoint = await readCheckpoint(dir);
  if (checkpoint.state === 'damaged') {
    throw new StoreCorruptionError(checkpoint.file, checkpoint.offset, `${checkpoint.reason} (it records how far the log reached, to check the log against)`);
  }
  const state = new State();
  const latest = files.snapshots[files.snapshots.length - 1];
  let snapshot: Recovered['snapshot'];
  if (latest) {
    const loaded = await readSnapshot(dir, latest.name);
    if (loaded.rv !== latest.rv) {
      throw new StoreCorruptionError(join(dir, latest.name), 0, `the snapshot holds resource version ${loaded.rv}, its name says ${latest.rv}`);
    }
    for (const entry of loaded.entries) state.put(entry);
    snapshot = { name: latest.name, rv: loaded.rv, bytes: loaded.bytes };
  }
  const start: ReplayStart = { state, rv: snapshot?.rv ?? INITIAL_RV, snapshot: snapshot?.name };
  const replay = await replayLog(dir, files.segments, start, checkpoint.state === 'ok' ? checkpoint.checkpoint : undefined, opts);
  if (replay.damage) throw replay.damage.error;
  if (replay.torn !== undefined) {
    const { file, offset, bytes, reason } = replay.torn;
    const why = checkpoint.state === 'ok'
      ? `the log still holds resource version ${checkpoint.checkpoint.rv}, the last one acknowledged (${CHECKPOINT_FILE})`
      : 'told by its shape; this store has no checkpoint yet';
    opts.logger(`${file}: dropped a torn last record at offset ${offset} (${reason}; ${bytes} bytes); it was never acknowledged: ${why}`);
    await truncate(file, offset);
  }
  if (checkpoint.state === 'absent' && (files.segments.length > 0 || files.snapshots.length > 0)) {
    opts.logger(`${dir}: no ${CHECKPOINT_FILE} (a store written by an older version): the end of the log could not be checked against it this time; it is written from now on`);
  }
  return { state, history: replay.history, rv: replay.rv, snapshot, liveSegments: [...replay.segments], logBytes: replay.logBytes, checkpoint };
}

/**
 * The segments that hold records after `rv`: a segment is needed unless the next one starts at or
 * before `rv` (then it holds nothing newer).
 */
export function segmentsAfter<S extends { base: number }>(segments: readonly S[], rv: number): S[] {
  return segments.filter((_segment, i) => {
    const next = segments[i + 1];
    return next === undefined || next.base > rv;
  });
}

/**
 * Replays the segments after `start` into `start.state` and checks them (see the module
 * comment). Damage stops the replay: `damage` says what and where, and `rv` is the resource
 * version of the consistent data before it (the state may hold part of the damaged frame).
 * Changes nothing on disk.
 */
export async function replayLog(
  dir: string,
  allSegments: readonly { name: string; base: number }[],
  start: ReplayStart,
  checkpoint: Checkpoint | undefined,
  opts: RecoveryOptions,
): Promise<LogReplay> {
  const { state } = start;
  const snapshotRV = start.rv;
  let rv = start.rv;
  const history = new History(rv);
  const segments = segmentsAfter(allSegments, rv);
  const read: SegmentRead[] = [];
  let logBytes = 0;
  let torn: TornTail | undefined;
  const stop = (file: string, offset: number, detail: string, cut: Damage['cut']): LogReplay => ({
    history, rv, segments, read, logBytes, torn: undefined, damage: { error: new StoreCorruptionError(file, offset, detail), cut },
  });
  const whatFollows = start.snapshot === undefined ? '' : ` (the writes after snapshot ${start.snapshot})`;

  if (segments.length === 0 && start.snapshot !== undefined && checkpoint === undefined) {
    // Compaction starts the segment that continues from a snapshot before it writes the snapshot.
    return stop(join(dir, segmentName(rv)), 0, `missing: the log segment with the records after resource version ${rv}${whatFollows} is gone, and no other holds them`, undefined);
  }
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as (typeof segments)[number];
    const file = join(dir, segment.name);
    const isLast = i === segments.length - 1;
    const previous = read[read.length - 1];
    if (segment.base > rv) {
      const missing = missingRecords(rv + 1, segment.base);
      if (previous === undefined) {
        return stop(join(dir, segmentName(rv)), 0, `missing: the log segment with the records after resource version ${rv}${whatFollows} is gone; the first one left, ${segment.name}, starts after ${segment.base}: ${missing}`, undefined);
      }
      return stop(previous.file, previous.validBytes, `the segment ends here at resource version ${rv}, but the next one, ${segment.name}, starts after ${segment.base}: ${missing}`, { segment: i - 1, offset: previous.validBytes });
    }
    const data = await readFile(file);
    const frames = readFrames(data);
    let first = true;
    for (const frame of frames.frames) {
      const cut = { segment: i, offset: frame.offset };
      const batch = decodeBatch(frame.payload);
      if (typeof batch === 'string') return stop(file, frame.offset, batch, cut);
      // The whole frame is checked before any of it is applied: a frame is one group commit.
      let expected = rv + 1;
      for (const record of batch.records) {
        if (first) {
          first = false;
          if (record.rv !== segment.base + 1) {
            return stop(file, frame.offset, `the segment's name says its records follow resource version ${segment.base}, but its first record has ${record.rv}`, cut);
          }
        }
        if (expected === snapshotRV + 1 && record.rv <= snapshotRV) continue; // already in the snapshot
        if (record.rv !== expected) return stop(file, frame.offset, `expected resource version ${expected}, found ${record.rv}`, cut);
        expected++;
      }
      const frameRV = rv;
      // The records' own sizes are not kept; their share of the frame is close enough for the byte bound.
      const bytes = Math.ceil(frame.payload.length / Math.max(1, batch.records.length));
      for (const record of batch.records) {
        if (record.rv <= rv) continue;
        const prev = state.get(record.bucket, record.key);
        if (record.op === 'put') {
          const entry = makeStampedEntry(record.bucket, record.key, record.value, record.rv);
          state.put(entry);
          history.push(makeChange(false, entry, prev, batch.time, bytes));
        } else {
          if (!prev) {
            rv = frameRV;
            return stop(file, frame.offset, `delete of missing key ${record.bucket} ${record.key}`, cut);
          }
          state.remove(record.bucket, record.key);
          history.push(makeChange(true, makeTombstone(prev, record.rv), prev, batch.time, bytes));
        }
        rv = record.rv;
      }
      history.trim(opts.now(), opts.historyWindowMs, opts.historyMaxEvents, opts.historyMaxBytes);
    }
    const { validBytes } = frames;
    const current: SegmentRead = { name: segment.name, base: segment.base, file, size: data.length, validBytes };
    read.push(current);
    logBytes += validBytes;
    const cut = { segment: i, offset: validBytes };
    if (frames.stop !== undefined) {
      const { reason, tornTail } = frames.stop;
      if (!isLast) return stop(file, validBytes, `${reason} (not an interrupted append: the segment is not the last)`, cut);
      const later = findFrameAfter(data, validBytes);
      if (later !== undefined) return stop(file, validBytes, `${reason}, with whole records after it at offset ${later}: damage, not an interrupted append`, cut);
      if (checkpoint === undefined && !tornTail) return stop(file, validBytes, reason, cut);
      torn = { file, offset: validBytes, bytes: data.length - validBytes, reason };
    }
    const next = segments[i + 1];
    if (next !== undefined && rv > next.base) {
      return stop(join(dir, next.name), 0, `the segment's name says its records follow resource version ${next.base}, but the one before it already reaches ${rv}`, cut);
    }
  }
  if (checkpoint !== undefined && rv < checkpoint.rv) {
    const last = read[read.length - 1];
    const lost = `the log ends at resource version ${rv}, but resource version ${checkpoint.rv} was acknowledged (${CHECKPOINT_FILE}): ${missingRecords(rv + 1, checkpoint.rv)}`;
    if (last === undefined || checkpoint.segment > last.base) {
      const held = `it held records up to resource version ${checkpoint.rv} (${checkpoint.size} bytes)`;
      return stop(join(dir, segmentName(checkpoint.segment)), 0, `missing: ${held}; ${lost}`, last === undefined ? undefined : { segment: read.length - 1, offset: last.validBytes });
    }
    const cutOff = torn === undefined ? '' : ` (${torn.bytes} bytes of a cut-off record follow)`;
    const held = checkpoint.segment === last.base && last.size < checkpoint.size ? `; the segment held ${checkpoint.size} bytes, ${last.size} are left` : '';
    const ends = `the log's whole records end here, at resource version ${rv}${cutOff}, but resource version ${checkpoint.rv} was acknowledged (${CHECKPOINT_FILE}): ${missingRecords(rv + 1, checkpoint.rv)}`;
    return stop(last.file, last.validBytes, `${ends}${held}`, { segment: read.length - 1, offset: last.validBytes });
  }
  return { history, rv, segments, read, logBytes, torn, damage: undefined };
}

/** `records 5-9 are missing`, `record 5 is missing`. */
function missingRecords(from: number, to: number): string {
  return from === to ? `record ${from} is missing` : `records ${from}-${to} are missing`;
}

async function truncate(file: string, length: number): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.truncate(length);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
