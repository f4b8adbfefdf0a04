/**
 * Concurrent config writers as separate processes, with every core kept busy by a spinning child
 * process (so writers stall mid-lock as they do on a loaded machine):
 *
 * - 20 `config set-context` processes of the built binary per round, one round for each kind of
 *   abandoned lock a writer may find (none, a dead owner, a silent owner on another host, a lock
 *   file of the previous format);
 * - 20 writer processes of 20 writes each through the SDK's writer, with a heartbeat window
 *   shorter than the waits (a waiter used to take the lock with an owner file already older than
 *   the window, and another waiter broke the live lock: "another writer judged it abandoned");
 * - 12 such writers of 10 writes, every other one killed (SIGKILL) at a random moment and
 *   replaced by a new one.
 *
 * Nothing may be lost (every write that returned is in the file), no writer that was not killed
 * may fail, and no lock, staging directory or temporary file may be left behind: what killed
 * writers leave is cleared by the writers after them.
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
const SDK_WRITER = fileURLToPath(new URL('../support/config-writer.js', import.meta.url));

const WRITERS = 20;
const ROUNDS = 4;
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

/** A writer process of the SDK (`test/support/config-writer.ts`): `count` writes of `prefix-N`. */
interface SdkWriter {
  child: ChildProcess;
  /** Names whose write returned. */
  done: string[];
  stderr: string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function sdkWriter(file: string, prefix: string, count: number, staleMs: number): SdkWriter {
  const child = spawn(process.execPath, [SDK_WRITER, file, prefix, String(count), String(staleMs)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const w: SdkWriter = { child, done: [], stderr: '', exit: Promise.resolve({ code: null, signal: null }) };
  let pending = '';
  child.stdout?.on('data', (d: Buffer) => {
    pending += d.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('ok ')) w.done.push(line.slice(3));
  });
  child.stderr?.on('data', (d: Buffer) => (w.stderr += d.toString()));
  w.exit = new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  return w;
}

/** What is left next to the config file besides it. */
async function leftovers(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name !== 'config').sort();
}

const WRITES = 20;
// Waits under twenty contending writers and busy cores are far longer than this: the window a
// silent owner on another host gets must not make anyone break a live owner on this one.
const SHORT_STALE_MS = 200;

test(`${WRITERS} SDK writer processes x ${WRITES} writes with a heartbeat window shorter than the waits lose and fail nothing`, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-lock-sdk-'));
  try {
    const file = join(dir, 'config');
    await writeFile(file, '');
    const writers = Array.from({ length: WRITERS }, (_, i) => sdkWriter(file, `w${i}`, WRITES, SHORT_STALE_MS));
    const exits = await Promise.all(writers.map((w) => w.exit));
    const failed = exits.flatMap((e, i) => (e.code === 0 ? [] : [`writer ${i}: ${String(e.code ?? e.signal)}: ${writers[i]?.stderr ?? ''}`]));
    assert.deepEqual(failed, [], 'failed writers');
    const loaded = await loadConfig({ env: { PLATFORMCONFIG: file }, homedir: dir });
    const expected = writers.flatMap((_, i) => Array.from({ length: WRITES }, (__, n) => `w${i}-${n}`)).sort();
    assert.deepEqual([...loaded.config.contexts.keys()].sort(), expected, 'lost writes');
    assert.deepEqual(await leftovers(dir), [], 'left files behind');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

// Smaller than the test above: the kills, not the numbers, are what it is about.
const KILL_WRITERS = 12;
const KILL_WRITES = 10;

test(`${KILL_WRITERS} SDK writer processes, some killed mid-write and replaced: nothing lost, nothing left behind`, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-lock-kill-'));
  try {
    const file = join(dir, 'config');
    await writeFile(file, '');
    const all: SdkWriter[] = [];
    const killed = new Set<SdkWriter>();
    let replacements = 0;
    const start = (prefix: string): SdkWriter => {
      const w = sdkWriter(file, prefix, KILL_WRITES, 10_000);
      all.push(w);
      return w;
    };
    // Every other writer is killed at a random moment once it has written something; each gets a
    // replacement, so that writers keep contending after the kills.
    const victims = new Set(Array.from({ length: KILL_WRITERS / 2 }, (_, i) => i * 2 + 1));
    const first = Array.from({ length: KILL_WRITERS }, (_, i) => start(`w${i}`));
    const kills = first.map((w, i) => (victims.has(i) ? new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (w.done.length < 1 + (i % 4)) return;
        clearInterval(poll);
        setTimeout(() => {
          killed.add(w);
          w.child.kill('SIGKILL');
          start(`r${replacements++}`);
          resolve();
        }, Math.random() * 40);
      }, 2);
      void w.exit.then(() => {
        clearInterval(poll);
        resolve();
      });
    }) : Promise.resolve()));
    await Promise.all(kills);
    // Every writer to its end (the replacements were all started by now).
    await Promise.all(all.map((w) => w.exit));
    // One more writer after the last kill: what the killed ones left is cleared by those after them.
    const last = start('last');
    await last.exit;
    const failed: string[] = [];
    for (const [i, w] of all.entries()) {
      if (killed.has(w)) continue;
      const e = await w.exit;
      if (e.code !== 0) failed.push(`writer ${i}: ${String(e.code ?? e.signal)}: ${w.stderr}`);
    }
    assert.deepEqual(failed, [], 'failed writers');
    assert.ok(killed.size >= 3, `only ${killed.size} writers were killed`);
    const loaded = await loadConfig({ env: { PLATFORMCONFIG: file }, homedir: dir });
    const present = new Set(loaded.config.contexts.keys());
    const lost = all.flatMap((w) => w.done).filter((name) => !present.has(name));
    assert.deepEqual(lost, [], 'writes that returned and are not in the file');
    assert.deepEqual(await leftovers(dir), [], 'left behind by killed writers');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
