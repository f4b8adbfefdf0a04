/** Appends frames to one log segment; every append is written in full and fdatasync'ed. */
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { fsyncDir, segmentName } from './files.js';

export class SegmentWriter {
  private constructor(
    private readonly handle: FileHandle,
    /** Records in this segment have rv greater than this. */
    readonly base: number,
    /** Bytes in the segment. */
    public size: number,
  ) {}

  /** Opens (creating if needed) the segment with this base for appending; its directory entry is made durable. */
  static async open(dir: string, base: number): Promise<SegmentWriter> {
    const handle = await open(join(dir, segmentName(base)), 'a', 0o600);
    try {
      const { size } = await handle.stat();
      await handle.sync();
      await fsyncDir(dir);
      return new SegmentWriter(handle, base, size);
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  /** Writes `frame` at the end and syncs the data; resolves when durable. */
  async append(frame: Buffer): Promise<void> {
    let written = 0;
    while (written < frame.length) {
      const { bytesWritten } = await this.handle.write(frame, written, frame.length - written, null);
      written += bytesWritten;
    }
    this.size += frame.length;
    await this.handle.datasync();
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}
