/**
 * The lock that serializes writers of a config file: the directory `<file>.lock`, holding one
 * owner file (`owner-<nonce>`, content `<pid>\n<host>\n`) whose mtime the owner refreshes as a
 * heartbeat while it holds the lock.
 *
 * Why not proper-lockfile (mkdir + mtime, the usual choice): it reclaims a stale lock with
 * `rmdir` then `mkdir`, so two writers that judge the same lock stale can both win (its open
 * issue #121), which is exactly how config writes were lost. This design cannot do that:
 *
 * - a lock is taken by renaming a prepared directory that already holds the owner file onto
 *   `<file>.lock`: the rename succeeds only when no lock exists or the lock is empty, so a held
 *   lock is never empty;
 * - nobody ever removes a non-empty lock: the owner unlinks its own uniquely named owner file on
 *   release, and a waiter that finds an owner dead (same host, no such pid) or silent (no
 *   heartbeat for `staleMs`) unlinks that owner file by its unique name — which can never be the
 *   owner file of a lock taken later — and only `rmdir`s an empty directory;
 * - before committing a write, the owner checks that its owner file is still there.
 *
 * A lock file of the previous format (a regular file `<file>.lock`) left by an older version is
 * removed when its owner is dead or it is older than `staleMs`; `unlink` cannot remove a
 * directory, so that never touches a lock of this format.
 */
import { lstat, mkdir, readdir, rename, rm, rmdir, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import * as path from 'node:path';
import { readTextFileLimited, type ReadLimit } from '../bounded-read.js';
import { ConfigError } from '../errors.js';
import { errnoCode, goPathError } from './fs-errors.js';
import { uniqueSuffix } from './unique.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Options of `acquireLock`. */
export interface LockOptions {
  /** How long to wait for a busy lock before failing (default 30 s). */
  timeoutMs?: number;
  /**
   * How long an owner may go without a heartbeat before its lock counts as abandoned (default
   * 10 s; the owner refreshes it every quarter of that). An owner that is a dead process on this
   * host is abandoned at once.
   */
  staleMs?: number;
}

/** Releases a lock (idempotent); `assertHeld` checks that nobody broke it meanwhile. */
export interface ReleaseLock {
  (): Promise<void>;
  /** @throws {@link ConfigError} when the lock was judged abandoned and taken away. */
  assertHeld(): Promise<void>;
}

const OWNER_PREFIX = 'owner-';
/** An owner file holds a pid and a host name. */
const OWNER_FILE_LIMIT: ReadLimit = { bytes: 4096, what: 'a lock owner file' };
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_STALE_MS = 10_000;

/** The lock path of `file`. */
export function lockFileName(file: string): string {
  return `${file}.lock`;
}

/** Whether the owner named in `content` (`pid\nhost\n...`) is alive; undefined when it cannot be told. */
function ownerAlive(content: string): boolean | undefined {
  const [pidText, host] = content.split('\n');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || host !== hostname()) return undefined;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errnoCode(err) === 'EPERM';
  }
}

/** Whether the file at `file` (an owner file or an old-format lock) is abandoned; undefined when it is gone or replaced. */
async function abandoned(file: string, staleMs: number): Promise<boolean | undefined> {
  try {
    const [info, content] = await Promise.all([stat(file), readTextFileLimited(file, OWNER_FILE_LIMIT)]);
    if (ownerAlive(content) === false) return true;
    return Date.now() - info.mtimeMs > staleMs;
  } catch (err) {
    // EISDIR: an old-format lock file was cleared and a lock of this format took its place
    // between our lstat and this read; that is a lock changing hands, not an error.
    if (['ENOENT', 'EISDIR', 'ENOTDIR'].includes(errnoCode(err) ?? '')) return undefined;
    throw err;
  }
}

const ignore = (...codes: string[]) => (err: unknown): void => {
  if (!codes.includes(errnoCode(err) ?? '')) throw err;
};

/**
 * Looks at the lock that kept us out and clears what is abandoned. Returns true when it is worth
 * trying again at once, false when a live owner holds the lock.
 */
