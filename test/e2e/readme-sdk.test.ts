/**
 * Keeps the README's SDK section true: its snippets (test/types/readme-<n>.ts, the same text as the
 * README's, test/unit/sdk/readme-snippets.test.ts checks) are compiled by the build, and here each
 * runs as its own program, in order, as a user runs them after `platformctl local start`: against
 * a local server whose node runs pods as processes, through a config file that makes it current,
 * importing the SDK by its package name. Each must end by itself (a snippet that leaves a watch, a
 * socket or a timer behind hangs, and fails on the timeout).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CONFIG_ENV } from '../../src/sdk/naming.js';
import { fastNode, HAS_PROC } from '../integration/server/node/support.js';
import { startTestServer, writeTestKubeconfig, type TestServer } from '../support/server.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SNIPPETS = join(ROOT, 'dist', 'test', 'types');
const run = promisify(execFile);
const skip = !existsSync(join(ROOT, 'dist', 'src', 'sdk', 'index.js')) || !existsSync(join(SNIPPETS, 'readme-1.js'))
  ? 'the project is not built (npm run build)'
  : HAS_PROC ? false : 'the process runtime runs pods on Linux only';

let server: TestServer | undefined;
let dir = '';
let env: NodeJS.ProcessEnv = {};

before(async () => {
  if (skip !== false) return;
  dir = await mkdtemp(join(tmpdir(), 'platformctl-readme-sdk-'));
  server = await startTestServer({ workloads: true, node: fastNode() });
  const config = await writeTestKubeconfig(server, join(dir, 'home', '.platform'));
  env = { ...process.env, HOME: join(dir, 'home'), [CONFIG_ENV]: config };
});
after(async () => {
  await server?.stop();
  if (dir !== '') await rm(dir, { recursive: true, force: true });
});

/** What each snippet prints, in README order. */
const EXPECTED: readonly RegExp[] = [
  /^created settings [0-9a-f-]{36}\nmode slow\ndeployments 0\n$/,
  /^deployment\.apps\/hello serverside-applied\n$/,
  /^(?:(?:ADDED|MODIFIED) hello-\S+ \w+ not ready\n)*(?:ADDED|MODIFIED) hello-\S+ Running ready\n$/,
  /^hello from (hello-\S+)\nlog: listening on 8080\nlog: GET \/\n\d+\nexit code 0\n$/,
  /^copied both ways\n\nready true \d+ checks passed\n(?:node \S+ cpu \S+\n)*$/,
  /^no such deployment\n$/,
];

test('the README\'s SDK snippets run as written, in order, against a local server', { skip, timeout: 240_000 }, async () => {
  const files = readdirSync(SNIPPETS).filter((f) => /^readme-\d+\.js$/.test(f)).sort((a, b) => Number(a.slice(7, -3)) - Number(b.slice(7, -3)));
  assert.equal(files.length, EXPECTED.length, `a pattern for each snippet: ${files.join(', ')}`);
  for (const [i, file] of files.entries()) {
    const r = await run(process.execPath, [join(SNIPPETS, file)], { cwd: dir, env, timeout: 60_000 })
      .catch((e: { stdout?: string; stderr?: string; signal?: string }) =>
        assert.fail(`${file} failed${e.signal === undefined || e.signal === null ? '' : ` (${e.signal}: it did not end by itself)`}:\n${e.stderr ?? ''}${e.stdout ?? ''}`));
    assert.match(r.stdout, EXPECTED[i] as RegExp, `${file} printed:\n${r.stdout}`);
    assert.equal(r.stderr, '', `${file} wrote to stderr`);
  }
});
