/**
 * A HorizontalPodAutoscaler made by `autoscale` scales a Deployment from the CPU utilisation the
 * metrics API reports for its processes: a pod that burns about 0.2 CPU against a request of 50m
 * is far above a 50% target, so the Deployment grows to its maximum; `get hpa` and `describe hpa`
 * show the numbers.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { at } from '../support/api.js';
import { HAS_PROC } from '../integration/server/node/support.js';
import { kubectlSkipReason, startProxiedKubectl } from '../support/kubectl-proxy.js';
import { isReady, programContainer, startCluster, waitFor, waitForPods, type WorkloadCluster } from './workloads-support.js';

const NS = 'wl-hpa';
const skip = HAS_PROC ? false : 'the process runtime is tested on Linux';

// About 20 ms of work every 100 ms: ~200m of CPU, 400% of a 50m request.
const BURN = 'setInterval(() => { const end = Date.now() + 20; while (Date.now() < end) {} }, 100)';

describe('HPA: CPU utilisation from the metrics API scales a Deployment', { skip }, () => {
  let c: WorkloadCluster;
  before(async () => {
    c = await startCluster(NS);
    const created = await c.api.post(`/apis/apps/v1/namespaces/${NS}/deployments`, {
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'hot' },
      spec: {
        replicas: 1, selector: { matchLabels: { app: 'hot' } },
        template: { metadata: { labels: { app: 'hot' } }, spec: { terminationGracePeriodSeconds: 1, containers: [programContainer('main', BURN, { resources: { requests: { cpu: '50m' } } })] } },
      },
    });
    assert.equal(created.status, 201, created.text);
    assert.equal((await c.cli('rollout', 'status', 'deployment/hot', '--timeout=60s')).code, 0);
  });
  after(async () => {
    await c.close();
  });

  test('autoscale --cpu-percent=50 --max=3 grows the Deployment to three replicas', async () => {
    const made = await c.cli('autoscale', 'deployment', 'hot', '--cpu-percent=50', '--min=1', '--max=3');
    assert.equal(made.code, 0, made.stderr);
    assert.equal(made.stdout, 'horizontalpodautoscaler.autoscaling/hot autoscaled\n');
    const hpa = await waitFor('the HPA to scale up', async () => {
      const r = await c.api.get(`/apis/autoscaling/v2/namespaces/${NS}/horizontalpodautoscalers/hot`);
      return at(r.body, 'status.desiredReplicas') === 3 ? r.body : undefined;
    }, 60_000);
    const utilisation = Number(at(hpa, 'status.currentMetrics.0.resource.current.averageUtilization'));
    assert.ok(utilisation > 50, `utilisation ${utilisation}% is above the 50% target`);
    const conditions = at(hpa, 'status.conditions') as { type: string; status: string; reason: string }[];
    assert.equal(conditions.find((x) => x.type === 'ScalingActive')?.status, 'True');
    await waitForPods(c.api, NS, 'app=hot', 'three ready replicas', (p) => p.length === 3 && p.every(isReady), 60_000);
    assert.equal(at((await c.api.get(`/apis/apps/v1/namespaces/${NS}/deployments/hot`)).body, 'spec.replicas'), 3);
    const events = await c.cli('events', '--for', 'hpa/hot');
    assert.match(events.stdout, /Normal\s+SuccessfulRescale\s+HorizontalPodAutoscaler\/hot\s+New size: 3; reason: cpu resource utilization \(percentage of request\) above target/);
    const listed = await c.cli('get', 'hpa', 'hot', '--no-headers');
    // REPLICAS is the count the HPA saw at its last sync (every 15 s), as a real one shows it.
    assert.match(listed.stdout, /^hot\s+Deployment\/hot\s+cpu: \d+%\/50%\s+1\s+3\s+[1-3]\s+/);
  });

  test('describe hpa prints what kubectl prints', async () => {
    const described = await c.cli('describe', 'hpa', 'hot', '--show-events=false');
    assert.equal(described.code, 0, described.stderr);
    assert.match(described.stdout, /^Reference:\s+Deployment\/hot\nMetrics:\s+\( current \/ target \)\n {2}resource cpu on pods {2}\(as a percentage of request\): {2}\d+% \(\d+m\) \/ 50%\nMin replicas:\s+1\nMax replicas:\s+3\nDeployment pods:\s+[1-3] current \/ 3 desired\n/m);
    assert.match(described.stdout, /^ {2}ScalingActive\s+True\s+ValidMetricFound\s+the HPA was able to successfully calculate a replica count from cpu resource utilization \(percentage of request\)$/m);
    const why = kubectlSkipReason();
    if (why !== undefined) {
      console.log(`# describe hpa is not compared with kubectl: ${why}`);
      return;
    }
    const kubectl = await startProxiedKubectl(c.server);
    try {
      // The HPA's status moves every 15 s: both reads must fall between two of its syncs.
      let last = '';
      for (let attempt = 0; attempt < 3; attempt++) {
        const theirs = await kubectl.run(['describe', 'hpa', 'hot', '-n', NS, '--show-events=false']);
        const mine = await c.cli('describe', 'hpa', 'hot', '--show-events=false');
        assert.equal(theirs.code, 0, theirs.stderr);
        if (mine.stdout === theirs.stdout.replaceAll('.k8s.io', '.platform.io')) return;
        last = `ours:\n${mine.stdout}\nkubectl:\n${theirs.stdout}`;
      }
      assert.fail(`describe hpa differs from kubectl's\n${last}`);
    } finally {
      await kubectl.close();
    }
  });
});
