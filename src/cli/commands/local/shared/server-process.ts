/**
 * Whether a pid from `server.pid` is still our server. After a crash the file stays behind and the
 * pid may since belong to an unrelated process: trusting it would report "already running" with
 * nothing listening, and `local stop` would signal a stranger. The process's command line says
 * whether it is a `local start --foreground` of this data directory.
 */
import { execFile } from 'node:child_process';
// eslint-disable-next-line no-restricted-imports -- /proc/<pid>/cmdline only, which the kernel bounds (ARG_MAX)
import { readFile, readlink, realpath } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';

/** The arguments of a process; undefined when this system cannot tell (no /proc and no `ps`). */
async function commandLineOf(pid: number): Promise<{ args: string[]; cwd: string | undefined } | undefined | null> {
  const own = await readFile('/proc/self/cmdline').catch(() => undefined);
  if (own !== undefined) {
    // Linux: a process whose entry we cannot read (gone, or another user's) is not our server.
    const raw = await readFile(`/proc/${pid}/cmdline`).catch(() => undefined);
    if (raw === undefined || raw.length === 0) return null;
    const cwd = await readlink(`/proc/${pid}/cwd`).catch(() => undefined);
    return { args: raw.toString('utf8').split('\0').filter((a) => a !== ''), cwd };
  }
  return new Promise((done) => {
    execFile('ps', ['-o', 'command=', '-p', String(pid)], { timeout: 5000 }, (err, stdout) => {
      if (err !== null) {
        // ps exits 1 for a pid that does not exist; anything else means we cannot tell.
        done(typeof err.code === 'number' && err.code === 1 ? null : undefined);
        return;
      }
      const line = stdout.trim();
      done(line === '' ? null : { args: line.split(/\s+/), cwd: undefined });
    });
  });
}

/** The `--data-dir` a command line names, if any. */
function dataDirArg(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--data-dir') return args[i + 1];
    if (arg.startsWith('--data-dir=')) return arg.slice('--data-dir='.length);
  }
  return undefined;
}

async function samePath(a: string, b: string): Promise<boolean> {
  const real = async (p: string): Promise<string> => realpath(p).catch(() => resolve(p));
  return (await real(a)) === (await real(b));
}

/**
 * True when `pid` runs `platformctl local start --foreground` for `dataDir` (or names no data
 * directory, so uses the default one). Where the system cannot show command lines, a live process
 * is taken as ours, as before.
 */
export async function isServerProcess(pid: number, dataDir: string, isAlive: (pid: number) => boolean): Promise<boolean> {
  if (!isAlive(pid)) return false;
  const line = await commandLineOf(pid);
  if (line === undefined) return true;
  if (line === null) return false;
  const { args, cwd } = line;
  const local = args.indexOf('local');
  if (local < 0 || args[local + 1] !== 'start' || !args.includes('--foreground')) return false;
  const named = dataDirArg(args);
  if (named === undefined) return true;
  if (isAbsolute(named)) return samePath(named, dataDir);
  return cwd === undefined ? true : samePath(resolve(cwd, named), dataDir);
}
