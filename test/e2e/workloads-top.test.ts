/**
 * `top pod` and `top node` show numbers that move with the load: a pod whose process burns CPU
 * while a flag file exists reads low, then high, then low again.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HAS_PROC } from '../integration/server/node/support.js';
import { programContainer, startCluster, waitFor, waitForPods, type WorkloadCluster } from './workloads-support.js';

const NS = 'wl-top';
const skip = HAS_PROC ? false : 'the process runtime is tested on Linux';

/** The CPU column of `top pod NAME --no-headers` in millicores (undefined before metrics exist). */
async function podCpu(c: WorkloadCluster, name: string): Promise<number | undefined> {
  const r = await c.cli('top', 'pod', name, '--no-headers');
  const m = /^\S+\s+(\d+)m\s+(\d+)Mi\s*$/.exec(r.stdout);
  return r.code === 0 && m !== null ? Number(m[1]) : undefined;
}

describe('top follows the load of the pod processes', { skip }, () => {
  let c: WorkloadCluster;
  let dir: string;
  let flag: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wl-top-'));
    flag = join(dir, 'burn');
    c = await startCluster(NS);
    // Burns CPU in slices of 50 ms while the flag file exists; otherwise sleeps.
    const program = `const fs = require("fs"); setInterval(() => { if (fs.existsSync(${JSON.stringify(flag)})) { const end = Date.now() + 95; while (Date.now() < end) {} } }, 100)`;
    const created = await c.api.post(`/api/v1/namespaces/${NS}/pods`, {
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'burner', labels: { app: 'burner' } },
      spec: { terminationGracePeriodSeconds: 1, containers: [programContainer('main', program)] },
    });
    assert.equal(created.status, 201, created.text);
    await waitForPods(c.api, NS, 'app=burner', 'the pod running', (p) => p.length === 1 && p[0]?.status !== undefined && (p[0].status as { phase?: string }).phase === 'Running');
  });
  after(async () => {
    await c.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('idle, busy, idle again', async () => {
    const idle = await waitFor('an idle reading', async () => {
      const cpu = await podCpu(c, 'burner');
      return cpu !== undefined && cpu < 100 ? cpu : undefined;
    }, 30_000);
    await writeFile(flag, '');
    const busy = await waitFor('a busy reading', async () => {
      const cpu = await podCpu(c, 'burner');
      return cpu !== undefined && cpu > 400 ? cpu : undefined;
    }, 30_000);
    assert.ok(busy > idle);
    const nodes = await c.cli('top', 'node', '--no-headers');
    assert.match(nodes.stdout, /^local\s+\d+m\s+\d+%\s+\d+Mi\s+\d+%\s*$/);
    await rm(flag);
    await waitFor('an idle reading again', async () => {
      const cpu = await podCpu(c, 'burner');
      return cpu !== undefined && cpu < 100 ? cpu : undefined;
    }, 30_000);
    const table = await c.cli('top', 'pod', '--containers');
    assert.match(table.stdout, /^POD\s+NAME\s+CPU\(cores\)\s+MEMORY\(bytes\)\s*\nburner\s+main\s+\d+m\s+\d+Mi\s*\n$/);
  });
});
