/**
 * The lock that serializes writers of a config file: the directory `<file>.lock`, holding one
 * owner file (`owner-<nonce>`, content `<pid>\n<host>\n<pid>@<start time>\n`) whose mtime the
 * owner refreshes as a heartbeat while it waits for and holds the lock.
 *
 * Why not proper-lockfile (mkdir + mtime, the usual choice): it reclaims a stale lock with
 * `rmdir` then `mkdir`, so two writers that judge the same lock stale can both win (a known,
 * still open defect of that package), which is exactly how config writes were lost. This design cannot do that:
 *
 * - a lock is taken by renaming a prepared directory (`.<file>.lock-<nonce>`, the staging
 *   directory) that already holds the owner file onto `<file>.lock`: the rename succeeds only
 *   when no lock exists or the lock is empty, so a held lock is never empty;
 * - nobody ever removes a non-empty lock: the owner unlinks its own uniquely named owner file on
 *   release, and a waiter that finds an owner abandoned unlinks that owner file by its unique
 *   name — which can never be the owner file of a lock taken later — and only `rmdir`s an empty
 *   directory;
 * - before committing a write, the owner checks that its owner file is still there.
 *
 * When an owner is abandoned: an owner on this host is judged by its process alone — abandoned
 * when that process is gone (a zombie counts as gone; the start time in the owner file tells a
 * pid reused by another process from the owner), never while it runs, however long it takes (a
 * waiter that waited past the heartbeat window used to take the lock with an owner file that
 * already looked silent, and another waiter broke the live lock). An owner on another host (a
 * home directory shared over the network) is abandoned when its heartbeat has been silent for
 * `staleMs`; the heartbeat runs from the moment the owner file exists, so a writer that waited
 * long does not take the lock looking silent.
 *
 * A writer killed while waiting leaves its staging directory, one killed while writing its
 * temporary file (`.<file>.tmp-<pid>-...`, the atomic writer's): the writer that holds the lock
 * next clears those of owners that are gone.
 *
 * A lock file of the previous format (a regular file `<file>.lock`) left by an older version is
 * removed when its owner is dead or it is older than `staleMs`; `unlink` cannot remove a
 * directory, so that never touches a lock of this format.
 */
