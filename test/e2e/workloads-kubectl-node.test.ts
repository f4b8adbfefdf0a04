/**
 * Stock kubectl 1.32, through the rename proxy, against a local server whose node runs the pods as
 * processes: `rollout status`, `scale`, `set image`, `top pod`, `get pods -w` and `drain` behave
 * as against a real cluster. Skipped, with the reason printed, without kubectl.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { at } from '../support/api.js';
import { kubectlSkipReason, startProxiedKubectl, type ProxiedKubectl } from '../support/kubectl-proxy.js';
import { HAS_PROC } from '../integration/server/node/support.js';
import { httpContainer, isReady, programContainer, startCluster, waitFor, waitForPods, type WorkloadCluster } from './workloads-support.js';

const NS = 'default';
const skip = kubectlSkipReason() ?? (HAS_PROC ? false : 'the process runtime is tested on Linux');
if (skip !== false) console.log(`# skipping kubectl against the running node: ${skip}`);

describe('kubectl against the one-node cluster', { skip }, () => {
  let c: WorkloadCluster;
  let kubectl: ProxiedKubectl;
  before(async () => {
    c = await startCluster('wl-kubectl');
    kubectl = await startProxiedKubectl(c.server);
    const created = await c.api.post(`/apis/apps/v1/namespaces/${NS}/deployments`, {
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' },
      spec: {
        // minReadySeconds keeps each new pod unavailable for a while, so `rollout status` started
        // after `set image` still sees the rollout's first step however loaded the machine is.
        replicas: 2, minReadySeconds: 3, selector: { matchLabels: { app: 'web' } },
        strategy: { rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
        template: { metadata: { labels: { app: 'web' } }, spec: { terminationGracePeriodSeconds: 2, containers: [httpContainer()] } },
      },
    });
    assert.equal(created.status, 201, created.text);
  });
  after(async () => {
    await kubectl.close();
    await c.close();
  });

  test('rollout status waits for the processes to be ready', async () => {
    const r = await kubectl.run(['rollout', 'status', 'deployment/web', '--timeout=60s']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /deployment "web" successfully rolled out\n$/);
    const pods = await waitForPods(c.api, NS, 'app=web', 'two ready pods', (p) => p.length === 2 && p.every(isReady));
    assert.equal(pods.length, 2);
  });

  test('get pods -w streams the pods of a rollout started by set image', async () => {
    const watcher = spawn('kubectl', ['get', 'pods', '-w', '-l', 'app=web', '--output-watch-events'], { env: kubectl.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    watcher.stdout.setEncoding('utf8');
    watcher.stdout.on('data', (chunk: string) => (out += chunk));
    let err = '';
    watcher.stderr.setEncoding('utf8');
    watcher.stderr.on('data', (chunk: string) => (err += chunk));
    try {
      await waitFor('the first listing', async () => (/^EVENT\s+NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\n/.test(out) && out.split('\n').length >= 4 ? true : undefined));
      const set = await kubectl.run(['set', 'image', 'deployment/web', 'web=node:22-alpine']);
      assert.equal(set.code, 0, set.stderr);
      assert.equal(set.stdout, 'deployment.apps/web image updated\n');
      const status = await kubectl.run(['rollout', 'status', 'deployment/web', '--timeout=90s']);
      assert.equal(status.code, 0, status.stderr);
      assert.match(status.stdout, /Waiting for deployment "web" rollout to finish: 1 out of 2 new replicas have been updated\.\.\.\n/);
      // Whole lines only: the watcher is stopped next, and a line it is still writing would be cut.
      await waitFor('the old pods deleted in the watch', async () => ((out.match(/^DELETED\s.*\n/gm) ?? []).length >= 2 ? true : undefined), 30_000);
    } finally {
      watcher.kill();
    }
    assert.equal(err, '');
    const lines = out.trim().split('\n').slice(1);
    for (const line of lines) assert.match(line, /^(ADDED|MODIFIED|DELETED)\s+web-[a-z0-9]+-[a-z0-9]{5}\s+[0-2]\/1\s+\S+\s+\d+( \(\S+ ago\))?\s+\S+$/, line);
    assert.ok(lines.some((l) => /^ADDED\s.*\s0\/1\s+Pending\s/.test(l)), 'a new pod appears Pending');
    assert.ok(lines.some((l) => /^MODIFIED\s.*\s1\/1\s+Running\s/.test(l)), 'and becomes ready');
    assert.ok(lines.some((l) => /^MODIFIED\s.*\s1\/1\s+Terminating\s/.test(l)), 'old pods terminate');
  });

  test('scale to 3 and back to 1', async () => {
    const up = await kubectl.run(['scale', 'deployment/web', '--replicas=3']);
    assert.equal(up.code, 0, up.stderr);
    assert.equal(up.stdout, 'deployment.apps/web scaled\n');
    const status = await kubectl.run(['rollout', 'status', 'deployment/web', '--timeout=60s']);
    assert.equal(status.code, 0, status.stderr);
    await waitForPods(c.api, NS, 'app=web', 'three ready pods', (p) => p.length === 3 && p.every(isReady));
    const down = await kubectl.run(['scale', 'deployment/web', '--replicas=1', '--current-replicas=3']);
    assert.equal(down.code, 0, down.stderr);
    await waitForPods(c.api, NS, 'app=web', 'one pod', (p) => p.length === 1);
  });

  test('top pod shows the usage of the processes', async () => {
    const burner = await c.api.post(`/api/v1/namespaces/${NS}/pods`, {
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'burner', labels: { app: 'burner' } },
      spec: { terminationGracePeriodSeconds: 1, containers: [programContainer('main', 'setInterval(() => { const end = Date.now() + 40; while (Date.now() < end) {} }, 100)')] },
    });
    assert.equal(burner.status, 201, burner.text);
    const top = await waitFor('kubectl top pod', async () => {
      const r = await kubectl.run(['top', 'pod', 'burner', '--no-headers']);
      const m = /^burner\s+(\d+)m\s+(\d+)Mi\s*$/.exec(r.stdout);
      return m !== null && Number(m[1]) > 100 ? r : undefined;
    }, 30_000);
    assert.equal(top.stderr, '');
    const containers = await kubectl.run(['top', 'pod', '--containers', '-l', 'app=burner']);
    assert.match(containers.stdout, /^POD\s+NAME\s+CPU\(cores\)\s+MEMORY\(bytes\)\s*\nburner\s+main\s+\d+m\s+\d+Mi\s*\n$/);
    const mine = await c.cli('top', 'pod', '--containers', '-l', 'app=burner', '-n', NS);
    assert.match(mine.stdout, /^POD\s+NAME\s+CPU\(cores\)\s+MEMORY\(bytes\)\s*\nburner\s+main\s+\d+m\s+\d+Mi\s*\n$/);
    const node = await kubectl.run(['top', 'node']);
    assert.equal(node.code, 0, node.stderr);
    assert.match(node.stdout, /^NAME\s+CPU\(cores\)\s+CPU(%)?\s*\(?%?\)?\s+MEMORY\(bytes\)\s+MEMORY(%)?.*\nlocal\s+\d+m\s+\d+%\s+\d+Mi\s+\d+%\s*\n$/);
    assert.equal((await c.api.delete(`/api/v1/namespaces/${NS}/pods/burner?gracePeriodSeconds=0`)).status, 200);
  });

  test('drain evicts the pods of the node through the eviction API', async () => {
    const old = (await waitForPods(c.api, NS, 'app=web', 'one pod', (p) => p.length === 1)).map((p) => String(at(p, 'metadata.name')));
    const drained = await kubectl.run(['drain', 'local', '--ignore-daemonsets', '--timeout=60s']);
    assert.equal(drained.code, 0, drained.stderr);
    assert.equal(drained.stdout, `node/local cordoned\nevicting pod default/${old[0] ?? ''}\npod/${old[0] ?? ''} evicted\nnode/local drained\n`);
    const pending = await waitForPods(c.api, NS, 'app=web', 'a pending replacement', (p) => p.length === 1 && at(p[0], 'status.phase') === 'Pending');
    assert.notEqual(at(pending[0], 'metadata.name'), old[0]);
    const uncordoned = await kubectl.run(['uncordon', 'local']);
    assert.equal(uncordoned.stdout, 'node/local uncordoned\n');
    await waitForPods(c.api, NS, 'app=web', 'the replacement ready', (p) => p.length === 1 && p.every(isReady));
  });
});
