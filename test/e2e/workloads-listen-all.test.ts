/**
 * The first Deployment a new user writes: an HTTP server that listens on a port with no address,
 * that is on all addresses. Pods of the process runtime share the machine's network, so the first
 * replica takes the port from every pod and the second crashes with "address already in use";
 * the node says why (a `BindsAllAddresses` warning on the pod that listens on all addresses, an
 * `AddressInUse` one on the pod that crashed), in `describe pod` and `events`. The quick start's
 * Deployment listens on its pod's IP instead, and both replicas serve.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { at, type Body } from '../support/api.js';
import { eventsFor, HAS_PROC } from '../integration/server/node/support.js';
import { isReady, listPods, programContainer, startCluster, waitFor, waitForPods, type WorkloadCluster } from './workloads-support.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const NS = 'wl-listen';
const skip = HAS_PROC ? false : 'listeners are read from /proc (Linux only)';

/** A port nothing listens on now (a listener on all addresses would take it from every test on the machine). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a !== null ? a.port : 0));
    });
  });
}

function nameOf(p: Body): string {
  return String(at(p, 'metadata.name'));
}

describe('a program listening on all addresses', { skip }, () => {
  let c: WorkloadCluster;
  before(async () => {
    c = await startCluster(NS);
  });
  after(async () => {
    await c.close();
  });

  test('two replicas that listen on all addresses: the holder gets BindsAllAddresses, the crashing one AddressInUse; describe and events show them', async () => {
    const port = await freePort();
    const program = `require("http").createServer((q, s) => s.end("ok")).listen(${port})`;
    const deployment: Body = {
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' },
      spec: {
        replicas: 2, selector: { matchLabels: { app: 'web' } },
        template: { metadata: { labels: { app: 'web' } }, spec: { terminationGracePeriodSeconds: 2, containers: [programContainer('web', program, { ports: [{ containerPort: port }] })] } },
      },
    };
    assert.equal((await c.api.post(`/apis/apps/v1/namespaces/${NS}/deployments`, deployment)).status, 201);
    const [holder, crashing] = await waitFor('the warnings', async () => {
      const pods = await listPods(c.api, NS, 'app=web');
      let holds: string | undefined;
      let crashes: string | undefined;
      for (const p of pods) {
        const events = await eventsFor(c.api, NS, nameOf(p));
        if (events.some((e) => e.reason === 'BindsAllAddresses')) holds = nameOf(p);
        if (events.some((e) => e.reason === 'AddressInUse')) crashes = nameOf(p);
      }
      return holds !== undefined && crashes !== undefined ? [holds, crashes] : undefined;
    }, 60_000);
    assert.ok(holder !== undefined && crashing !== undefined && holder !== crashing);
    const [warning] = (await eventsFor(c.api, NS, holder)).filter((e) => e.reason === 'BindsAllAddresses');
    assert.equal(warning?.type, 'Warning');
    assert.equal(warning?.count, 1, 'once per container instance');
    assert.match(warning?.message ?? '', new RegExp(`^Container web listens on all addresses \\((\\[::\\]|0\\.0\\.0\\.0):${port}\\): .*takes port ${port} for every pod on this node.*status\\.podIP, here 127\\.1\\.`));

    const described = await c.cli('describe', 'pod', holder);
    assert.equal(described.code, 0, described.stderr);
    assert.match(described.stdout, /Warning\s+BindsAllAddresses\s+.*Container web listens on all addresses/);
    const crashDescribed = await c.cli('describe', 'pod', crashing);
    assert.match(crashDescribed.stdout, new RegExp(`Warning\\s+AddressInUse\\s+.*Container web exited with "address already in use": pod ${NS}/${holder} \\(container web\\) listens on all addresses`));
    const events = await c.cli('events', '--types=Warning');
    assert.match(events.stdout, new RegExp(`Warning\\s+BindsAllAddresses\\s+Pod/${holder}\\s+Container web listens on all addresses`));
    const fieldPaths = (await c.api.get(`/api/v1/namespaces/${NS}/events`)).body;
    const ref = (at(fieldPaths, 'items') as Body[]).find((e) => at(e, 'reason') === 'BindsAllAddresses');
    assert.equal(at(ref, 'involvedObject.fieldPath'), 'spec.containers{web}');
    assert.equal((await c.cli('delete', 'deployment', 'web')).code, 0);
  });

  test('the quick start\'s Deployment listens on its pod IP: both replicas serve HTTP, and nothing warns', async () => {
    const manifest = (await readFile(join(ROOT, 'examples', 'quickstart', 'app.yaml'), 'utf8')).replaceAll('namespace: demo', `namespace: ${NS}`);
    const file = join(c.home, 'app.yaml');
    await writeFile(file, manifest);
    const applied = await c.cli('apply', '-f', file);
    assert.equal(applied.code, 0, applied.stderr);
    const pods = await waitForPods(c.api, NS, 'app=quickstart', 'both replicas ready', (ps) => ps.length === 2 && ps.every(isReady));
    for (const p of pods) {
      const ip = String(at(p, 'status.podIP'));
      const body = await (await fetch(`http://${ip}:8080/`)).text();
      assert.match(body, new RegExp(nameOf(p)), 'each replica answers on its own address');
    }
    const rollout = await c.cli('rollout', 'status', 'deployment/web');
    assert.equal(rollout.code, 0, rollout.stderr);
    // The checks after start run at 1 s and 3 s: give them time to (not) find anything.
    await new Promise((r) => setTimeout(r, 3500));
    for (const p of pods) {
      const reasons = (await eventsFor(c.api, NS, nameOf(p))).map((e) => e.reason);
      assert.ok(!reasons.includes('BindsAllAddresses') && !reasons.includes('AddressInUse'), reasons.join(', '));
    }
  });
});
