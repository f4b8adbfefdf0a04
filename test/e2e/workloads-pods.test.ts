/**
 * Single pods as the CLI shows them: a crashing container reaches CrashLoopBackOff with growing
 * delays (`get pods` STATUS and RESTARTS, the BackOff events); a readiness probe turns a pod unready
 * and ready again (`get pods` READY); a program that ignores SIGTERM is killed after its grace
 * period when `delete` waits for it.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { at, type Body } from '../support/api.js';
import { containerStatus, HAS_PROC, processesWith } from '../integration/server/node/support.js';
import { EXIT_1, IGNORE_SIGTERM, programContainer, startCluster, waitFor, type WorkloadCluster } from './workloads-support.js';

const NS = 'wl-pods';
const PODS = `/api/v1/namespaces/${NS}/pods`;
const skip = HAS_PROC ? false : 'the process runtime is tested on Linux';

function pod(name: string, container: Body, extra: Body = {}): Body {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { terminationGracePeriodSeconds: 2, containers: [container], ...extra } };
}

/** The cells of the pod's line of `get pods NAME --no-headers`. */
async function row(c: WorkloadCluster, name: string): Promise<string[]> {
  return (await c.cli('get', 'pods', name, '--no-headers')).stdout.trim().split(/\s{2,}/);
}

describe('pods seen through the CLI', { skip }, () => {
  let c: WorkloadCluster;
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wl-pods-'));
    c = await startCluster(NS);
  });
  after(async () => {
    await c.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('a crashing container reaches CrashLoopBackOff with growing delays', async () => {
    assert.equal((await c.api.post(PODS, pod('crash', programContainer('main', EXIT_1)))).status, 201);
    const delays: string[] = [];
    let seenInTable = false;
    await waitFor('three back-offs', async () => {
      const p = (await c.api.get(`${PODS}/crash`)).body;
      const waiting = at(containerStatus(p), 'state.waiting') as Body | undefined;
      const delay = /^back-off (\S+) restarting failed container/.exec(String(waiting?.message ?? ''))?.[1];
      if (waiting?.reason === 'CrashLoopBackOff' && delay !== undefined && !delays.includes(delay)) {
        delays.push(delay);
        const cells = await row(c, 'crash');
        if (cells[2] === 'CrashLoopBackOff') seenInTable = true;
      }
      return delays.length >= 3 ? true : undefined;
    }, 30_000);
    // The delays double from 300 ms up to the 5 s cap; a loaded machine may poll past one of them.
    const doubling = ['300ms', '600ms', '1.2s', '2.4s', '4.8s', '5s'];
    const positions = delays.map((d) => doubling.indexOf(d));
    assert.ok(positions.every((p, i) => p >= 0 && (i === 0 || p > (positions[i - 1] ?? -1))), `growing delays: ${delays.join(', ')}`);
    assert.equal(delays[0], '300ms');
    assert.ok(seenInTable, 'get pods shows CrashLoopBackOff');
    const cells = await row(c, 'crash');
    assert.equal(cells[1], '0/1');
    assert.ok(Number(/^\d+/.exec(cells[3] ?? '')?.[0]) >= 3, `RESTARTS counts up: ${cells.join(' | ')}`);
    const events = await c.cli('events', '--for', 'pod/crash', '--types=Warning');
    assert.match(events.stdout, /Warning\s+BackOff\s+Pod\/crash\s+Back-off restarting failed container main in pod crash_wl-pods\(/);
    assert.equal((await c.cli('delete', 'pod', 'crash')).code, 0);
  });

  test('a readiness probe turns the pod unready and ready again', async () => {
    const flag = join(dir, 'unready');
    const check = [process.execPath, '-e', `process.exit(require("fs").existsSync(${JSON.stringify(flag)}) ? 1 : 0)`];
    const container = programContainer('main', 'setInterval(() => {}, 1000)', { readinessProbe: { exec: { command: check }, periodSeconds: 1, failureThreshold: 1 } });
    assert.equal((await c.api.post(PODS, pod('probed', container))).status, 201);
    await waitFor('READY 1/1', async () => ((await row(c, 'probed'))[1] === '1/1' ? true : undefined));
    await writeFile(flag, '');
    await waitFor('READY 0/1', async () => ((await row(c, 'probed'))[1] === '0/1' ? true : undefined));
    assert.equal((await row(c, 'probed'))[2], 'Running', 'an unready pod keeps running');
    const events = await c.cli('events', '--for', 'pod/probed', '--types=Warning');
    assert.match(events.stdout, /Warning\s+Unhealthy\s+Pod\/probed\s+Readiness probe failed/);
    await rm(flag);
    await waitFor('READY 1/1 again', async () => ((await row(c, 'probed'))[1] === '1/1' ? true : undefined));
    assert.equal((await c.cli('delete', 'pod', 'probed')).code, 0);
  });

  test('a program that ignores SIGTERM is killed after its grace period', async () => {
    const marker = `stubborn-${process.pid}`;
    assert.equal((await c.api.post(PODS, pod('stubborn', programContainer('main', IGNORE_SIGTERM, { args: [marker] })))).status, 201);
    await waitFor('running', async () => ((await row(c, 'stubborn'))[2] === 'Running' ? true : undefined));
    // Running is reported when the process starts; until the program has installed its handler,
    // SIGTERM still kills it at once (as on a real node), so wait for the program to say so.
    await waitFor('the SIGTERM handler', async () => ((await c.cli('logs', 'stubborn')).stdout.includes('handler installed') ? true : undefined));
    assert.equal(processesWith(marker).length, 1);
    const started = Date.now();
    const deleted = await c.cli('delete', 'pod', 'stubborn');
    const took = Date.now() - started;
    assert.equal(deleted.code, 0, deleted.stderr);
    assert.equal(deleted.stdout, 'pod "stubborn" deleted\n');
    assert.ok(took >= 1500, `delete waited for the grace period (${took} ms)`);
    assert.deepEqual(processesWith(marker), [], 'SIGKILL ended it');
  });
});
