/**
 * A Deployment whose pods are HTTP servers run by the process runtime: it becomes Available and
 * `rollout status` returns; a template change rolls the pods within maxSurge/maxUnavailable (the
 * order of creations, readiness and deletions is recorded from a watch and checked); `rollout undo`
 * restores the previous template; `scale` to 5 and to 1.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { at, type Body } from '../support/api.js';
import { HAS_PROC } from '../integration/server/node/support.js';
import { httpContainer, isReady, startCluster, waitFor, waitForPods, type WorkloadCluster } from './workloads-support.js';

const NS = 'wl-deploy';
const DEPLOY = `/apis/apps/v1/namespaces/${NS}/deployments/web`;

function httpGet(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, timeout: 2000 }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}

const skip = HAS_PROC ? false : 'the process runtime is tested on Linux';

describe('a Deployment of HTTP servers: available, rolled, undone and scaled', { skip }, () => {
  let c: WorkloadCluster;
  before(async () => {
    c = await startCluster(NS);
    const created = await c.api.post(`/apis/apps/v1/namespaces/${NS}/deployments`, {
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' },
      spec: {
        replicas: 3, selector: { matchLabels: { app: 'web' } },
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
        template: { metadata: { labels: { app: 'web' } }, spec: { terminationGracePeriodSeconds: 2, containers: [httpContainer({ env: [{ name: 'VERSION', value: 'one' }] })] } },
      },
    });
    assert.equal(created.status, 201, created.text);
  });
  after(async () => {
    await c.close();
  });

  test('three replicas become Available, answer on their pod addresses, and rollout status returns', async () => {
    const status = await c.cli('rollout', 'status', 'deployment/web', '--timeout=60s');
    assert.equal(status.code, 0, status.stderr);
    assert.match(status.stdout, /deployment "web" successfully rolled out\n$/);
    const d = (await c.api.get(DEPLOY)).body;
    assert.equal(at(d, 'status.availableReplicas'), 3);
    assert.equal(at(d, 'status.readyReplicas'), 3);
    const available = (at(d, 'status.conditions') as Body[]).find((x) => x.type === 'Available');
    assert.equal(available?.status, 'True');
    const pods = await waitForPods(c.api, NS, 'app=web', 'three ready pods', (p) => p.length === 3 && p.every(isReady));
    const ips = new Set(pods.map((p) => String(at(p, 'status.podIP'))));
    assert.equal(ips.size, 3, 'each replica has an address of its own');
    for (const p of pods) {
      const answer = await waitFor('the pod to answer', async () => httpGet(`http://${String(at(p, 'status.podIP'))}:8080/`).catch(() => undefined));
      assert.equal(answer, `${String(at(p, 'metadata.name'))} one`);
    }
    const listed = await c.cli('get', 'deployment', 'web');
    assert.match(listed.stdout, /^web\s+3\/3\s+3\s+3\s+/m);
  });

  test('a template change rolls the pods one at a time within maxSurge 1 and maxUnavailable 0', async () => {
    const before = await waitForPods(c.api, NS, 'app=web', 'three ready pods', (p) => p.length === 3 && p.every(isReady));
    const oldNames = new Set(before.map((p) => String(at(p, 'metadata.name'))));
    const rv = String(at((await c.api.get(`/api/v1/namespaces/${NS}/pods?labelSelector=app%3Dweb`)).body, 'metadata.resourceVersion'));
    const watch = await c.api.watch(`/api/v1/namespaces/${NS}/pods?watch=1&labelSelector=app%3Dweb&resourceVersion=${rv}`);
    try {
      const changed = await c.cli('set', 'env', 'deployment/web', 'VERSION=two');
      assert.equal(changed.code, 0, changed.stderr);
      assert.equal(changed.stdout, 'deployment.apps/web env updated\n');
      const status = await c.cli('rollout', 'status', 'deployment/web', '--timeout=90s');
      assert.equal(status.code, 0, status.stderr);
      assert.match(status.stdout, /Waiting for deployment "web" rollout to finish: 1 out of 3 new replicas have been updated\.\.\.\n/);
      assert.match(status.stdout, /deployment "web" successfully rolled out\n$/);
      await waitFor('every old pod deleted', async () => {
        const deleted = watch.events.filter((e) => e.type === 'DELETED' && oldNames.has(String(at(e.object, 'metadata.name'))));
        return deleted.length === 3 ? true : undefined;
      }, 30_000);
    } finally {
      watch.close();
    }
    // Replays the watch: what exists (not terminating) and what is ready, after every event.
    const live = new Map<string, { ready: boolean }>();
    for (const name of oldNames) live.set(name, { ready: true });
    const order: string[] = [];
    let most = 0;
    let fewestReady = 3;
    for (const e of watch.events) {
      const name = String(at(e.object, 'metadata.name'));
      const terminating = e.type === 'DELETED' || at(e.object, 'metadata.deletionTimestamp') !== undefined;
      const was = live.get(name);
      if (terminating) {
        if (was !== undefined) order.push(`delete ${oldNames.has(name) ? 'old' : 'new'}`);
        live.delete(name);
      } else {
        if (was === undefined && e.type === 'ADDED') order.push(`create ${oldNames.has(name) ? 'old' : 'new'}`);
        if (was !== undefined && !was.ready && isReady(e.object)) order.push('ready new');
        if (was === undefined && e.type !== 'ADDED') continue;
        live.set(name, { ready: isReady(e.object) });
      }
      most = Math.max(most, live.size);
      fewestReady = Math.min(fewestReady, [...live.values()].filter((p) => p.ready).length);
    }
    assert.ok(most <= 4, `at most replicas + maxSurge pods at once, saw ${most}: ${order.join(', ')}`);
    assert.ok(fewestReady >= 3, `never below replicas - maxUnavailable ready pods, saw ${fewestReady}: ${order.join(', ')}`);
    assert.deepEqual(order, [
      'create new', 'ready new', 'delete old',
      'create new', 'ready new', 'delete old',
      'create new', 'ready new', 'delete old',
    ]);
    const pods = await waitForPods(c.api, NS, 'app=web', 'three new ready pods', (p) => p.length === 3 && p.every(isReady));
    for (const p of pods) assert.ok(!oldNames.has(String(at(p, 'metadata.name'))));
    const history = await c.cli('rollout', 'history', 'deployment/web');
    assert.match(history.stdout, /^1 +<none>\n2 +<none>\n/m);
  });

  test('rollout undo restores the previous template', async () => {
    const undone = await c.cli('rollout', 'undo', 'deployment/web');
    assert.equal(undone.code, 0, undone.stderr);
    assert.equal(undone.stdout, 'deployment.apps/web rolled back\n');
    const status = await c.cli('rollout', 'status', 'deployment/web', '--timeout=90s');
    assert.equal(status.code, 0, status.stderr);
    const d = (await c.api.get(DEPLOY)).body;
    assert.deepEqual(at(d, 'spec.template.spec.containers.0.env.2'), { name: 'VERSION', value: 'one' });
    assert.equal(at(d, ['metadata', 'annotations', 'deployment.platform.io/revision']), '3');
    const pods = await waitForPods(c.api, NS, 'app=web', 'three ready pods of the first template', (p) => p.length === 3 && p.every(isReady));
    for (const p of pods) {
      const answer = await waitFor('the pod to answer', async () => httpGet(`http://${String(at(p, 'status.podIP'))}:8080/`).catch(() => undefined));
      assert.equal(answer, `${String(at(p, 'metadata.name'))} one`);
    }
    const history = await c.cli('rollout', 'history', 'deployment/web');
    assert.match(history.stdout, /^2 +<none>\n3 +<none>\n\n$/m, 'revision 1 became revision 3');
  });

  test('scale to 5 and to 1', async () => {
    const up = await c.cli('scale', 'deployment/web', '--replicas=5');
    assert.equal(up.code, 0, up.stderr);
    assert.equal(up.stdout, 'deployment.apps/web scaled\n');
    assert.equal((await c.cli('rollout', 'status', 'deployment/web', '--timeout=90s')).code, 0);
    await waitForPods(c.api, NS, 'app=web', 'five ready pods', (p) => p.length === 5 && p.every(isReady));
    const down = await c.cli('scale', 'deployment/web', '--replicas=1');
    assert.equal(down.code, 0, down.stderr);
    await waitForPods(c.api, NS, 'app=web', 'one pod', (p) => p.length === 1 && p.every(isReady));
    await waitFor('the deployment to report one replica', async () => {
      const d = (await c.api.get(DEPLOY)).body;
      return at(d, 'status.replicas') === 1 && at(d, 'status.availableReplicas') === 1 ? true : undefined;
    }, 30_000);
    const listed = await c.cli('get', 'deployment', 'web');
    assert.match(listed.stdout, /^web\s+1\/1\s+1\s+1\s+/m);
  });
});
