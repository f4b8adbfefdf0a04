/** Appends frames to one log segment; every append is written in full and fdatasync'ed. */
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { LogAppendError } from './errors.js';
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

  /**
   * Writes `frame` at the end and syncs the data; resolves when durable. On failure the segment is
   * cut back to its previous end so that it still ends with a whole frame, and a LogAppendError
   * says whether that worked.
   */
  async append(frame: Buffer): Promise<void> {
    try {
      let written = 0;
      while (written < frame.length) {
        const { bytesWritten } = await this.handle.write(frame, written, frame.length - written, null);
        written += bytesWritten;
      }
      await this.handle.datasync();
    } catch (err) {
      throw new LogAppendError(err, await this.cutBack());
    }
    this.size += frame.length;
  }

  /** Truncates the segment to its last durable size; false when that fails too. */
  private async cutBack(): Promise<boolean> {
    try {
      await this.handle.truncate(this.size);
      await this.handle.datasync();
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}
