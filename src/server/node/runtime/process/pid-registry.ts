/**
 * The record of the process groups the runtime started, one small file per container process in
 * the node's state directory. A server that is killed (SIGKILL, power loss) cannot stop its pods;
 * the next start reads these records and kills every group whose leader is still the process we
 * started (same pid and same start time, so a pid reused by an unrelated process is left alone; a
 * zombie is already dead).
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { processAlive, processToken, sameProcessAlive } from '../../../../machinery/process-liveness.js';
import { processIdentity } from './proc.js';

/** One recorded process group. */
interface PidRecord {
  pid: number;
  /** `pid@starttime` (see process-liveness); records of older versions hold `identity` instead. */
  token?: string;
  identity?: string;
  podUid: string;
  container: string;
}

function isRecord(v: unknown): v is PidRecord {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return typeof r.pid === 'number' && Number.isInteger(r.pid) && r.pid > 1 && (typeof r.token === 'string' || typeof r.identity === 'string');
}

/** How long a start waits, in all, for the groups it killed to be gone. */
const REAP_WAIT_MS = 2000;

/** Whether the recorded process still runs (not a zombie, not a later process with its pid). */
async function stillOurs(record: PidRecord): Promise<boolean> {
  if (record.token !== undefined) return sameProcessAlive(record.token);
  return processAlive(record.pid) && (await processIdentity(record.pid)) === record.identity;
}

async function readRecord(path: string): Promise<PidRecord | undefined> {
  try {
    const record: unknown = JSON.parse(await readFile(path, 'utf8'));
    return isRecord(record) ? record : undefined;
  } catch {
    return undefined;
  }
}

/** The registry in `dir`. */
export class PidRegistry {
  constructor(private readonly dir: string, private readonly log: (line: string) => void) {}

  /**
   * Kills the groups a previous run left behind and forgets them; returns how many were killed.
   * Every group is signalled first, then all are waited for together, so that a start after a
   * crash with many pods takes as long as the slowest group, not the sum of them.
   */
  async reapOrphans(): Promise<number> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const names = await readdir(this.dir);
    const records = await Promise.all(names.map(async (name) => ({ path: join(this.dir, name), record: await readRecord(join(this.dir, name)) })));
    const killed: PidRecord[] = [];
    for (const { record } of records) {
      if (record === undefined || !(await stillOurs(record))) continue;
      try {
        process.kill(-record.pid, 'SIGKILL');
        killed.push(record);
        this.log(`node agent: stopped process group ${record.pid} (container ${record.container} of pod ${record.podUid}) left by an earlier run`);
      } catch {
        // The group is already gone.
      }
    }
    const deadline = Date.now() + REAP_WAIT_MS;
    while (killed.some((r) => processAlive(r.pid)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await Promise.all(records.map(({ path }) => rm(path, { force: true })));
    return killed.length;
  }

  /** Records a started process group. */
  async add(pid: number, podUid: string, container: string): Promise<void> {
    const token = processToken(pid);
    if (token === undefined) return;
    const record: PidRecord = { pid, token, podUid, container };
    await writeFile(join(this.dir, `${pid}.json`), JSON.stringify(record), { mode: 0o600 });
  }

  /** Forgets a process group that ended. */
  async remove(pid: number): Promise<void> {
    await rm(join(this.dir, `${pid}.json`), { force: true });
  }
}