async function clearAbandoned(lock: string, staleMs: number): Promise<boolean> {
  let info;
  try {
    info = await lstat(lock);
  } catch (err) {
    ignore('ENOENT')(err);
    return true;
  }
  if (!info.isDirectory()) {
    // A lock file of the previous format.
    if ((await abandoned(lock, staleMs)) === false) return false;
    await unlink(lock).catch(ignore('ENOENT', 'EISDIR', 'EPERM'));
    return true;
  }
  const entries = await readdir(lock).catch((err: unknown) => {
    ignore('ENOENT', 'ENOTDIR')(err);
    return undefined;
  });
  if (entries === undefined) return true;
  if (entries.length === 0) {
    // Between an owner's unlink and its rmdir, or after a waiter cleared it. rmdir removes only an empty directory.
    await rmdir(lock).catch(ignore('ENOENT', 'ENOTEMPTY', 'EEXIST', 'ENOTDIR'));
    return true;
  }
  let live = false;
  for (const name of entries) {
    const entry = path.join(lock, name);
    const gone = await abandoned(entry, staleMs).catch(() => false);
    if (gone === false) live = true;
    // The name is unique to one owner: this removes that abandoned owner and nothing else.
    else if (gone === true) await unlink(entry).catch(ignore('ENOENT'));
  }
  return !live;
}

function lockedError(lock: string): ConfigError {
  return new ConfigError(`timed out waiting for the lock ${lock}: another process is writing the config; if none is, remove the lock ${lock}`);
}

/**
 * Takes the lock of `file`, creating its directory (mode 0700) if needed. Waits with backoff while
 * another writer holds it; clears a lock whose owner died or stopped its heartbeat.
 *
 * @throws {@link ConfigError} when the lock stays busy for `timeoutMs`, or cannot be created.
 */
export async function acquireLock(file: string, options: LockOptions = {}): Promise<ReleaseLock> {
  const lock = lockFileName(file);
  const dir = path.dirname(lock);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const staleMs = options.staleMs ?? DEFAULT_STALE_MS;
  const nonce = uniqueSuffix();
  const ownerName = `${OWNER_PREFIX}${nonce}`;
  const staging = path.join(dir, `.${path.basename(lock)}-${nonce}`);
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw new ConfigError(goPathError('mkdir', dir, err), { cause: err });
  }
  try {
    await mkdir(staging, { mode: 0o700 });
    await writeFile(path.join(staging, ownerName), `${process.pid}\n${hostname()}\n`, { mode: 0o600 });
  } catch (err) {
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    throw new ConfigError(goPathError('open', lock, err), { cause: err });
  }

  const deadline = Date.now() + timeoutMs;
  let delay = 2;
  for (;;) {
    try {
      await rename(staging, lock);
      return held(lock, path.join(lock, ownerName), staleMs);
    } catch (err) {
      const code = errnoCode(err);
      if (code !== 'EEXIST' && code !== 'ENOTEMPTY' && code !== 'ENOTDIR' && code !== 'EPERM' && code !== 'EISDIR') {
        await rm(staging, { recursive: true, force: true }).catch(() => undefined);
        throw new ConfigError(goPathError('rename', lock, err), { cause: err });
      }
    }
    let retryNow: boolean;
    try {
      retryNow = await clearAbandoned(lock, staleMs);
    } catch (err) {
      await rm(staging, { recursive: true, force: true }).catch(() => undefined);
      throw new ConfigError(goPathError('open', lock, err), { cause: err });
    }
    if (retryNow) continue;
    if (Date.now() >= deadline) {
      await rm(staging, { recursive: true, force: true }).catch(() => undefined);
      throw lockedError(lock);
    }
    // Jitter keeps twenty waiters from polling in lock-step.
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 25);
  }
}

function held(lock: string, owner: string, staleMs: number): ReleaseLock {
  let released = false;
  let lost = false;
  const heartbeat = setInterval(() => {
    const now = new Date();
    utimes(owner, now, now).catch((err: unknown) => {
      if (errnoCode(err) === 'ENOENT') lost = true;
    });
  }, Math.max(50, Math.floor(staleMs / 4)));
  heartbeat.unref();
  const release = async (): Promise<void> => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    await unlink(owner).catch(() => undefined);
    await rmdir(lock).catch(() => undefined);
  };
  const assertHeld = async (): Promise<void> => {
    const present = await stat(owner).then(() => true, () => false);
    if (lost || !present || released) {
      throw new ConfigError(`lost the lock ${lock}: another writer judged it abandoned (no heartbeat for ${Math.round(staleMs / 1000)}s); nothing was written`);
    }
  };
  return Object.assign(release, { assertHeld });
}
