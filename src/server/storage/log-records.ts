/**
 * The log's record format. One frame holds one group-commit batch, so an interrupted append tears
 * at most the last frame, and no acknowledged write shares a frame with an unacknowledged one:
 * `{"t": <commit time ms>, "w": [["p", rv, bucket, key, value] | ["d", rv, bucket, key], ...]}`.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { encodeTextFrame } from './frame.js';
import type { JournalWrite } from './journal.js';
import { readJson, writeJson } from '../../machinery/json-numbers.js';
import { isJsonObject } from '../../machinery/json/values.js';

/** A write read back from the log: a put (value carries its rv) or a delete. */
export type LogRecord =
  | { readonly op: 'put'; readonly rv: number; readonly bucket: string; readonly key: string; readonly value: JsonObject }
  | { readonly op: 'delete'; readonly rv: number; readonly bucket: string; readonly key: string };

export interface LogBatch {
  readonly time: number;
  readonly records: LogRecord[];
}

/**
 * The log text of one write. It is encoded when the write is queued, before it takes a resource
 * version, so a value that cannot be serialized (too deep for the stack, not JSON) fails that one
 * write and nothing else. Throws what `writeJson` throws (integers beyond 2^53 are kept exactly).
 */
export function encodeRecord(deleted: boolean, rv: number, bucket: string, key: string, value: JsonObject): string {
  const head = `${rv},${JSON.stringify(bucket)},${JSON.stringify(key)}`;
  return deleted ? `["d",${head}]` : `["p",${head},${writeJson(value)}]`;
}

/** The frame of one batch (its records were encoded when the writes were queued). */
export function encodeBatch(batch: readonly JournalWrite[], time: number): Buffer {
  const parts = new Array<string>(batch.length);
  for (let i = 0; i < batch.length; i++) parts[i] = (batch[i] as JournalWrite).record;
  return encodeTextFrame(`{"t":${time},"w":[${parts.join(',')}]}`);
}

/** Decodes a frame's payload; returns a description of the problem if it is not a valid batch. */
export function decodeBatch(payload: Buffer): LogBatch | string {
  let parsed: unknown;
  try {
    parsed = readJson(payload.toString('utf8'));
  } catch {
    return 'a frame with a valid checksum holds invalid JSON';
  }
  if (!isJsonObject(parsed) || typeof parsed['t'] !== 'number' || !Array.isArray(parsed['w'])) return 'not a log batch';
  const records: LogRecord[] = [];
  for (const raw of parsed['w'] as unknown[]) {
    if (!Array.isArray(raw)) return 'a log record is not an array';
    const [op, rv, bucket, key, value] = raw as unknown[];
    if (!Number.isSafeInteger(rv) || typeof bucket !== 'string' || typeof key !== 'string') return 'malformed log record';
    if (op === 'p' && raw.length === 5 && isJsonObject(value)) {
      records.push({ op: 'put', rv: rv as number, bucket, key, value });
    } else if (op === 'd' && raw.length === 4) {
      records.push({ op: 'delete', rv: rv as number, bucket, key });
    } else {
      return 'malformed log record';
    }
  }
  return { time: parsed['t'] as number, records };
}
