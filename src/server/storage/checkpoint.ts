/**
 * The checkpoint: a small file (`CHECKPOINT`) that says how far the log reached when it was last
 * written: the resource version of the newest acknowledged write, and the segment and size that
 * held it. Recovery checks the log against it, so that a log cut short after the fact (a
 * truncated, emptied or deleted segment, segments missing after the snapshot) is refused instead
 * of passing for a crash in the middle of an append.
 *
 * Cost: the journal records each batch here after the batch's own fsync and before the writes are
 * acknowledged, with one small in-place write and no fsync of its own. That write reaches the page
 * cache, which a killed process cannot lose, so after a crash of the server the checkpoint names
 * every acknowledged write. The file itself is fsynced when it is created, at every new segment,
 * at close, and in the background at most every {@link SYNC_DELAY_MS}: after a power loss it may
 * be a little behind (it never names more than the log held, since each record follows the log's
 * fsync), which only makes the check weaker for those last writes, never wrong.
 *
 * Layout: two slots of {@link SLOT_BYTES} bytes, each holding one frame (see frame.ts) of
 * `{"format","version","seq","rv","segment","size"}`. Records go to the slots in turn, so a write
 * torn by a power loss damages at most one slot; the valid slot with the higher `seq` wins.
 */
import { writeSync } from 'node:fs';
import { open, readFile, rename, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { TEMP_SUFFIX, fsyncDir, isErrno } from './files.js';
import { encodeTextFrame, readFrames } from './frame.js';

export const CHECKPOINT_FILE = 'CHECKPOINT';
const FORMAT = 'platformctl-store-checkpoint';
const VERSION = 1;
/** A slot per sector: a torn sector write cannot reach the other slot. */
const SLOT_BYTES = 512;
const SYNC_DELAY_MS = 1000;

/** What the log held when the checkpoint was written. */
export interface Checkpoint {
  /** The resource version of the newest acknowledged write (or of the snapshot, before any). */
  readonly rv: number;
  /** Base of the segment the log was appended to. */
  readonly segment: number;
  /** Bytes of that segment. */
  readonly size: number;
}

export type CheckpointRead =
  | { readonly state: 'absent' }
  | { readonly state: 'ok'; readonly checkpoint: Checkpoint; readonly seq: number }
  | { readonly state: 'damaged'; readonly file: string; readonly offset: number; readonly reason: string };

/** Reads the checkpoint of `dir`. */
export async function readCheckpoint(dir: string): Promise<CheckpointRead> {
  const file = join(dir, CHECKPOINT_FILE);
  let data: Buffer;
  try {
    data = await readFile(file);
  } catch (err) {
    if (isErrno(err, 'ENOENT')) return { state: 'absent' };
    throw err;
  }
  let best: { checkpoint: Checkpoint; seq: number } | undefined;
  for (let slot = 0; slot < 2; slot++) {
    const parsed = parseSlot(data.subarray(slot * SLOT_BYTES, (slot + 1) * SLOT_BYTES));
    if (parsed !== undefined && (best === undefined || parsed.seq > best.seq)) best = parsed;
  }
  if (best === undefined) {
    const reason = data.length < SLOT_BYTES ? `${data.length} bytes, too short to hold a checkpoint` : 'neither copy of the checkpoint is valid';
    return { state: 'damaged', file, offset: 0, reason };
  }
  return { state: 'ok', ...best };
}

function parseSlot(slot: Buffer): { checkpoint: Checkpoint; seq: number } | undefined {
  const first = readFrames(slot).frames[0];
  if (first === undefined || first.offset !== 0) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(first.payload.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  const { seq, rv, segment, size } = v;
  if (v['format'] !== FORMAT || v['version'] !== VERSION) return undefined;
  if (![seq, rv, segment, size].every((n) => Number.isSafeInteger(n) && (n as number) >= 0)) return undefined;
  return { checkpoint: { rv: rv as number, segment: segment as number, size: size as number }, seq: seq as number };
}

function encodeSlot(checkpoint: Checkpoint, seq: number): Buffer {
  const { rv, segment, size } = checkpoint;
  return encodeTextFrame(JSON.stringify({ format: FORMAT, version: VERSION, seq, rv, segment, size }));
}

/** The open checkpoint file of a running journal. */
export class CheckpointFile {
  private syncTimer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> | undefined;
  private dirty = false;
  private failed = false;
  private closed = false;

  private constructor(
    private readonly handle: FileHandle,
    private seq: number,
    private readonly logger: (line: string) => void,
  ) {}

  /**
   * Writes a new checkpoint file holding `checkpoint` (both slots), durably: a temp file, synced,
   * renamed over any old one, and the directory synced. Returns it open for {@link record}.
   */
  static async create(dir: string, checkpoint: Checkpoint, logger: (line: string) => void, seq = 0): Promise<CheckpointFile> {
    const path = join(dir, CHECKPOINT_FILE);
    const temp = path + TEMP_SUFFIX;
    const image = Buffer.alloc(2 * SLOT_BYTES);
    // Each record goes to the slot of its seq's parity, as in record().
    encodeSlot(checkpoint, seq).copy(image, (seq % 2) * SLOT_BYTES);
    encodeSlot(checkpoint, seq + 1).copy(image, ((seq + 1) % 2) * SLOT_BYTES);
    const out = await open(temp, 'w', 0o600);
    try {
      await out.writeFile(image);
      await out.sync();
    } finally {
      await out.close();
    }
    try {
      await rename(temp, path);
      await fsyncDir(dir);
    } catch (err) {
      await unlink(temp).catch(() => undefined);
      throw err;
    }
    const handle = await open(path, 'r+');
    return new CheckpointFile(handle, seq + 1, logger);
  }

  /**
   * Records `checkpoint` in the older slot: a write to the page cache, synchronous so that it is
   * done before the writes it covers are acknowledged (a few microseconds), and no fsync (see the
   * module comment). A failure is logged once and leaves the older record in place, which stays
   * true: the checkpoint is a lower bound of what the log holds.
   */
  record(checkpoint: Checkpoint): void {
    if (this.failed || this.closed) return;
    const seq = this.seq + 1;
    const slot = encodeSlot(checkpoint, seq);
    try {
      writeSync(this.handle.fd, slot, 0, slot.length, (seq % 2) * SLOT_BYTES);
    } catch (err) {
      this.failed = true;
      this.logger(`store checkpoint could not be written (start-up checks of the log are weaker until the next start): ${describe(err)}`);
      return;
    }
    this.seq = seq;
    this.dirty = true;
    this.syncTimer ??= setTimeout(() => {
      this.syncTimer = undefined;
      void this.sync();
    }, SYNC_DELAY_MS).unref();
  }

  /** Makes the records so far durable. */
  async sync(): Promise<void> {
    await this.syncing;
    if (!this.dirty || this.failed) return;
    this.dirty = false;
    this.syncing = this.handle.datasync().catch((err: unknown) => {
      this.dirty = true;
      this.logger(`store checkpoint could not be synced: ${describe(err)}`);
    });
    await this.syncing;
    this.syncing = undefined;
  }

  /** Syncs and closes the file. */
  async close(): Promise<void> {
    if (this.closed) return;
    clearTimeout(this.syncTimer);
    this.syncTimer = undefined;
    this.closed = true;
    try {
      await this.sync();
    } finally {
      await this.handle.close();
    }
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
