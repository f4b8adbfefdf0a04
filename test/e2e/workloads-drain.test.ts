/**
 * `drain` of the node `local` running a Deployment's processes: a PodDisruptionBudget in the way
 * makes it refuse (the eviction API answers 429 until the timeout); without it the pods are evicted,
 * their processes stop, and their replacements wait Pending on the cordoned node until `uncordon`.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { arrayAt, at } from '../support/api.js';
import { HAS_PROC, processesWith } from '../integration/server/node/support.js';
import { httpContainer, isReady, listPods, startCluster, waitFor, waitForPods, type WorkloadCluster } from './workloads-support.js';

const NS = 'wl-drain';
const skip = HAS_PROC ? false : 'the process runtime is tested on Linux';

describe('drain evicts the pods of the node, and refuses with a PodDisruptionBudget in the way', { skip }, () => {
  let c: WorkloadCluster;
  const marker = `drain-marker-${process.pid}`;
  before(async () => {
    c = await startCluster(NS);
    const created = await c.api.post(`/apis/apps/v1/namespaces/${NS}/deployments`, {
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'guarded' },
      spec: {
        replicas: 2, selector: { matchLabels: { app: 'guarded' } },
        template: { metadata: { labels: { app: 'guarded' } }, spec: { terminationGracePeriodSeconds: 2, containers: [httpContainer({ env: [{ name: 'MARKER', value: marker }], args: [marker] })] } },
      },
    });
    assert.equal(created.status, 201, created.text);
    assert.equal((await c.cli('rollout', 'status', 'deployment/guarded', '--timeout=60s')).code, 0);
  });
  after(async () => {
    await c.close();
  });

  test('a PodDisruptionBudget that allows no disruption makes drain give up at its timeout', async () => {
    const pdb = await c.api.post(`/apis/policy/v1/namespaces/${NS}/poddisruptionbudgets`, {
      apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'keep-two' }, spec: { minAvailable: 2, selector: { matchLabels: { app: 'guarded' } } },
    });
    assert.equal(pdb.status, 201, pdb.text);
    await waitFor('the budget to count two healthy pods', async () => {
      const r = await c.api.get(`/apis/policy/v1/namespaces/${NS}/poddisruptionbudgets/keep-two`);
      return at(r.body, 'status.currentHealthy') === 2 && at(r.body, 'status.disruptionsAllowed') === 0 ? true : undefined;
    });
    const before = (await listPods(c.api, NS, 'app=guarded')).map((p) => String(at(p, 'metadata.name'))).sort();
    const refused = await c.cli('drain', 'local', '--ignore-daemonsets', '--timeout=4s');
    assert.equal(refused.code, 1);
    assert.match(refused.stdout, /^node\/local cordoned\n/);
    assert.match(refused.stdout, /evicting pod wl-drain\/guarded-/);
    assert.match(refused.stderr, /error when evicting pods\/"guarded-[a-z0-9-]+" -n "wl-drain" \(will retry after 5s\): Cannot evict pod as it would violate the pod's disruption budget\./);
    assert.match(refused.stderr, /There are pending pods in node "local" when an error occurred: .*global timeout reached: 4s/);
    const after = (await listPods(c.api, NS, 'app=guarded')).filter((p) => at(p, 'metadata.deletionTimestamp') === undefined).map((p) => String(at(p, 'metadata.name'))).sort();
    assert.deepEqual(after, before, 'no pod was evicted');
    assert.equal(processesWith(marker).length, 2, 'both processes still run');
    const node = (await c.api.get('/api/v1/nodes/local')).body;
    assert.equal(at(node, 'spec.unschedulable'), true, 'the node stays cordoned');
    assert.equal((await c.cli('uncordon', 'local')).stdout, 'node/local uncordoned\n');
  });

  test('without the budget the pods are evicted, their processes stop, and the replacements wait for uncordon', async () => {
    assert.equal((await c.api.delete(`/apis/policy/v1/namespaces/${NS}/poddisruptionbudgets/keep-two`)).status, 200);
    const old = (await listPods(c.api, NS, 'app=guarded')).map((p) => String(at(p, 'metadata.name')));
    const drained = await c.cli('drain', 'local', '--ignore-daemonsets', '--timeout=60s');
    assert.equal(drained.code, 0, drained.stderr);
    const lines = drained.stdout.split('\n');
    assert.equal(lines[0], 'node/local cordoned');
    for (const name of old) {
      assert.ok(lines.includes(`evicting pod ${NS}/${name}`), drained.stdout);
      assert.ok(lines.includes(`pod/${name} evicted`), drained.stdout);
    }
    assert.equal(lines.at(-2), 'node/local drained');
    await waitFor('the evicted processes to stop', async () => (processesWith(marker).length === 0 ? true : undefined));
    const pending = await waitForPods(c.api, NS, 'app=guarded', 'two replacements pending', (p) => p.length === 2 && p.every((x) => at(x, 'status.phase') === 'Pending'));
    for (const p of pending) {
      assert.ok(!old.includes(String(at(p, 'metadata.name'))));
      const scheduled = arrayAt(p, 'status.conditions').find((x) => at(x, 'type') === 'PodScheduled');
      assert.equal(at(scheduled, 'status'), 'False');
      assert.equal(at(scheduled, 'reason'), 'Unschedulable');
      assert.match(String(at(scheduled, 'message')), /node\(s\) were unschedulable/);
    }
    assert.equal((await c.cli('uncordon', 'local')).stdout, 'node/local uncordoned\n');
    await waitForPods(c.api, NS, 'app=guarded', 'the replacements running', (p) => p.length === 2 && p.every(isReady));
    await waitFor('the replacements\' processes', async () => (processesWith(marker).length === 2 ? true : undefined));
  });
});
