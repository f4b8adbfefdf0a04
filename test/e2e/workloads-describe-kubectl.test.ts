/**
 * `describe` of live workloads next to stock kubectl 1.32 through the rename proxy: a ReplicaSet
 * (of a Deployment), a Job that completed, a suspended CronJob, a StatefulSet and a DaemonSet, each
 * running processes on the node `local`. Events are left out (their ages move between the runs).
 * Skipped, with the reason printed, without kubectl.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { arrayAt, at, type Body } from '../support/api.js';
import { kubectlSkipReason, startProxiedKubectl, type ProxiedKubectl } from '../support/kubectl-proxy.js';
import { HAS_PROC } from '../integration/server/node/support.js';
import { EXIT_0, isReady, programContainer, startCluster, waitFor, waitForPods, type WorkloadCluster } from './workloads-support.js';

const NS = 'wl-describe';
const skip = kubectlSkipReason() ?? (HAS_PROC ? false : 'the process runtime is tested on Linux');
if (skip !== false) console.log(`# skipping describe next to kubectl: ${skip}`);

const SLEEP = 'setInterval(() => {}, 1000)';

function template(app: string, program = SLEEP, extra: Body = {}): Body {
  return { metadata: { labels: { app } }, spec: { terminationGracePeriodSeconds: 1, containers: [programContainer('main', program, { resources: { requests: { cpu: '10m' } } })], ...extra } };
}

describe('describe of live workloads prints what kubectl prints', { skip }, () => {
  let c: WorkloadCluster;
  let kubectl: ProxiedKubectl;
  before(async () => {
    c = await startCluster(NS);
    kubectl = await startProxiedKubectl(c.server);
    const post = async (path: string, body: Body): Promise<void> => {
      const r = await c.api.post(path, body);
      assert.equal(r.status, 201, r.text);
    };
    await post(`/apis/apps/v1/namespaces/${NS}/deployments`, {
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', labels: { tier: 'front' } },
      spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: template('web') },
    });
    await post(`/apis/batch/v1/namespaces/${NS}/jobs`, {
      apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'once' },
      spec: { completions: 2, parallelism: 1, backoffLimit: 3, template: { spec: { restartPolicy: 'Never', containers: [programContainer('main', EXIT_0)] } } },
    });
    await post(`/apis/batch/v1/namespaces/${NS}/cronjobs`, {
      apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'nightly' },
      spec: { schedule: '0 3 * * *', suspend: true, timeZone: 'Europe/Paris', jobTemplate: { spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [programContainer('main', EXIT_0)] } } } } },
    });
    await post(`/apis/apps/v1/namespaces/${NS}/statefulsets`, {
      apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db' },
      spec: { replicas: 2, serviceName: 'db', selector: { matchLabels: { app: 'db' } }, template: template('db') },
    });
    await post(`/apis/apps/v1/namespaces/${NS}/daemonsets`, {
      apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent' },
      spec: { selector: { matchLabels: { app: 'agent' } }, template: template('agent') },
    });
    await waitForPods(c.api, NS, 'app in (web,db,agent)', 'five ready pods', (p) => p.length === 5 && p.every(isReady), 60_000);
    await waitFor('the job to complete', async () => {
      const job = (await c.api.get(`/apis/batch/v1/namespaces/${NS}/jobs/once`)).body;
      return arrayAt(job, 'status.conditions').some((x) => at(x, 'type') === 'Complete') ? true : undefined;
    }, 60_000);
    await waitFor('the controllers to report', async () => {
      const sts = (await c.api.get(`/apis/apps/v1/namespaces/${NS}/statefulsets/db`)).body;
      const ds = (await c.api.get(`/apis/apps/v1/namespaces/${NS}/daemonsets/agent`)).body;
      return at(sts, 'status.readyReplicas') === 2 && at(ds, 'status.numberAvailable') === 1 ? true : undefined;
    }, 30_000);
    await c.server.settle();
  });
  after(async () => {
    await kubectl.close();
    await c.close();
  });

  const compare = async (...args: string[]): Promise<void> => {
    const theirs = await kubectl.run(['describe', '-n', NS, '--show-events=false', ...args]);
    const mine = await c.cli('describe', '-n', NS, '--show-events=false', ...args);
    assert.equal(theirs.code, 0, theirs.stderr);
    assert.equal(mine.code, 0, mine.stderr);
    const renamed = theirs.stdout.replaceAll('.k8s.io', '.platform.io').replaceAll('kubernetes.io', 'platform.io');
    assert.equal(mine.stdout, renamed, `describe ${args.join(' ')}`);
  };

  test('a ReplicaSet of a Deployment', async () => {
    const rs = arrayAt((await c.api.get(`/apis/apps/v1/namespaces/${NS}/replicasets`)).body, 'items')[0];
    await compare('replicaset', String(at(rs, 'metadata.name')));
  });
  test('a completed Job', async () => compare('job', 'once'));
  test('a suspended CronJob', async () => compare('cronjob', 'nightly'));
  test('a StatefulSet', async () => compare('statefulset', 'db'));
  test('a DaemonSet', async () => compare('daemonset', 'agent'));
});
