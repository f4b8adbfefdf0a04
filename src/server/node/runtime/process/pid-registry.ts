/**
 * The record of the process groups the runtime started, one small file per container process in
 * the node's state directory. A server that is killed (SIGKILL, power loss) cannot stop its pods;
 * the next start reads these records and kills every group whose leader is still the process we
 * started (same pid and same start time, so a pid reused by an unrelated process is left alone).
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { processIdentity } from './proc.js';

/** One recorded process group. */
interface PidRecord {
  pid: number;
  identity: string;
  podUid: string;
  container: string;
}

function isRecord(v: unknown): v is PidRecord {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return typeof r.pid === 'number' && Number.isInteger(r.pid) && r.pid > 1 && typeof r.identity === 'string';
}

async function gone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

/** The registry in `dir`. */
export class PidRegistry {
  constructor(private readonly dir: string, private readonly log: (line: string) => void) {}

  /** Kills the groups a previous run left behind and forgets them; returns how many were killed. */
  async reapOrphans(): Promise<number> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    let killed = 0;
    for (const name of await readdir(this.dir)) {
      const path = join(this.dir, name);
      let record: unknown;
      try {
        record = JSON.parse(await readFile(path, 'utf8'));
      } catch {
        record = undefined;
      }
      if (isRecord(record) && (await processIdentity(record.pid)) === record.identity) {
        try {
          process.kill(-record.pid, 'SIGKILL');
          killed++;
          this.log(`node agent: stopped process group ${record.pid} (container ${record.container} of pod ${record.podUid}) left by an earlier run`);
        } catch {
          // The group is already gone.
        }
        await gone(record.pid, 2000);
      }
      await rm(path, { force: true });
    }
    return killed;
  }

  /** Records a started process group. */
  async add(pid: number, podUid: string, container: string): Promise<void> {
    const identity = await processIdentity(pid);
    if (identity === undefined) return;
    const record: PidRecord = { pid, identity, podUid, container };
    await writeFile(join(this.dir, `${pid}.json`), JSON.stringify(record), { mode: 0o600 });
  }

  /** Forgets a process group that ended. */
  async remove(pid: number): Promise<void> {
    await rm(join(this.dir, `${pid}.json`), { force: true });
  }
}
