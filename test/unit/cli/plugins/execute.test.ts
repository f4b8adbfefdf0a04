/**
 * Running plugins through the built binary (bin/platformctl) with fixture plugins on a temporary
 * PATH: arguments and environment passed on, exit codes passed through, signals forwarded.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const bin = join(root, 'bin', 'platformctl');
const fixtures = join(root, 'test', 'fixtures', 'plugins');

/** A temp dir on PATH with fixture `from` installed as each of `names`. */
function install(from: string, names: string[]): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'platformctl-plugin-exec-'));
  for (const n of names) {
    copyFileSync(join(fixtures, from), join(dir, n));
    chmodSync(join(dir, n), 0o755);
  }
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

function envFor(dir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: `${dir}:${process.env.PATH ?? ''}`, HOME: dir, ...extra };
}

test('arguments, environment and exit code are passed through', () => {
  const p = install('report-args', ['platformctl-foo-bar']);
  try {
    const r = spawnSync(process.execPath, [bin, 'foo', 'bar', 'a b', '--flag=1', '-x'], {
      env: envFor(p.dir, { PLUGIN_TEST_VALUE: 'hello', PLUGIN_EXIT_CODE: '7' }),
      encoding: 'utf8',
    });
    assert.equal(r.stderr, '');
    assert.equal(r.stdout, 'name=platformctl-foo-bar\narg=a b\narg=--flag=1\narg=-x\nenv=hello\n');
    assert.equal(r.status, 7);
  } finally {
    p.cleanup();
  }
});

test('dashed command words run the underscored file, as kubectl', () => {
  const p = install('report-args', ['platformctl-foo_bar']);
  try {
    const r = spawnSync(process.execPath, [bin, 'foo-bar', 'baz'], { env: envFor(p.dir), encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, 'name=platformctl-foo_bar\narg=baz\nenv=unset\n');
  } finally {
    p.cleanup();
  }
});

/** Starts `platformctl <args>` and resolves once the plugin has written its ready file. */
async function startAndWait(dir: string, args: string[]) {
  const ready = join(dir, 'ready');
  const signalFile = join(dir, 'signals');
  const child = spawn(process.execPath, [bin, ...args], {
    env: envFor(dir, { PLUGIN_READY_FILE: ready, PLUGIN_SIGNAL_FILE: signalFile }),
    stdio: 'ignore',
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const deadline = Date.now() + 10_000;
  while (!existsSync(ready)) {
    if (Date.now() > deadline) throw new Error('the plugin did not start');
    await new Promise((r) => setTimeout(r, 20));
  }
  return { child, exited, signalFile };
}

for (const [signal, code] of [['SIGTERM', 43], ['SIGINT', 42]] as const) {
  test(`${signal} sent to platformctl reaches the plugin, whose exit code is passed on`, async () => {
    const p = install('trap-signals', ['platformctl-trapper']);
    try {
      const { child, exited, signalFile } = await startAndWait(p.dir, ['trapper']);
      child.kill(signal);
      const end = await exited;
      assert.deepEqual(end, { code, signal: null });
      assert.equal(readFileSync(signalFile, 'utf8'), `${signal.slice(3)}\n`);
    } finally {
      p.cleanup();
    }
  });
}

test('a plugin killed by a signal gives 128 + its number', async () => {
  const p = install('wait-forever', ['platformctl-waiter']);
  try {
    const { child, exited } = await startAndWait(p.dir, ['waiter']);
    child.kill('SIGTERM');
    assert.deepEqual(await exited, { code: 143, signal: null });
  } finally {
    p.cleanup();
  }
});
