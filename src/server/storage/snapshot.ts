/**
 * Snapshot files: the whole state at one resource version, framed like the log:
 * a header `{"format","version","rv","count"}`, frames of entries `[[bucket, key, rv, value], ...]`,
 * and a trailer `{"end": true, "count"}`. Written to a temp file, synced, renamed into place and
 * the directory synced, so a snapshot file is either absent or complete.
 */
import { open, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { makeStampedEntry } from './changes.js';
import { StoreCorruptionError } from './errors.js';
import { TEMP_SUFFIX, fsyncDir, snapshotName } from './files.js';
import { encodeTextFrame, scanFrames } from './frame.js';
import type { StateCapture } from './journal.js';
import type { StoredEntry } from './types.js';
import { readJson, writeJson } from '../../machinery/json-numbers.js';
import { isJsonObject } from '../../machinery/json/values.js';

const FORMAT = 'platformctl-store-snapshot';
const VERSION = 1;
/** Entries are serialised in chunks of about this many bytes, yielding to the event loop between them. */
const CHUNK_BYTES = 256 * 1024;

/**
 * Writes the snapshot of `capture` into `dir` and returns its size. Checks `signal` between
 * chunks (the temp file is removed when aborted or on error).
 */
export async function writeSnapshot(dir: string, capture: StateCapture, signal: AbortSignal): Promise<number> {
  const finalPath = join(dir, snapshotName(capture.rv));
  const tempPath = finalPath + TEMP_SUFFIX;
  const handle = await open(tempPath, 'w', 0o600);
  let size = 0;
  try {
    const write = async (text: string): Promise<void> => {
      const frame = encodeTextFrame(text);
      let written = 0;
      while (written < frame.length) {
        written += (await handle.write(frame, written, frame.length - written, null)).bytesWritten;
      }
      size += frame.length;
    };
    const count = capture.entries.length;
    await write(JSON.stringify({ format: FORMAT, version: VERSION, rv: capture.rv, count }));
    let parts: string[] = [];
    let bytes = 0;
    for (const entry of capture.entries) {
      const part = writeJson([entry.bucket, entry.key, entry.rv, entry.value]);
      parts.push(part);
      bytes += part.length;
      if (bytes >= CHUNK_BYTES) {
        signal.throwIfAborted();
        await write(`[${parts.join(',')}]`);
        parts = [];
        bytes = 0;
      }
    }
    if (parts.length > 0) await write(`[${parts.join(',')}]`);
    await write(JSON.stringify({ end: true, count }));
    signal.throwIfAborted();
    await handle.sync();
    await handle.close();
  } catch (err) {
    await handle.close().catch(() => undefined);
    await unlink(tempPath).catch(() => undefined);
    throw err;
  }
  await rename(tempPath, finalPath);
  await fsyncDir(dir);
  return size;
}

/** A loaded snapshot. */
export interface LoadedSnapshot {
  readonly rv: number;
  readonly entries: StoredEntry[];
  readonly bytes: number;
}

/** Reads and verifies a snapshot file; any damage is a StoreCorruptionError. */
export async function readSnapshot(dir: string, name: string): Promise<LoadedSnapshot> {
  const data = await readFile(join(dir, name));
  const file = join(dir, name);
  const { frames } = scanFrames(data, file, false);
  const corrupt = (offset: number, detail: string): StoreCorruptionError => new StoreCorruptionError(file, offset, detail);
  const header = frames[0];
  const trailer = frames[frames.length - 1];
  if (!header || !trailer || frames.length < 2) throw corrupt(data.length, 'snapshot is missing its header or trailer');
  const head = parseJson(header.payload);
  if (!isJsonObject(head) || head['format'] !== FORMAT || head['version'] !== VERSION || !Number.isSafeInteger(head['rv'])) {
    throw corrupt(header.offset, 'not a snapshot header of a supported version');
  }
  const rv = head['rv'] as number;
  const entries: StoredEntry[] = [];
  for (let i = 1; i < frames.length - 1; i++) {
    const frame = frames[i] as (typeof frames)[number];
    const chunk = parseJson(frame.payload);
    if (!Array.isArray(chunk)) throw corrupt(frame.offset, 'snapshot chunk is not an array');
    for (const item of chunk as unknown[]) {
      if (!Array.isArray(item) || item.length !== 4) throw corrupt(frame.offset, 'malformed snapshot entry');
      const [bucket, key, entryRV, value] = item as unknown[];
      if (typeof bucket !== 'string' || typeof key !== 'string' || !Number.isSafeInteger(entryRV) || !isJsonObject(value)) {
        throw corrupt(frame.offset, 'malformed snapshot entry');
      }
      entries.push(makeStampedEntry(bucket, key, value, entryRV as number));
    }
  }
  const tail = parseJson(trailer.payload);
  if (!isJsonObject(tail) || tail['end'] !== true || tail['count'] !== entries.length || head['count'] !== entries.length) {
    throw corrupt(trailer.offset, 'snapshot trailer missing or entry count mismatch');
  }
  return { rv, entries, bytes: data.length };
}

function parseJson(payload: Buffer): unknown {
  try {
    return readJson(payload.toString('utf8'));
  } catch {
    return undefined;
  }
}
