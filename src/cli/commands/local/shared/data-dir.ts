/**
 * Where the local server keeps its state, and the small files that tell other commands about the
 * running server: its pid and URL.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { readTextFileLimited, type ReadLimit } from '../../../../sdk/bounded-read.js';
import { processAlive } from '../../../../machinery/process-liveness.js';
import { BINARY_NAME, HOME_DIR_NAME, LOCAL_DIR_NAME } from '../../../../sdk/naming.js';
import type { CommandContext } from '../../../framework/context.js';
import type { FlagReader } from '../../../framework/flag-reader.js';
import { isServerProcess } from './server-process.js';

/** File names in the data directory. */
export const FILES = {
  pid: 'server.pid',
  url: 'server.url',
  log: 'server.log',
  ca: 'ca.crt',
  token: 'admin-token',
  /** The server's store (src/server/index.ts opens it there). */
  store: 'store',
} as const;

/** The data directory: `--data-dir`, else `~/.platform/local`. */
export function dataDirOf(ctx: CommandContext, flags: FlagReader<{ name: 'data-dir'; type: 'string' }>): string {
  const given = flags.string('data-dir') ?? '';
  if (given !== '') return given.startsWith('/') ? given : join(ctx.io.cwd, given);
  return join(ctx.io.homedir, HOME_DIR_NAME, LOCAL_DIR_NAME);
}

/**
 * The command line of a `local` sub-command for `dataDir`, as a user would type it: without
 * `--data-dir` for the default directory, the directory quoted for a POSIX shell when it needs it.
 */
export function localCommandLine(ctx: CommandContext, dataDir: string, sub: string, ...extra: string[]): string {
  const words = [BINARY_NAME, 'local', sub];
  if (dataDir !== join(ctx.io.homedir, HOME_DIR_NAME, LOCAL_DIR_NAME)) words.push('--data-dir', /^[\w@%+=:,./-]+$/.test(dataDir) ? dataDir : `'${dataDir.replace(/'/g, `'\\''`)}'`);
  return [...words, ...extra].join(' ');
}

/** The pid, port and URL files hold one short line each. */
const RECORD_LIMIT: ReadLimit = { bytes: 64 * 1024, what: 'a local server record file' };

async function readText(path: string): Promise<string | undefined> {
  try {
    return (await readTextFileLimited(path, RECORD_LIMIT)).trim();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/** True when a process with this pid runs (a zombie left by a crash does not). */
export const alive = processAlive;

/** What the data directory says about a running server. */
export interface RunningInfo {
  pid: number;
  url: string;
}

/**
 * The running server of `dataDir`, or undefined. Stale files are ignored, including a pid that a
 * crash left behind and that now belongs to another process.
 */
export async function runningServer(dataDir: string): Promise<RunningInfo | undefined> {
  const pidText = await readText(join(dataDir, FILES.pid));
  const url = await readText(join(dataDir, FILES.url));
  if (pidText === undefined || url === undefined) return undefined;
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || !(await isServerProcess(pid, dataDir, alive))) return undefined;
  return { pid, url };
}

/** The URL the server of `dataDir` last served on (reused as the next start's port). */
export async function lastURL(dataDir: string): Promise<string | undefined> {
  return readText(join(dataDir, FILES.url));
}

/** Removes the pid file (the URL file stays, to reuse the port). */
export async function clearPid(dataDir: string): Promise<void> {
  await rm(join(dataDir, FILES.pid), { force: true });
}

/** Reads the CA and token of the data directory. */
export async function credentials(dataDir: string): Promise<{ caPem: string; token: string } | undefined> {
  const caPem = await readText(join(dataDir, FILES.ca));
  const token = await readText(join(dataDir, FILES.token));
  if (caPem === undefined || token === undefined) return undefined;
  return { caPem: `${caPem}\n`, token };
}
