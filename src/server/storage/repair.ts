/**
 * Repair of a damaged data directory (what `platformctl local repair` runs): a plan that says
 * exactly what would be dropped (files, byte ranges, the resource versions lost and how many
 * records), made without changing anything, and its application, which moves the dropped parts
 * aside instead of deleting them and leaves a store that opens.
 *
 * The plan keeps the longest consistent beginning of the data: the newest snapshot that reads
 * back whole, then the log segments after it up to the first damage that recovery would refuse
 * (recovery.ts). Everything after that point is dropped, even whole records in later segments: a
 * store cannot apply writes after a gap. Since every write takes the next resource version, the
 * versions lost are exactly the writes lost.
 *
 * Callers hold the data directory's lock (files.ts `acquireLock`) from the plan to its application.
 */
import { copyFile, mkdir, open, readFile, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CHECKPOINT_FILE, CheckpointFile, readCheckpoint } from './checkpoint.js';
import type { Checkpoint } from './checkpoint.js';
import { INITIAL_RV } from './defaults.js';
import { StoreCorruptionError } from './errors.js';
import { classify, createSyncedFile, fsyncDir, isErrno, segmentName, syncFile } from './files.js';
import { findFrameAfter, readFrames } from './frame.js';
import { decodeBatch } from './log-records.js';
import { replayLog } from './recovery.js';
import type { TornTail } from './recovery.js';
import { readSnapshot } from './snapshot.js';
import { State } from './state.js';

/** One thing the repair drops. */
export interface RepairDrop {
  /** File name in the data directory. */
  readonly name: string;
  /**
   * `file`: the whole file is moved aside. `tail`: the bytes from `from` to `to` (the file's end)
   * are cut off; the whole file is copied aside first. `gone`: bytes `from` to `to` the checkpoint
   * says the file held are no longer there (nothing to move). `missing`: the file itself is gone.
   */
  readonly kind: 'file' | 'tail' | 'gone' | 'missing';
  readonly from: number;
  readonly to: number;
  /** Whole records still readable in the dropped bytes. */
  readonly records: number;
  readonly why: string;
}

/** What a repair would do. */
export interface RepairPlan {
  readonly dir: string;
  /** The first damage (what start-up refuses with); undefined when the data is consistent. */
  readonly damage: StoreCorruptionError | undefined;
  /** A torn tail that start-up drops by itself (never acknowledged), when there is no damage before it. */
  readonly torn: TornTail | undefined;
  /** The resource version the store has after the repair. */
  readonly keptRV: number;
  /** The last acknowledged resource version a valid checkpoint records; undefined without one. */
  readonly acknowledgedRV: number | undefined;
  /**
   * Resource versions lost, and how many of their records are still readable in what is moved
   * aside. Without a checkpoint, only what the dropped files show is known: a lower bound.
   */
  readonly lost: { readonly from: number; readonly to: number; readonly readable: number } | undefined;
  readonly drops: readonly RepairDrop[];
  /** An empty segment the repair creates so that the log continues from the kept data. */
  readonly newSegment: string | undefined;
  /** The checkpoint the repair writes, when it writes one. */
  readonly checkpoint: Checkpoint | undefined;
}

/** True when the plan changes something. */
export function needsRepair(plan: RepairPlan): boolean {
  return plan.drops.length > 0 || plan.newSegment !== undefined || plan.checkpoint !== undefined;
}

/** Replay here only checks the log; its history is never served, so none is kept. */
const REPLAY_OPTIONS = { now: Date.now, historyWindowMs: 0, historyMaxEvents: 0, historyMaxBytes: 0, logger: () => undefined };

