/**
 * Jobs and CronJobs whose pods are processes: completions 3 with parallelism 2 completes, never
 * running more than two pods at once; a failing container reaches backoffLimit; a Job created from
 * a CronJob (`create job --from=cronjob/X`) runs; a CronJob fires when a test clock passes its
 * schedule.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { arrayAt, at, type Body } from '../support/api.js';
import { FakeClock } from '../support/context.js';
import { HAS_PROC } from '../integration/server/node/support.js';
import { EXIT_0, EXIT_1, programContainer, startCluster, waitFor, type WorkloadCluster } from './workloads-support.js';

const NS = 'wl-jobs';
const JOBS = `/apis/batch/v1/namespaces/${NS}/jobs`;
const CRONJOBS = `/apis/batch/v1/namespaces/${NS}/cronjobs`;

const skip = HAS_PROC ? false : 'the process runtime is tested on Linux';

function jobCondition(job: Body, type: string): Body | undefined {
  return arrayAt(job, 'status.conditions').find((c) => at(c, 'type') === type) as Body | undefined;
}

async function waitForJob(c: WorkloadCluster, name: string, type: 'Complete' | 'Failed', timeoutMs = 60_000): Promise<Body> {
  return waitFor(`job ${name} ${type}`, async () => {
    const r = await c.api.get(`${JOBS}/${name}`);
    return at(jobCondition(r.body, type), 'status') === 'True' ? r.body : undefined;
  }, timeoutMs);
}

function cronJob(name: string, schedule: string): Body {
  return {
    apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name },
    spec: {
      schedule, concurrencyPolicy: 'Forbid',
      jobTemplate: {
        metadata: { labels: { from: name }, annotations: { note: 'from the template' } },
        spec: { template: { spec: { restartPolicy: 'Never', terminationGracePeriodSeconds: 1, containers: [programContainer('main', EXIT_0)] } } },
      },
    },
  };
}

describe('Jobs run their pods to completion or to the backoff limit', { skip }, () => {
  let c: WorkloadCluster;
  before(async () => {
    c = await startCluster(NS);
  });
  after(async () => {
    await c.close();
  });

  test('completions 3 with parallelism 2 completes, never more than two pods at once', async () => {
    const rv = String(at((await c.api.get(`/api/v1/namespaces/${NS}/pods`)).body, 'metadata.resourceVersion'));
    const watch = await c.api.watch(`/api/v1/namespaces/${NS}/pods?watch=1&labelSelector=batch.platform.io%2Fjob-name%3Dthree&resourceVersion=${rv}`);
    try {
      const created = await c.api.post(JOBS, {
        apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'three' },
        spec: { completions: 3, parallelism: 2, template: { spec: { restartPolicy: 'Never', containers: [programContainer('main', EXIT_0)] } } },
      });
      assert.equal(created.status, 201, created.text);
      const waited = await c.cli('wait', '--for=condition=complete', '--timeout=60s', 'job/three');
      assert.equal(waited.code, 0, waited.stderr);
      assert.equal(waited.stdout, 'job.batch/three condition met\n');
    } finally {
      watch.close();
    }
    const job = (await c.api.get(`${JOBS}/three`)).body;
    assert.equal(at(job, 'status.succeeded'), 3);
    assert.equal(at(job, 'status.failed'), undefined);
    assert.ok(at(job, 'status.completionTime'));
    // Replays the pods' phases: at most two ran (not finished) at any time; three succeeded.
    const phase = new Map<string, string>();
    let most = 0;
    for (const e of watch.events) {
      const name = String(at(e.object, 'metadata.name'));
      if (e.type === 'DELETED') phase.delete(name);
      else phase.set(name, String(at(e.object, 'status.phase') ?? 'Pending'));
      most = Math.max(most, [...phase.values()].filter((p) => p !== 'Succeeded' && p !== 'Failed').length);
    }
    assert.ok(most <= 2, `at most parallelism pods active at once, saw ${most}`);
    assert.equal(most, 2, 'two pods ran in parallel');
    assert.equal([...phase.values()].filter((p) => p === 'Succeeded').length, 3);
    const listed = await c.cli('get', 'job', 'three');
    assert.match(listed.stdout, /^three\s+Complete\s+3\/3\s+/m);
  });

  test('a container that keeps failing makes the Job reach its backoffLimit', async () => {
    const created = await c.api.post(JOBS, {
      apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'broken' },
      spec: { backoffLimit: 2, template: { spec: { restartPolicy: 'OnFailure', containers: [programContainer('main', EXIT_1)] } } },
    });
    assert.equal(created.status, 201, created.text);
    const job = await waitForJob(c, 'broken', 'Failed');
    assert.equal(at(jobCondition(job, 'Failed'), 'reason'), 'BackoffLimitExceeded');
    assert.equal(at(jobCondition(job, 'Failed'), 'message'), 'Job has reached the specified backoff limit');
    const waited = await c.cli('wait', '--for=condition=failed', '--timeout=10s', 'job/broken');
    assert.equal(waited.code, 0, waited.stderr);
    const events = arrayAt((await c.api.get(`/api/v1/namespaces/${NS}/events?fieldSelector=involvedObject.name%3Dbroken`)).body, 'items');
    assert.ok(events.some((e) => at(e, 'reason') === 'BackoffLimitExceeded'), 'the job controller reported it');
    // The failed Job's pods are stopped.
    await waitFor('no running pod of the failed job', async () => {
      const pods = arrayAt((await c.api.get(`/api/v1/namespaces/${NS}/pods?labelSelector=batch.platform.io%2Fjob-name%3Dbroken`)).body, 'items');
      return pods.every((p) => at(p, 'metadata.deletionTimestamp') !== undefined || at(p, 'status.phase') !== 'Running') ? true : undefined;
    }, 30_000);
  });

  test('a Job created from a CronJob (create job --from=cronjob) runs', async () => {
    const created = await c.api.post(CRONJOBS, { ...cronJob('nightly', '0 3 * * *'), spec: { ...(cronJob('nightly', '0 3 * * *').spec as Body), suspend: true } });
    assert.equal(created.status, 201, created.text);
    const hasCreateJob = (await c.cli('create', 'job', '--help')).stdout.includes('--from');
    if (hasCreateJob) {
      const made = await c.cli('create', 'job', 'by-hand', '--from=cronjob/nightly');
      assert.equal(made.code, 0, made.stderr);
      assert.equal(made.stdout, 'job.batch/by-hand created\n');
    } else {
      // `create job` comes with another branch; until then the Job is made as kubectl makes it.
      const cj = created.body;
      const template = at(cj, 'spec.jobTemplate') as Body;
      const made = await c.api.post(JOBS, {
        apiVersion: 'batch/v1', kind: 'Job',
        metadata: {
          name: 'by-hand', labels: at(template, 'metadata.labels'),
          annotations: { 'cronjob.platform.io/instantiate': 'manual', ...(at(template, 'metadata.annotations') as Body) },
          ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: 'nightly', uid: at(cj, 'metadata.uid'), controller: true }],
        },
        spec: template.spec,
      });
      assert.equal(made.status, 201, made.text);
    }
    const job = await waitForJob(c, 'by-hand', 'Complete');
    assert.equal(at(job, 'status.succeeded'), 1);
    assert.equal(at(job, ['metadata', 'annotations', 'cronjob.platform.io/instantiate']), 'manual');
    assert.equal(at(job, 'metadata.labels.from'), 'nightly');
    assert.equal(at(job, 'metadata.ownerReferences.0.kind'), 'CronJob');
    // The CronJob's own schedule is untouched by a manual run.
    assert.equal(at((await c.api.get(`${CRONJOBS}/nightly`)).body, 'status.lastScheduleTime'), undefined);
  });
});

describe('a CronJob fires when a test clock passes its schedule', { skip }, () => {
  let c: WorkloadCluster;
  // The fake clock starts at the wall clock's time: the CronJob's creationTimestamp (the server's
  // clock) is where its schedule starts counting.
  const FIVE_MINUTES = 5 * 60_000;
  const start = Date.now();
  const clock = new FakeClock(start);
  before(async () => {
    c = await startCluster(NS, { workloads: { clock } });
  });
  after(async () => {
    await c.close();
  });

  test('every five minutes: nothing before the next multiple of five minutes, then a Job named after the schedule that runs to completion', async () => {
    const created = await c.api.post(CRONJOBS, cronJob('tick', '*/5 * * * *'));
    assert.equal(created.status, 201, created.text);
    // The first run is the first multiple of five minutes after the CronJob's creation (the
    // server's clock, whole seconds), however close to it the test happens to run.
    const createdAt = Date.parse(String(at(created.body, 'metadata.creationTimestamp')));
    const scheduled = Math.floor(createdAt / FIVE_MINUTES) * FIVE_MINUTES + FIVE_MINUTES;
    await c.server.settle();
    if (scheduled - 20_000 > clock.now()) clock.advance(scheduled - 20_000 - clock.now());
    await c.server.settle();
    assert.deepEqual(arrayAt((await c.api.get(JOBS)).body, 'items'), [], 'nothing runs before its time');
    clock.advance(scheduled + 200 - clock.now());
    const stamp = new Date(scheduled).toISOString().replace('.000Z', 'Z');
    const jobName = `tick-${scheduled / 60_000}`;
    const job = await waitForJob(c, jobName, 'Complete');
    assert.equal(at(job, 'metadata.ownerReferences.0.name'), 'tick');
    assert.equal(at(job, ['metadata', 'annotations', 'batch.platform.io/cronjob-scheduled-timestamp']), stamp);
    const cj = await waitFor('the CronJob to record its run', async () => {
      const r = (await c.api.get(`${CRONJOBS}/tick`)).body;
      return at(r, 'status.lastSuccessfulTime') !== undefined ? r : undefined;
    });
    assert.equal(at(cj, 'status.lastScheduleTime'), stamp);
    assert.ok((await c.cli('get', 'cronjob', 'tick')).stdout.startsWith('NAME '));
    // Five more minutes: the next run.
    clock.advance(FIVE_MINUTES);
    await waitForJob(c, `tick-${scheduled / 60_000 + 5}`, 'Complete');
  });
});