// The steps of an uncontended lock are synchronous system calls (a thread-pool round trip each
// was most of what a config write cost), the listing of the directory for leftovers included;
// waiting, and removing what others left, stay asynchronous.
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { lstat, readdir, rm, rmdir, stat, unlink, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import * as path from 'node:path';
import { processAlive, processToken, sameProcessAlive } from '../../machinery/process-liveness.js';
import { readTextFileLimited, type ReadLimit } from '../bounded-read.js';
import { ConfigError } from '../errors.js';
import { errnoCode, goPathError } from './fs-errors.js';
import { uniqueSuffix } from './unique.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Options of `acquireLock`. */
export interface LockOptions {
  /** How long to wait for a busy lock before failing (default 30 s). */
  timeoutMs?: number | undefined;
  /**
   * How long an owner on another host may go without a heartbeat before its lock counts as
   * abandoned (default 10 s; the heartbeat beats every quarter of that). An owner on this host
   * is abandoned when its process is gone, and never while it runs.
   */
  staleMs?: number | undefined;
}

/** Releases a lock (idempotent); `assertHeld` checks that nobody broke it meanwhile. */
export interface ReleaseLock {
  (): Promise<void>;
  /** @throws {@link ConfigError} when the lock was judged abandoned and taken away. */
  assertHeld(): Promise<void>;
}

const OWNER_PREFIX = 'owner-';
/** An owner file holds a pid, a host name and a process token. */
const OWNER_FILE_LIMIT: ReadLimit = { bytes: 4096, what: 'a lock owner file' };
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_STALE_MS = 10_000;
/** How many times a staging directory removed under a waiter is made again before giving up. */
const STAGING_ATTEMPTS = 5;

/** The lock path of `file`. */
export function lockFileName(file: string): string {
  return `${file}.lock`;
}

/** The prefix of the staging directories of `lock` (in its directory). */
function stagingPrefix(lock: string): string {
  return `.${path.basename(lock)}-`;
}

/**
 * Whether the owner named in `content` (`pid\nhost\n[token]\n`, or an old lock file's
 * `pid\nhost\n...`) is alive: true or false on this host, undefined when it cannot be told
 * (another host, or content that names no process).
 */
function ownerAlive(content: string): boolean | undefined {
  const [pidText, host, token] = content.split('\n');
  const pid = Number(pidText);
  if (!Number.isSafeInteger(pid) || pid <= 0 || host !== hostname()) return undefined;
  // The token names one process instance (pid and start time); an older writer wrote none.
  if (token !== undefined && token.startsWith(`${pid}@`)) return sameProcessAlive(token);
  return processAlive(pid);
}

/**
 * Whether the file at `file` (an owner file or an old-format lock) is abandoned; undefined when
 * it is gone or replaced.
 */
async function abandoned(file: string, staleMs: number): Promise<boolean | undefined> {
  try {
    const [info, content] = await Promise.all([stat(file), readTextFileLimited(file, OWNER_FILE_LIMIT)]);
    const alive = ownerAlive(content);
    if (alive !== undefined) return !alive;
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
 * Unlinks the abandoned owner files in the lock directory `dir` and says whether a live one
 * remains. Each name is unique to one owner: this removes those owners and nothing else.
 */
async function clearAbandonedOwners(dir: string, entries: readonly string[], staleMs: number): Promise<boolean> {
  let live = false;
  for (const name of entries) {
    const entry = path.join(dir, name);
    const gone = await abandoned(entry, staleMs).catch(() => false);
    if (gone === false) live = true;
    else if (gone === true) await unlink(entry).catch(ignore('ENOENT'));
  }
  return live;
}

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
  return !(await clearAbandonedOwners(lock, entries, staleMs));
}

/** The pid that starts a unique suffix (`<pid>-<time>-...`), as the atomic writer names its temporary files. */
function suffixPid(suffix: string): number {
  return Number(suffix.slice(0, suffix.indexOf('-')));
}

/**
 * Whether the staging directory `dir` (named `<prefix><pid>-...` by its writer) was left by a
 * writer that is gone. Its owner file says so when it is complete: by the process on this host,
 * by the heartbeat on another. Without one (the writer died between making the directory and
 * writing the file, or while writing it; or is between those steps now), the pid in the name
 * decides, and age past `staleMs` for a pid that was reused since.
 */
async function stagingAbandoned(dir: string, pid: number, entries: readonly string[], staleMs: number): Promise<boolean> {
  const info = await stat(dir);
  for (const name of entries) {
    const file = path.join(dir, name);
    const content = await readTextFileLimited(file, OWNER_FILE_LIMIT).catch(() => '');
    const lines = content.split('\n');
    if (lines.length < 3) continue;
    if (lines[1] !== hostname()) return Date.now() - (await stat(file)).mtimeMs > staleMs;
    const alive = ownerAlive(content);
    if (alive !== undefined) return !alive;
  }
  return !processAlive(pid) || Date.now() - info.mtimeMs > staleMs;
}

/**
 * Clears what writers that are gone left next to `file`: their staging directories
 * ({@link stagingAbandoned}) and the atomic writer's temporary files whose process is gone. Both
 * names carry the writer's pid first ({@link uniqueSuffix}). Runs while the lock is held, so that
 * no live writer of this file writes a temporary file meanwhile; failures are ignored (the next
 * writer tries again).
 */
async function clearLeftovers(file: string, lock: string, ownStaging: string, staleMs: number): Promise<void> {
  const dir = path.dirname(lock);
  const staging = stagingPrefix(lock);
  const temp = `.${path.basename(file)}.tmp-`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const full = path.join(dir, name);
    try {
      if (name.startsWith(staging) && full !== ownStaging) {
        if (await stagingAbandoned(full, suffixPid(name.slice(staging.length)), await readdir(full), staleMs)) {
          await rm(full, { recursive: true, force: true });
        }
      } else if (name.startsWith(temp) && !processAlive(suffixPid(name.slice(temp.length)))) {
        await unlink(full);
      }
    } catch {
      // Gone meanwhile: another writer cleared it, or its own writer took the lock with it.
    }
  }
}

function lockedError(lock: string): ConfigError {
  return new ConfigError(`timed out waiting for the lock ${lock}: another process is writing the config; if none is, remove the lock ${lock}`);
}

/** This process's owner file content. */
function ownerContent(): string {
  return `${process.pid}\n${hostname()}\n${processToken(process.pid) ?? String(process.pid)}\n`;
}

/**
 * Makes the staging directory and its owner file. A waiter may have removed the directory as
 * an empty leftover between the two steps (this process stalled there past `staleMs`): then
 * it is made again.
 */
async function prepareStaging(staging: string, owner: string, content: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      mkdirSync(staging, { mode: 0o700 });
      writeFileSync(owner, content, { mode: 0o600 });
      return;
    } catch (err) {
      if (attempt >= STAGING_ATTEMPTS || !['ENOENT', 'EEXIST'].includes(errnoCode(err) ?? '')) throw err;
      await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    }
  }
}

