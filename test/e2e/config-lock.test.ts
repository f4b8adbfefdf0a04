/**
 * Concurrent config writers through the built binary: 20 `config set-context` processes per round,
 * 10 rounds, with every core kept busy by a spinning child process (so writers stall mid-lock as they
 * do on a loaded machine), and with an abandoned lock at the start of most rounds. Nothing may be
 * lost, every writer must exit 0, and no lock or staging directory may be left behind.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { availableParallelism, hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/sdk/config/index.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'platformctl');
const built = existsSync(join(ROOT, 'dist', 'cli', 'platformctl.cjs'));

const WRITERS = 20;
const ROUNDS = 10;
// No process has this pid on Linux (pid_max is at most 2^22).
const DEAD_PID = 4_194_305;

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

function writer(file: string, home: string, name: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, NO_COLOR: '1', PLATFORMCONFIG: file };
    const child = spawn(process.execPath, [BIN, 'config', 'set-context', name, '--cluster', 'c', '--user', 'u'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** One spinning process per core, until `stop`. */
function cpuHogs(): { stop(): void } {
  const hogs: ChildProcess[] = [];
  for (let i = 0; i < availableParallelism(); i++) {
    hogs.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  }
  return { stop: () => hogs.forEach((h) => h.kill('SIGKILL')) };
}

/** The abandoned lock a round starts with (none for some rounds). */
async function plantStaleLock(file: string, round: number): Promise<string> {
  const lock = `${file}.lock`;
  switch (round % 4) {
    case 0:
      return 'none';
    case 1: {
      // This version's format, owner dead.
      await mkdir(lock);
      await writeFile(join(lock, 'owner-crashed'), `${DEAD_PID}\n${hostname()}\n`);
      return 'dead owner';
    }
    case 2: {
      // This version's format, owner on another host that stopped its heartbeat an hour ago.
      await mkdir(lock);
      await writeFile(join(lock, 'owner-elsewhere'), '1\nsome-other-host\n');
      const old = new Date(Date.now() - 3_600_000);
      await utimes(join(lock, 'owner-elsewhere'), old, old);
      return 'silent owner on another host';
    }
    default:
      // The previous format: a plain file left by a crashed older version.
      await writeFile(lock, `${DEAD_PID}\n${hostname()}\nold\n`);
      return 'old-format lock file';
  }
}

test(`${WRITERS} writer processes x ${ROUNDS} rounds with busy CPUs and stale locks lose nothing`, { skip: built ? false : 'dist/cli is not built (npm run build)' }, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-lock-'));
  const hogs = cpuHogs();
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const roundDir = join(dir, `r${round}`);
      await mkdir(roundDir);
      const file = join(roundDir, 'config');
      await writeFile(file, '');
      const stale = await plantStaleLock(file, round);
      const names = Array.from({ length: WRITERS }, (_, i) => `ctx-${round}-${i}`);
      const outcomes = await Promise.all(names.map((name) => writer(file, roundDir, name)));
      for (const [i, o] of outcomes.entries()) {
        assert.equal(o.code, 0, `round ${round} (${stale}), writer ${i}: exit ${String(o.code)}: ${o.stderr}`);
        assert.equal(o.stdout, `Context "${names[i] ?? ''}" created.\n`);
      }
      const loaded = await loadConfig({ env: { PLATFORMCONFIG: file }, homedir: roundDir });
      assert.deepEqual([...loaded.config.contexts.keys()].sort(), [...names].sort(), `round ${round} (${stale}) lost writes`);
      assert.deepEqual((await readdir(roundDir)).sort(), ['config'], `round ${round} (${stale}) left files behind`);
    }
  } finally {
    hogs.stop();
    await rm(dir, { recursive: true, force: true });
  }
});
