/**
 * Atomic file replacement: write a temporary file next to the target, fsync it, rename it over
 * the target. Readers see the old content or the new one, never a mix; a failed write leaves the
 * old file untouched and no temporary file behind.
 */
import { mkdir, open, realpath, rename, unlink } from 'node:fs/promises';
import * as path from 'node:path';
import { ConfigError } from '../errors.js';
import { goPathError, isNotFound } from './fs-errors.js';
import { uniqueSuffix } from './unique.js';

/** Options of {@link writeFileAtomic}. */
export interface AtomicWriteOptions {
  /** Mode of the new file (default 0600: config files hold credentials). */
  mode?: number | undefined;
  /** Test seam: runs after the temporary file is written and before the rename. */
  beforeRename?: ((tempFile: string) => Promise<void>) | undefined;
}

/** Follows a symlinked target, so that the link stays a link and its target gets the new content. */
async function finalTarget(file: string): Promise<string> {
  try {
    return await realpath(file);
  } catch (err) {
    if (isNotFound(err)) return file;
    throw err;
  }
}

/**
 * Replaces `file` with `data` atomically (mode 0600; missing parent directories are created
 * with mode 0700).
 *
 * @throws {@link ConfigError} naming the file when any step fails; the old file is then unchanged.
 */
export async function writeFileAtomic(file: string, data: string, options: AtomicWriteOptions = {}): Promise<void> {
  let target = file;
  let temp: string | undefined;
  try {
    target = await finalTarget(file);
    const dir = path.dirname(target);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    temp = path.join(dir, `.${path.basename(target)}.tmp-${uniqueSuffix()}`);
    const handle = await open(temp, 'wx', options.mode ?? 0o600);
    try {
      await handle.writeFile(data, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await options.beforeRename?.(temp);
    await rename(temp, target);
    temp = undefined;
    // Persist the rename itself; not every platform lets a directory be opened, so best effort.
    const dirHandle = await open(dir, 'r').catch(() => undefined);
    if (dirHandle !== undefined) {
      await dirHandle.sync().catch(() => undefined);
      await dirHandle.close();
    }
  } catch (err) {
    if (temp !== undefined) await unlink(temp).catch(() => undefined);
    if (err instanceof ConfigError) throw err;
    throw new ConfigError(`error writing config file "${file}": ${goPathError('open', target, err)}`, { file, cause: err });
  }
}