/** Works out what repairing `dir` drops; changes nothing. */
export async function planRepair(dir: string): Promise<RepairPlan> {
  const files = classify(await readdir(dir));
  const drops: RepairDrop[] = [];
  let maxLostRV = 0;
  let firstDamage: StoreCorruptionError | undefined;

  const read = await readCheckpoint(dir);
  const checkpoint = read.state === 'ok' ? read.checkpoint : undefined;
  if (read.state === 'damaged') {
    drops.push({ name: CHECKPOINT_FILE, kind: 'file', from: 0, to: (await sizeOf(read.file)) ?? 0, records: 0, why: `${read.reason}; it is written anew` });
    firstDamage = new StoreCorruptionError(read.file, read.offset, read.reason);
  }
  if (checkpoint !== undefined) maxLostRV = checkpoint.rv;

  // The newest snapshot that reads back whole; newer damaged ones are dropped.
  let state = new State();
  let startRV = INITIAL_RV;
  let snapshotName: string | undefined;
  for (let i = files.snapshots.length - 1; i >= 0; i--) {
    const candidate = files.snapshots[i] as (typeof files.snapshots)[number];
    try {
      const loaded = await readSnapshot(dir, candidate.name);
      if (loaded.rv !== candidate.rv) {
        throw new StoreCorruptionError(join(dir, candidate.name), 0, `the snapshot holds resource version ${loaded.rv}, its name says ${candidate.rv}`);
      }
      state = new State();
      for (const entry of loaded.entries) state.put(entry);
      startRV = loaded.rv;
      snapshotName = candidate.name;
      break;
    } catch (err) {
      if (!(err instanceof StoreCorruptionError)) throw err;
      drops.push({ name: candidate.name, kind: 'file', from: 0, to: (await sizeOf(join(dir, candidate.name))) ?? 0, records: 0, why: `damaged snapshot: ${err.detail}` });
      maxLostRV = Math.max(maxLostRV, candidate.rv);
      firstDamage ??= err;
    }
  }

  const replay = await replayLog(dir, files.segments, { state, rv: startRV, snapshot: snapshotName }, checkpoint, REPLAY_OPTIONS);
  const keptRV = replay.rv;
  let readable = 0;
  let lastKept: { name: string; base: number; size: number } | undefined;
  if (replay.damage === undefined) {
    const last = replay.read[replay.read.length - 1];
    if (last !== undefined) lastKept = { name: last.name, base: last.base, size: last.validBytes };
  } else {
    firstDamage ??= replay.damage.error;
    const cut = replay.damage.cut;
    const keptCount = cut === undefined ? 0 : cut.segment + 1;
    if (cut !== undefined) {
      const segment = replay.segments[cut.segment] as (typeof replay.segments)[number];
      const data = await readFile(join(dir, segment.name));
      lastKept = { name: segment.name, base: segment.base, size: cut.offset };
      if (cut.offset < data.length) {
        const found = recordsIn(data, cut.offset);
        readable += found.records;
        maxLostRV = Math.max(maxLostRV, found.maxRV);
        drops.push({ name: segment.name, kind: 'tail', from: cut.offset, to: data.length, records: found.records, why: 'from the damage to the end of the file' });
      }
    }
    for (const segment of replay.segments.slice(keptCount)) {
      const data = await readFile(join(dir, segment.name));
      const found = recordsIn(data, 0);
      readable += found.records;
      maxLostRV = Math.max(maxLostRV, found.maxRV, segment.base);
      drops.push({ name: segment.name, kind: 'file', from: 0, to: data.length, records: found.records, why: 'after the damage' });
    }
  }
  // What the checkpoint says the log held and is not there at all.
  if (checkpoint !== undefined && checkpoint.rv > keptRV) {
    const name = segmentName(checkpoint.segment);
    const size = await sizeOf(join(dir, name));
    if (size === undefined) {
      drops.push({ name, kind: 'missing', from: 0, to: checkpoint.size, records: 0, why: `${CHECKPOINT_FILE} says it held records up to resource version ${checkpoint.rv}` });
    } else if (size < checkpoint.size) {
      drops.push({ name, kind: 'gone', from: size, to: checkpoint.size, records: 0, why: `${CHECKPOINT_FILE} says the segment held ${checkpoint.size} bytes` });
    }
  }
  // A snapshot with no segment after it reads as damage at start-up; give the log a place to go on.
  const newSegment = lastKept === undefined && (snapshotName !== undefined || drops.length > 0) ? segmentName(keptRV) : undefined;
  // An intact store without a checkpoint (written by an older version) gets one at its next start.
  const changes = drops.length > 0 || newSegment !== undefined || firstDamage !== undefined;
  const newCheckpoint = changes
    ? { rv: keptRV, segment: lastKept?.base ?? keptRV, size: lastKept?.size ?? 0 }
    : undefined;
  const lost = maxLostRV > keptRV ? { from: keptRV + 1, to: maxLostRV, readable } : undefined;
  return {
    dir,
    damage: firstDamage,
    torn: firstDamage === undefined ? replay.torn : undefined,
    keptRV,
    acknowledgedRV: checkpoint?.rv,
    lost,
    drops,
    newSegment,
    checkpoint: newCheckpoint,
  };
}

/**
 * Applies `plan`: moves dropped files into `asideDir` (created; on the same file system, so the
 * moves are renames), copies a file whose tail is cut there before cutting it, writes `note` there
 * as REPAIR.txt, creates the new segment and writes the checkpoint. Every change is synced.
 */
export async function applyRepair(plan: RepairPlan, asideDir: string, note: string): Promise<void> {
  const { dir } = plan;
  await mkdir(asideDir, { recursive: true, mode: 0o700 });
  await writeFile(join(asideDir, 'REPAIR.txt'), note, { mode: 0o600 });
  for (const drop of plan.drops) {
    const path = join(dir, drop.name);
    if (drop.kind === 'file') {
      await rename(path, join(asideDir, drop.name));
    } else if (drop.kind === 'tail') {
      await copyFile(path, join(asideDir, drop.name));
      await syncFile(join(asideDir, drop.name));
      const handle = await open(path, 'r+');
      try {
        await handle.truncate(drop.from);
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
  }
  await fsyncDir(asideDir);
  if (plan.newSegment !== undefined) await createSyncedFile(join(dir, plan.newSegment));
  await fsyncDir(dir);
  if (plan.checkpoint !== undefined) {
    const file = await CheckpointFile.create(dir, plan.checkpoint, () => undefined);
    await file.close();
  }
}

/** Whole records readable in `data` from `from` on, skipping over damaged bytes; and the highest rv among them. */
function recordsIn(data: Buffer, from: number): { records: number; maxRV: number } {
  let records = 0;
  let maxRV = 0;
  let offset: number | undefined = from;
  while (offset !== undefined && offset < data.length) {
    const read = readFrames(data.subarray(offset));
    for (const frame of read.frames) {
      const batch = decodeBatch(frame.payload);
      if (typeof batch === 'string') continue;
      records += batch.records.length;
      for (const record of batch.records) maxRV = Math.max(maxRV, record.rv);
    }
    if (read.stop === undefined) break;
    const next = findFrameAfter(data, offset + read.validBytes);
    offset = next;
  }
  return { records, maxRV };
}

async function sizeOf(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).size;
  } catch (err) {
    if (isErrno(err, 'ENOENT')) return undefined;
    throw err;
  }
}
