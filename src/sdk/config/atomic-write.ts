/**
 * Atomic file replacement: write a temporary file next to the target, fsync it, rename it over
 * the target. Readers see the old content or the new one, never a mix; a failed write leaves the
 * old file untouched and no temporary file behind.
 *
 * The steps are synchronous system calls: a config file is small, and a dozen thread-pool round
 * trips (~0.1-0.2 ms each) were most of what `config use-context` cost.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, realpathSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
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
function finalTarget(file: string): string {
  try {
    return realpathSync(file);
  } catch (err) {
    if (isNotFound(err)) return file;
    throw err;
  }
}

/** Flushes a directory's entries (the rename); not every platform lets a directory be opened, so best effort. */
function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Best effort.
  } finally {
    if (fd !== undefined) closeSync(fd);
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
    target = finalTarget(file);
    const dir = path.dirname(target);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    temp = path.join(dir, `.${path.basename(target)}.tmp-${uniqueSuffix()}`);
    const fd = openSync(temp, 'wx', options.mode ?? 0o600);
    try {
      writeFileSync(fd, data, 'utf8');
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    await options.beforeRename?.(temp);
    renameSync(temp, target);
    temp = undefined;
    syncDirectory(dir);
  } catch (err) {
    if (temp !== undefined) {
      try {
        unlinkSync(temp);
      } catch {
        // Already gone.
      }
    }
    if (err instanceof ConfigError) throw err;
    throw new ConfigError(`error writing config file "${file}": ${goPathError('open', target, err)}`, { file, cause: err });
  }
}
