/**
 * The data directory's files: names of log segments and snapshots, directory fsync, and the lock
 * file that keeps a second process from writing the same log.
 */
import { open, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Takes the data directory's lock file. A lock left by a process that is gone (killed) is taken
 * over; one held by a live process is a StoreLockedError.
 */
export async function acquireLock(dir: string): Promise<() => Promise<void>> {
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(path, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      break;
    } catch (err) {
      if (!isErrno(err, 'EEXIST') || attempt > 0) throw err;
      const holder = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10);
      if (Number.isSafeInteger(holder) && holder > 0 && isAlive(holder)) throw new StoreLockedError(dir, holder);
      await unlink(path).catch((e: unknown) => {
        if (!isErrno(e, 'ENOENT')) throw e;
      });
    }
  }
  return async () => {
    await unlink(path).catch(() => undefined);
  };
}

export function isErrno(err: unknown, code: string): boolean {
  return err instanceof Error && (err as NodeJS.ErrnoException).code === code;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return isErrno(err, 'EPERM');
  }
}

function pad(n: number): string {
  return String(n).padStart(20, '0');
}
