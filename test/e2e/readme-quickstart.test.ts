/**
 * Keeps the README true: runs its quick start, line by line, on a fresh home directory with the
 * built CLI, as a new user would.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'platformctl');
const built = existsSync(join(ROOT, 'dist', 'cli', 'platformctl.cjs'));
const run = promisify(execFile);

/** The commands of the README's quick start block, without comments. */
async function quickStartLines(): Promise<string[]> {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const section = readme.split('\n## Quick start\n')[1] ?? '';
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block.split('\n').map((l) => l.replace(/\s+#.*$/, '').trim()).filter((l) => l !== '');
}

/** Splits a command line the way a POSIX shell does for plain words and single quotes. */
function words(line: string): string[] {
  const out: string[] = [];
  let current = '';
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      assert.ok(end > i, `unterminated quote in: ${line}`);
      current += line.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (ch === ' ') {
      if (inWord) out.push(current);
      current = '';
      inWord = false;
    } else {
      current += ch;
      inWord = true;
    }
  }
  if (inWord) out.push(current);
  return out;
}

test('the README quick start runs on a fresh home directory', { skip: built ? false : 'the CLI bundle is not built (npm run build)' }, async () => {
  const lines = await quickStartLines();
  assert.ok(lines.length >= 4, 'the quick start has commands');
  const home = await mkdtemp(join(tmpdir(), 'platformctl-readme-'));
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, NO_COLOR: '1' };
  delete env.PLATFORMCONFIG;
  const outputs: string[] = [];
  try {
    for (const line of lines) {
      const [bin, ...args] = words(line);
      assert.equal(bin, 'bin/platformctl', `quick start lines run the CLI: ${line}`);
      const result = await run(process.execPath, [BIN, ...args], { env, cwd: ROOT, timeout: 60_000 })
        .catch((e: { stdout?: string; stderr?: string }) => assert.fail(`${line}\n${e.stderr ?? ''}${e.stdout ?? ''}`));
      outputs.push(result.stdout);
    }
    const all = outputs.join('');
    assert.match(all, /Local server running at https:\/\/127\.0\.0\.1:\d+/);
    assert.match(all, /Server Version: /);
    assert.match(all, /configmap\/app-settings created/);
    assert.match(all, /app-features app-settings|app-settings app-features/);
    // The Deployment runs: both replicas' processes started, as `rollout status` and `get pods` show.
    assert.match(all, /deployment "web" successfully rolled out/);
    assert.equal((all.match(/^pod\/web-[a-z0-9]+-[a-z0-9]{5}\s+1\/1\s+Running\s+0\s+/gm) ?? []).length, 2, all);
  } finally {
    await run(process.execPath, [BIN, 'local', 'stop'], { env }).catch(() => undefined);
    const pid = Number.parseInt(await readFile(join(home, '.platform', 'local', 'server.pid'), 'utf8').catch(() => ''), 10);
    if (Number.isInteger(pid) && pid > 0) {
      try { process.kill(pid, 'SIGKILL'); } catch { /* already gone */ }
    }
    await rm(home, { recursive: true, force: true });
  }
});
