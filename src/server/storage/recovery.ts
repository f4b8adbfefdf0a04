/**
 * Start-up recovery: the latest snapshot, then the log segments after it, replayed in order into
 * the state and the history. A torn last frame of the last segment is dropped with a warning and
 * cut off the file; any other damage, or a gap in resource versions, is a StoreCorruptionError
 * naming the file and offset.
 */
import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeChange, makeStampedEntry, makeTombstone } from './changes.js';
import { INITIAL_RV } from './defaults.js';
import { StoreCorruptionError } from './errors.js';
import type { DataFiles } from './files.js';
import { scanFrames } from './frame.js';
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
}

export async function recover(dir: string, files: DataFiles, opts: RecoveryOptions): Promise<Recovered> {
  const state = new State();
  let rv = INITIAL_RV;
  const latest = files.snapshots[files.snapshots.length - 1];
  let snapshot: Recovered['snapshot'];
  if (latest) {
    const loaded = await readSnapshot(dir, latest.name);
    if (loaded.rv !== latest.rv) {
      throw new StoreCorruptionError(join(dir, latest.name), 0, `snapshot holds rv ${loaded.rv}, its name says ${latest.rv}`);
    }
    for (const entry of loaded.entries) state.put(entry);
    rv = loaded.rv;
    snapshot = { name: latest.name, rv: loaded.rv, bytes: loaded.bytes };
  }
  const snapshotRV = rv;
  const history = new History(rv);
  // A segment is needed unless the next one starts at or before the snapshot (then it holds nothing newer).
  const liveSegments = files.segments.filter((_segment, i) => {
    const next = files.segments[i + 1];
    return next === undefined || next.base > rv;
  });
  let logBytes = 0;
  for (let i = 0; i < liveSegments.length; i++) {
    const segment = liveSegments[i] as (typeof liveSegments)[number];
    const file = join(dir, segment.name);
    const isLast = i === liveSegments.length - 1;
    const data = await readFile(file);
    const scan = scanFrames(data, file, isLast);
    for (const frame of scan.frames) {
      const batch = decodeBatch(frame.payload);
      if (typeof batch === 'string') throw new StoreCorruptionError(file, frame.offset, batch);
      // The records' own sizes are not kept; their share of the frame is close enough for the byte bound.
      const bytes = Math.ceil(frame.payload.length / Math.max(1, batch.records.length));
      for (const record of batch.records) {
        if (rv === snapshotRV && record.rv <= snapshotRV) continue; // already in the snapshot
        if (record.rv !== rv + 1) {
          throw new StoreCorruptionError(file, frame.offset, `expected resource version ${rv + 1}, found ${record.rv}`);
        }
        const prev = state.get(record.bucket, record.key);
        if (record.op === 'put') {
          const entry = makeStampedEntry(record.bucket, record.key, record.value, record.rv);
          state.put(entry);
          history.push(makeChange(false, entry, prev, batch.time, bytes));
        } else {
          if (!prev) throw new StoreCorruptionError(file, frame.offset, `delete of missing key ${record.bucket} ${record.key}`);
          state.remove(record.bucket, record.key);
          history.push(makeChange(true, makeTombstone(prev, record.rv), prev, batch.time, bytes));
        }
        rv = record.rv;
      }
      history.trim(opts.now(), opts.historyWindowMs, opts.historyMaxEvents, opts.historyMaxBytes);
    }
    if (scan.torn !== undefined) {
      const dropped = data.length - scan.validBytes;
      opts.logger(`${file}: dropped a torn last record at offset ${scan.validBytes} (${scan.torn}; ${dropped} bytes); it was never acknowledged`);
      await truncate(file, scan.validBytes);
    }
    logBytes += scan.validBytes;
  }
  return { state, history, rv, snapshot, liveSegments, logBytes };
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
