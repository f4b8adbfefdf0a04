/**
 * The lock that serializes writers of a config file: `<file>.lock`, created with O_EXCL (as
 * client-go does), holding the owner's pid, host and a nonce. Unlike client-go, a busy lock is
 * waited for (bounded), and a stale one (its owner is dead, or it is older than `staleMs`) is
 * broken, so a crashed writer does not block every later write.
 */
import { link, mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import * as path from 'node:path';
import { ConfigError } from '../errors.js';
import { errnoCode, goPathError } from './fs-errors.js';
import { uniqueSuffix } from './unique.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Options of `acquireLock`. */
export interface LockOptions {
  /** How long to wait for a busy lock before failing (default 10 s). */
  timeoutMs?: number;
  /** Age after which a lock is considered abandoned even if its owner cannot be checked (default 2 min). */
  staleMs?: number;
}

/** Releases a lock (idempotent). */
export type ReleaseLock = () => Promise<void>;

/** The lock file of `file`. */
export function lockFileName(file: string): string {
  return `${file}.lock`;
}

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

/** Removes the lock at `lock` if it still holds `content` (a lock re-created meanwhile is left alone). */
async function breakStaleLock(lock: string, content: string): Promise<void> {
  const aside = `${lock}.stale-${uniqueSuffix()}`;
  try {
    await rename(lock, aside);
  } catch {
    return; // someone else broke it first
  }
  const moved = await readFile(aside, 'utf8').catch(() => '');
  if (moved !== content) {
    // We moved a fresh lock taken after our check: put it back unless yet another one exists.
    await link(aside, lock).catch(() => undefined);
  }
  await unlink(aside).catch(() => undefined);
}

async function isStale(lock: string, staleMs: number): Promise<{ stale: boolean; content: string }> {
  try {
    const [info, content] = await Promise.all([stat(lock), readFile(lock, 'utf8')]);
    const alive = ownerAlive(content);
    if (alive === false) return { stale: true, content };
    return { stale: Date.now() - info.mtimeMs > staleMs, content };
  } catch {
    return { stale: false, content: '' };
  }
}

/**
 * Takes the lock of `file`, creating its directory (mode 0700) if needed. Waits with backoff while
 * another writer holds it.
 *
 * @throws {@link ConfigError} when the lock stays busy for `timeoutMs`, or cannot be created.
 */
export async function acquireLock(file: string, options: LockOptions = {}): Promise<ReleaseLock> {
  const lock = lockFileName(file);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const staleMs = options.staleMs ?? 120_000;
  const content = `${process.pid}\n${hostname()}\n${uniqueSuffix()}\n`;
  await mkdir(path.dirname(lock), { recursive: true, mode: 0o700 }).catch((err: unknown) => {
    throw new ConfigError(goPathError('mkdir', path.dirname(lock), err), { cause: err });
  });
  const deadline = Date.now() + timeoutMs;
  let delay = 2;
  for (;;) {
    try {
      const handle = await open(lock, 'wx', 0o600);
      try {
        await handle.writeFile(content);
      } finally {
        await handle.close();
      }
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await unlink(lock).catch(() => undefined);
      };
    } catch (err) {
      if (errnoCode(err) !== 'EEXIST') throw new ConfigError(goPathError('open', lock, err), { cause: err });
    }
    const { stale, content: held } = await isStale(lock, staleMs);
    if (stale) {
      await breakStaleLock(lock, held);
      continue;
    }
    if (Date.now() >= deadline) {
      throw new ConfigError(`timed out waiting for the lock ${lock}: another process is writing the config; if none is, remove the lock file`);
    }
    await sleep(delay);
    delay = Math.min(delay * 2, 20);
  }
}
