/**
 * Ctrl-C with real processes of the built binary: SIGINT during `apply -f` of 3,001 files ends it
 * at once with one summary line and exit code 130 (not one error per cancelled object); `get -w`
 * and `watch` end with 130 after complete lines. The first SIGINT gives the command a short grace
 * period; the exit time is measured from the signal.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestServer, writeTestKubeconfig, type TestServer } from '../support/server.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'platformctl');
const skip = existsSync(join(ROOT, 'dist', 'cli', 'platformctl.cjs')) ? false : 'dist/cli is not built (npm run build)';

interface Interrupted {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Milliseconds from SIGINT to the exit. */
  exitMs: number;
}

/** Runs the binary, sends SIGINT once `ready(stdout)` holds, and reports how it ended. */
function interrupt(args: string[], env: NodeJS.ProcessEnv, cwd: string, ready: (stdout: string) => boolean): Promise<Interrupted> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let sentAt: number | undefined;
    const deadline = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`never ready: ${stdout.slice(-500)} ${stderr}`));
    }, 120_000);
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (sentAt === undefined && ready(stdout)) {
        sentAt = performance.now();
        child.kill('SIGINT');
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      const exitMs = sentAt === undefined ? Number.NaN : performance.now() - sentAt;
      clearTimeout(deadline);
      // Let the pipes drain.
      setTimeout(() => resolve({ code, signal, stdout, stderr, exitMs }), 50);
    });
  });
}

async function workspace(): Promise<{ server: TestServer; dir: string; env: NodeJS.ProcessEnv; close(): Promise<void> }> {
  const server = await startTestServer();
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-interrupt-'));
  const config = await writeTestKubeconfig(server, join(dir, '.config'));
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '', HOME: join(dir, '.home'), NO_COLOR: '1', PLATFORMCONFIG: config };
  return {
    server, dir, env,
    async close() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

test('Ctrl-C during apply -f of 3,001 files: one summary line, exit 130, at once', { skip }, async () => {
  const ws = await workspace();
  try {
    await mkdir(join(ws.dir, 'many'));
    for (let i = 0; i < 3001; i++) {
      await writeFile(join(ws.dir, 'many', `cm-${String(i).padStart(4, '0')}.yaml`), `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: many-${i}\ndata:\n  k: v\n`);
    }
    const r = await interrupt(['apply', '-f', 'many'], ws.env, ws.dir, (out) => out.split('\n').length > 20);
    process.stdout.write(`# apply -f (3,001 files): exited ${r.exitMs.toFixed(1)} ms after SIGINT\n`);
    assert.equal(r.code, 130, r.stderr);
    const m = /^interrupted: (\d+) of 3001 objects applied\n$/.exec(r.stderr);
    assert.ok(m !== null, `stderr: ${r.stderr.slice(0, 1000)}`);
    const lines = r.stdout.split('\n').filter((l) => l !== '');
    assert.equal(Number(m[1]), lines.length, 'the summary counts the objects reported as applied');
    assert.ok(lines.every((l) => /^configmap\/many-\d+ created$/.test(l)), 'only complete result lines');
    assert.ok(Number(m[1]) < 3001);
    // The forced exit comes 150 ms after the signal; the bound leaves room for a loaded machine
    // (the measured time is printed above), while a run that kept applying would take many seconds.
    assert.ok(r.exitMs < 3000, `exited ${r.exitMs} ms after SIGINT`);
  } finally {
    await ws.close();
  }
});

test('Ctrl-C ends get -w and watch with exit code 130 after complete lines', { skip }, async () => {
  const ws = await workspace();
  try {
    for (const args of [['get', 'namespaces', '-w'], ['watch', 'namespaces'], ['get', 'namespaces', '-w', '-o', 'name']]) {
      const r = await interrupt(args, ws.env, ws.dir, (out) => out.includes('default'));
      process.stdout.write(`# ${args.join(' ')}: exited ${r.exitMs.toFixed(1)} ms after SIGINT\n`);
      assert.equal(r.code, 130, `${args.join(' ')}: ${r.stderr}`);
      assert.equal(r.stderr, '');
      assert.ok(r.stdout.endsWith('\n'), 'the output ends with a complete line');
      assert.ok(r.exitMs < 3000, `exited ${r.exitMs} ms after SIGINT`);
    }
  } finally {
    await ws.close();
  }
});
