// Timeouts of weeks on the command line: Node's timers fire a delay past 2^31-1 ms (24.8 days)
// after 1 ms, which made `--request-timeout=720h` fail at once and `wait --timeout=720h` give up
// at once. Go's have no such bound, so kubectl waits the whole time.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/cli.js';
import { startTestServer, writeTestKubeconfig, type TestServer } from '../support/server.js';

let server: TestServer;
let dir: string;
let env: Record<string, string>;

before(async () => {
  server = await startTestServer();
  dir = await mkdtemp(join(tmpdir(), 'platformctl-long-timeouts-'));
  env = { PLATFORMCONFIG: await writeTestKubeconfig(server, dir), HOME: dir };
});
after(async () => {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

test('a request timeout of 30 days lets the request finish', async () => {
  const r = await runCli(['get', 'ns', 'default', '-o', 'name', '--request-timeout=720h'], { env, deadlineMs: 20_000 });
  assert.deepEqual(r, { code: 0, stdout: 'namespace/default\n', stderr: '' });
});

test('wait with a timeout of 30 days waits, and ends when the condition holds', async () => {
  const controller = new AbortController();
  const waiting = runCli(['wait', '--for=create', 'configmap/later', '--timeout=720h'], { env, deadlineMs: 20_000, signal: controller.signal });
  const quick = await Promise.race([waiting.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 500))]);
  assert.equal(quick, 'waiting', 'wait gave up at once');
  const created = await runCli(['create', 'configmap', 'later'], { env, deadlineMs: 20_000 });
  assert.equal(created.code, 0, created.stderr);
  const r = await waiting;
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'configmap/later condition met\n');
});
