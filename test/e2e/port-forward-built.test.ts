/**
 * `port-forward` through the built CLI (`bin/platformctl`): the forward, its tunnel and the SPDY
 * codec run from their side bundle there, which the in-process tests never load.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, BUILT_SKIP } from '../support/built-cli.js';
import { writeTestKubeconfig } from '../support/server.js';
import { ask, readyPods, webDeployment } from './port-forward-support.js';
import { openStreamsEnv, SKIP_NODE, waitFor, type StreamsEnv } from './streams-support.js';

const NS = 'pf-built';

describe('port-forward through the built CLI', { skip: SKIP_NODE || BUILT_SKIP }, () => {
  let s: StreamsEnv;
  let home: string;
  let pod = '';
  before(async () => {
    s = await openStreamsEnv(NS, { workloads: true });
    home = await mkdtemp(join(tmpdir(), 'platformctl-pf-built-'));
    await s.api.post(`/apis/apps/v1/namespaces/${NS}/deployments`, webDeployment('built', 1));
    [pod = ''] = await waitFor('a ready pod', async () => {
      const pods = await readyPods(s, 'built');
      return pods.length === 1 ? pods : undefined;
    }, 30_000);
  });
  after(async () => {
    await s?.close();
    await rm(home, { recursive: true, force: true });
  });

  /** Runs `port-forward deploy/built` through the built CLI, `use`s its port, then sends `signal`: its exit code and stderr. */
  async function forwardThenSignal(signal: NodeJS.Signals, use: (port: number, stderr: () => string) => Promise<void>): Promise<{ code: number | null; stderr: string }> {
    const env = { PATH: process.env['PATH'] ?? '', HOME: home, PLATFORMCONFIG: await writeTestKubeconfig(s.server, home, NS), NO_COLOR: '1' };
    const child = spawn(process.execPath, [BIN, 'port-forward', 'deploy/built', ':8080', '--address=127.0.0.1'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const port = await waitFor('the forward to listen', async () => {
        const m = /^Forwarding from 127\.0\.0\.1:(\d+) -> 8080$/m.exec(stdout);
        return m === null ? undefined : Number(m[1]);
      }, 20_000);
      await use(port, () => stderr);
    } finally {
      child.kill(signal);
    }
    return { code: await exited, stderr };
  }

  test('forwards connections to a deployment\'s pod and ends on SIGTERM', async () => {
    const r = await forwardThenSignal('SIGTERM', async (port, stderr) => {
      assert.deepEqual(await Promise.all([ask(port), ask(port), ask(port)]), [pod, pod, pod], stderr());
    });
    // As a shell reports a process ended by SIGTERM, and as kubectl ends (it does not catch it).
    assert.deepEqual(r, { code: 143, stderr: '' });
  });

  test('Ctrl-C (SIGINT) ends a forward cleanly with status 0, as kubectl\'s', async () => {
    const r = await forwardThenSignal('SIGINT', async (port, stderr) => {
      assert.equal(await ask(port), pod, stderr());
    });
    assert.deepEqual(r, { code: 0, stderr: '' });
  });
});
