/**
 * Whether a process is alive, for the lock files and process records that name a pid. A zombie
 * (a process that exited and waits for its parent to reap it) still answers `kill(pid, 0)`, but it
 * holds nothing and runs nothing: it is dead here. A pid recorded with its start time is alive
 * only while that same process runs, so that a pid reused by a later process is not mistaken for
 * the recorded one.
 *
 * Linux reads `/proc/<pid>/stat`; elsewhere `kill(pid, 0)` is all there is (no zombie check).
 */
import { readFileSync } from 'node:fs';

/** The fields of `/proc/<pid>/stat` that liveness needs. */
interface StatFields {
  /** One letter: R, S, D, Z (zombie), X (dead), T, t, I, ... */
  state: string;
  /** Start time in clock ticks after boot. */
  startTicks: string;
}

const HAS_PROC = process.platform === 'linux';

/** Parses the fields of `/proc/<pid>/stat` after the command name (which may hold spaces and parentheses). */
function statFields(pid: number): StatFields | null | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (err) {
    // ENOENT/ESRCH: no such process. Anything else: this system cannot tell.
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ESRCH' ? null : undefined;
  }
  const close = text.lastIndexOf(')');
  if (close < 0) return undefined;
  // Fields after the command: state(3) ... starttime(22).
  const f = text.slice(close + 2).split(' ');
  return { state: f[0] ?? '', startTicks: f[19] ?? '' };
}

function signalZero(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when `pid` names a process that exists and is not a zombie. */
export function processAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  if (HAS_PROC) {
    const fields = statFields(pid);
    if (fields === null) return false;
    if (fields !== undefined) return fields.state !== 'Z' && fields.state !== 'X';
  }
  return signalZero(pid);
}

/**
 * A token naming one process instance (`pid@starttime` on Linux, the pid alone elsewhere), to be
 * written beside a pid and compared with {@link sameProcessAlive}. Undefined when the process is
 * gone.
 */
export function processToken(pid: number): string | undefined {
  if (!processAlive(pid)) return undefined;
  if (HAS_PROC) {
    const fields = statFields(pid);
    if (fields !== undefined && fields !== null) return `${pid}@${fields.startTicks}`;
  }
  return String(pid);
}

/**
 * True when the process a {@link processToken} named still runs: same pid, same start time, not a
 * zombie. A bare pid (a token written by a system without `/proc`, or an older file) is checked
 * by liveness alone.
 */
export function sameProcessAlive(token: string): boolean {
  const [pidText, start] = token.trim().split('@');
  const pid = Number(pidText);
  if (!processAlive(pid)) return false;
  if (start === undefined || !HAS_PROC) return true;
  const fields = statFields(pid);
  return fields === undefined || (fields !== null && fields.startTicks === start);
}
