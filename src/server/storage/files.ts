/**
 * The data directory's files: names of log segments and snapshots, directory and file fsync, and
 * the lock file that keeps a second process from writing the same log.
 */
import { link, open, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { processToken, sameProcessAlive } from '../../machinery/process-liveness.js';
import { StoreLockedError } from './errors.js';

const SEGMENT = /^wal-(\d{20})\.log$/;
const SNAPSHOT = /^snap-(\d{20})\.snap$/;
export const LOCK_FILE = 'LOCK';
export const TEMP_SUFFIX = '.tmp';

/** `wal-<base>.log`: a log segment whose records all have rv greater than `base`. */
export function segmentName(base: number): string {
  return `wal-${pad(base)}.log`;
}

/** `snap-<rv>.snap`: the state at `rv`. */
export function snapshotName(rv: number): string {
  return `snap-${pad(rv)}.snap`;
}

/** The files of a data directory, each list sorted by resource version. */
export interface DataFiles {
  segments: { name: string; base: number }[];
  snapshots: { name: string; rv: number }[];
  temps: string[];
}

export function classify(names: readonly string[]): DataFiles {
  const files: DataFiles = { segments: [], snapshots: [], temps: [] };
  for (const name of names) {
    const seg = SEGMENT.exec(name);
    if (seg) files.segments.push({ name, base: Number(seg[1]) });
    const snap = SNAPSHOT.exec(name);
    if (snap) files.snapshots.push({ name, rv: Number(snap[1]) });
    if (name.endsWith(TEMP_SUFFIX)) files.temps.push(name);
  }
  files.segments.sort((a, b) => a.base - b.base);
  files.snapshots.sort((a, b) => a.rv - b.rv);
  return files;
}

/** Makes the directory's entries (created, renamed, removed files) durable. */
export async function fsyncDir(dir: string): Promise<void> {
  await syncOpened(dir, 'r');
}

/** Makes a file's data durable (the last segment read at start-up may hold writes never synced). */
export async function syncFile(path: string): Promise<void> {
  await syncOpened(path, 'r+');
}

/** Creates a file (owner-only) unless it exists, and makes it durable: an empty segment, say. */
export async function createSyncedFile(path: string): Promise<void> {
  await syncOpened(path, 'a', 0o600);
}

/** fsync of `path` opened with `flags` (a directory can only be opened for reading). */
async function syncOpened(path: string, flags: 'r' | 'r+' | 'a', mode?: number): Promise<void> {
  const handle = await open(path, flags, mode);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Takes the data directory's lock file, which names the holder by its process token (pid and
 * start time, see machinery/process-liveness.ts). A lock whose process no longer runs is taken
 * over: one left by a killed server, including one that is still a zombie (exited, not yet
 * reaped: it holds nothing), and one whose pid now belongs to another process (the start time
 * differs). An older lock file holding a bare pid is judged by liveness alone. A lock held by a
 * running process is a StoreLockedError.
 */
export async function acquireLock(dir: string): Promise<() => Promise<void>> {
  const path = join(dir, LOCK_FILE);
  const token = processToken(process.pid) ?? String(process.pid);
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(path, `${token}\n`, { flag: 'wx', mode: 0o600 });
      break;
    } catch (err) {
      if (!isErrno(err, 'EEXIST')) throw err;
    }
    const holder = (await readFile(path, 'utf8').catch(() => '')).trim();
    if (holder !== '' && sameProcessAlive(holder)) throw new StoreLockedError(dir, Number.parseInt(holder, 10));
    // Three rounds: another process taking over the same stale lock at this moment wins once.
    if (attempt >= 2) throw new StoreLockedError(dir, Number.parseInt(holder, 10) || 0);
    await removeStaleLock(path, holder);
  }
  return async () => {
    await unlink(path).catch(() => undefined);
  };
}

/**
 * Removes the lock file if it still holds `stale`. It is moved aside first and checked there, so
 * that a lock another process took in the meantime is put back rather than removed.
 */
async function removeStaleLock(path: string, stale: string): Promise<void> {
  const aside = `${path}.stale-${process.pid}`;
  try {
    await rename(path, aside);
  } catch (err) {
    if (isErrno(err, 'ENOENT')) return;
    throw err;
  }
  const moved = (await readFile(aside, 'utf8').catch(() => '')).trim();
  if (moved !== stale) await link(aside, path).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}

export function isErrno(err: unknown, code: string): boolean {
  return err instanceof Error && (err as NodeJS.ErrnoException).code === code;
}

function pad(n: number): string {
  return String(n).padStart(20, '0');
}