/** The owner file's heartbeat: its mtime refreshed wherever it is (staging, then the lock). */
class Heartbeat {
  path: string;
  lost = false;
  private readonly timer: NodeJS.Timeout;

  constructor(initial: string, staleMs: number) {
    this.path = initial;
    this.timer = setInterval(() => {
      const now = new Date();
      const at = this.path;
      utimes(at, now, now).catch((err: unknown) => {
        // Gone from where it was: either moved by our rename meanwhile, or broken by a waiter.
        if (errnoCode(err) === 'ENOENT' && at === this.path) this.lost = true;
      });
    }, Math.max(50, Math.floor(staleMs / 4)));
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/**
 * Takes the lock of `file`, creating its directory (mode 0700) if needed. Waits with backoff while
 * another writer holds it; clears a lock whose owner is gone (or, on another host, stopped its
 * heartbeat), and what writers that are gone left behind.
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
  const staging = path.join(dir, `${stagingPrefix(lock)}${nonce}`);
  const stagingOwner = path.join(staging, ownerName);
  const content = ownerContent();
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw new ConfigError(goPathError('mkdir', dir, err), { cause: err });
  }
  try {
    await prepareStaging(staging, stagingOwner, content);
  } catch (err) {
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    throw new ConfigError(goPathError('open', lock, err), { cause: err });
  }
  const heartbeat = new Heartbeat(stagingOwner, staleMs);
  const giveUp = async (error: ConfigError): Promise<never> => {
    heartbeat.stop();
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  };

  const deadline = Date.now() + timeoutMs;
  let delay = 2;
  let remade = 0;
  for (;;) {
    try {
      renameSync(staging, lock);
      heartbeat.path = path.join(lock, ownerName);
      // A beat that missed the staging directory (moved by the rename, or cleared and made again) is no loss.
      heartbeat.lost = false;
      const release = held(lock, heartbeat, staleMs);
      await clearLeftovers(file, lock, staging, staleMs);
      return release;
    } catch (err) {
      const code = errnoCode(err);
      if (code === 'ENOENT' && remade < STAGING_ATTEMPTS) {
        // Our staging directory was cleared as a leftover (this process stalled past the
        // heartbeat window of another host's view): make it again.
        remade++;
        try {
          await prepareStaging(staging, stagingOwner, content);
        } catch (again) {
          return giveUp(new ConfigError(goPathError('open', lock, again), { cause: again }));
        }
        continue;
      }
      if (code !== 'EEXIST' && code !== 'ENOTEMPTY' && code !== 'ENOTDIR' && code !== 'EPERM' && code !== 'EISDIR') {
        return giveUp(new ConfigError(goPathError('rename', lock, err), { cause: err }));
      }
    }
    let retryNow: boolean;
    try {
      retryNow = await clearAbandoned(lock, staleMs);
    } catch (err) {
      return giveUp(new ConfigError(goPathError('open', lock, err), { cause: err }));
    }
    if (retryNow) continue;
    if (Date.now() >= deadline) return giveUp(lockedError(lock));
    // Jitter keeps twenty waiters from polling in lock-step.
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 25);
  }
}

function held(lock: string, heartbeat: Heartbeat, staleMs: number): ReleaseLock {
  let released = false;
  const owner = heartbeat.path;
  const release = async (): Promise<void> => {
    if (released) return;
    released = true;
    heartbeat.stop();
    // Either may be gone already (a waiter judged the lock abandoned): nothing of ours is left then.
    for (const remove of [() => unlinkSync(owner), () => rmdirSync(lock)]) {
      try {
        remove();
      } catch {
        // Gone meanwhile.
      }
    }
  };
  const assertHeld = async (): Promise<void> => {
    const present = existsSync(owner);
    if (heartbeat.lost || !present || released) {
      const window = staleMs % 1000 === 0 ? `${staleMs / 1000}s` : `${staleMs}ms`;
      throw new ConfigError(`lost the lock ${lock}: another writer judged it abandoned (no heartbeat for ${window}); nothing was written`);
    }
  };
  return Object.assign(release, { assertHeld });
}
