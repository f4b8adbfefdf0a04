import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FINALIZERS } from '../../../../src/sdk/naming.js';
import type { JsonObject } from '../../../../src/sdk/types/meta.js';
import { cronJobController } from '../../../../src/server/controllers/workloads/cronjob.js';
import { formatIndexes, jobController, parseIndexes } from '../../../../src/server/controllers/workloads/job.js';
import { ttlAfterFinishedController } from '../../../../src/server/controllers/workloads/ttl-after-finished.js';
import { podTemplate, setPodFinished, setPodRunning, startControllers, type WorkloadHarness } from '../../../support/workloads.js';

const meta = (o: JsonObject | undefined): JsonObject => (o?.metadata ?? {}) as JsonObject;
const status = (o: JsonObject | undefined): JsonObject => (o?.status ?? {}) as JsonObject;
const conds = (o: JsonObject | undefined): string[] => ((status(o).conditions ?? []) as JsonObject[]).map((c) => `${String(c.type)}=${String(c.status)}/${String(c.reason)}`);

async function harness(): Promise<WorkloadHarness> {
  return startControllers([['job-controller', jobController], ['cronjob-controller', cronJobController], ['ttl-after-finished-controller', ttlAfterFinishedController]]);
}

function job(name: string, spec: JsonObject): JsonObject {
  return { apiVersion: 'batch/v1', kind: 'Job', metadata: { name, namespace: 'default' }, spec: { template: podTemplate({}, 'busybox', { restartPolicy: 'Never' }), ...spec } };
}

async function jobPods(h: WorkloadHarness, name: string): Promise<JsonObject[]> {
  return (await h.client.list(h.def('', 'v1', 'pods'), 'default')).filter((p) => ((meta(p).ownerReferences ?? []) as JsonObject[]).some((r) => r.name === name));
}

async function getJob(h: WorkloadHarness, name: string): Promise<JsonObject | undefined> {
  return h.client.get(h.def('batch', 'v1', 'jobs'), 'default', name);
}

async function events(h: WorkloadHarness, reason: string): Promise<string[]> {
  return (await h.client.list(h.def('', 'v1', 'events'), 'default')).filter((e) => e.reason === reason).map((e) => String(e.message));
}

test('completions 3 with parallelism 2 runs two pods at a time and completes after three successes', async () => {
  const h = await harness();
  try {
    await h.client.create(h.def('batch', 'v1', 'jobs'), 'default', job('pi', { completions: 3, parallelism: 2 }));
    await h.settle();
    let ps = await jobPods(h, 'pi');
    assert.equal(ps.length, 2);
    assert.ok(ps.every((p) => ((meta(p).finalizers ?? []) as string[]).includes(FINALIZERS.jobTracking)));
    let j = await getJob(h, 'pi');
    assert.equal(status(j).active, 2);
    assert.equal(status(j).startTime, '2026-01-01T00:00:00Z');
    assert.deepEqual(status(j).uncountedTerminatedPods, {});
    for (const p of ps) await setPodRunning(h, p, true);
    await h.settle();
    assert.equal(status(await getJob(h, 'pi')).ready, 2);
    await setPodFinished(h, ps[0] ?? {}, 'Succeeded');
    await h.settle();
    ps = await jobPods(h, 'pi');
    assert.equal(ps.length, 3);
    j = await getJob(h, 'pi');
    assert.equal(status(j).succeeded, 1);
    assert.equal(status(j).active, 2);
    for (const p of ps) if (status(p).phase !== 'Succeeded') await setPodFinished(h, p, 'Succeeded');
    await h.settle();
    j = await getJob(h, 'pi');
    assert.equal(status(j).succeeded, 3);
    assert.equal(status(j).active, undefined);
    assert.deepEqual(conds(j), ['SuccessCriteriaMet=True/CompletionsReached', 'Complete=True/CompletionsReached']);
    assert.equal(status(j).completionTime, '2026-01-01T00:00:00Z');
    assert.ok((await jobPods(h, 'pi')).every((p) => meta(p).finalizers === undefined));
    assert.deepEqual(await events(h, 'Completed'), ['Job completed']);
    assert.equal((await events(h, 'SuccessfulCreate')).length, 3);
  } finally {
    h.stop();
  }
});

test('a failing pod is replaced after the back-off until backoffLimit is passed, then the Job fails', async () => {
  const h = await harness();
  try {
    await h.client.create(h.def('batch', 'v1', 'jobs'), 'default', job('bad', { backoffLimit: 1 }));
    await h.settle();
    let [p] = await jobPods(h, 'bad');
    await setPodFinished(h, p ?? {}, 'Failed');
    await h.settle();
    // The replacement waits the 10 s back-off.
    assert.equal((await jobPods(h, 'bad')).length, 1);
    await h.tick(10_000);
    const ps = await jobPods(h, 'bad');
    assert.equal(ps.length, 2);
    p = ps.find((x) => status(x).phase !== 'Failed');
    await setPodFinished(h, p ?? {}, 'Failed');
    await h.settle();
    const j = await getJob(h, 'bad');
    assert.equal(status(j).failed, 2);
    assert.deepEqual(conds(j), ['FailureTarget=True/BackoffLimitExceeded', 'Failed=True/BackoffLimitExceeded']);
    assert.deepEqual(await events(h, 'BackoffLimitExceeded'), ['Job has reached the specified backoff limit']);
  } finally {
    h.stop();
  }
});

test('activeDeadlineSeconds ends a running Job with DeadlineExceeded and removes its pods', async () => {
  const h = await harness();
  try {
    await h.client.create(h.def('batch', 'v1', 'jobs'), 'default', job('slow', { activeDeadlineSeconds: 30 }));
    await h.settle();
    assert.equal((await jobPods(h, 'slow')).length, 1);
    await h.tick(31_000);
    const j = await getJob(h, 'slow');
    assert.deepEqual(conds(j), ['FailureTarget=True/DeadlineExceeded', 'Failed=True/DeadlineExceeded']);
    assert.equal((await jobPods(h, 'slow')).length, 0);
  } finally {
    h.stop();
  }
});

test('an Indexed Job gives each pod its index and records completed indexes', async () => {
  const h = await harness();
  try {
    await h.client.create(h.def('batch', 'v1', 'jobs'), 'default', job('idx', { completions: 3, parallelism: 3, completionMode: 'Indexed' }));
    await h.settle();
    const ps = await jobPods(h, 'idx');
    const indexes = ps.map((p) => (meta(p).annotations as JsonObject)['batch.platform.io/job-completion-index']).sort();
    assert.deepEqual(indexes, ['0', '1', '2']);
    const zero = ps.find((p) => (meta(p).annotations as JsonObject)['batch.platform.io/job-completion-index'] === '0');
    assert.match(String(meta(zero).name), /^idx-0-[a-z0-9]{5}$/);
    await setPodFinished(h, zero ?? {}, 'Succeeded');
    await h.settle();
    assert.equal(status(await getJob(h, 'idx')).completedIndexes, '0');
    assert.equal(formatIndexes(parseIndexes('0-2,4,6-7')), '0-2,4,6-7');
  } finally {
    h.stop();
  }
});

test('ttlSecondsAfterFinished deletes a finished Job that long after it finished', async () => {
  const h = await harness();
  try {
    await h.client.create(h.def('batch', 'v1', 'jobs'), 'default', job('short', { ttlSecondsAfterFinished: 60 }));
    await h.settle();
    const [p] = await jobPods(h, 'short');
    await setPodFinished(h, p ?? {}, 'Succeeded');
    await h.settle();
    assert.ok(await getJob(h, 'short'));
    await h.tick(59_000);
    assert.ok(await getJob(h, 'short'));
    await h.tick(2_000);
    assert.equal(await getJob(h, 'short'), undefined);
  } finally {
    h.stop();
  }
});

function cronJob(name: string, spec: JsonObject): JsonObject {
  return {
    apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name, namespace: 'default' },
    spec: { schedule: '*/5 * * * *', jobTemplate: { spec: { template: podTemplate({}, 'busybox', { restartPolicy: 'OnFailure' }) } }, ...spec },
  };
}

async function cronJobs(h: WorkloadHarness): Promise<JsonObject[]> {
  return h.client.list(h.def('batch', 'v1', 'jobs'), 'default');
}

test('a CronJob creates <name>-<minutes since the epoch> at each scheduled time and records lastScheduleTime', async () => {
  const h = await harness();
  try {
    await h.client.create(h.def('batch', 'v1', 'cronjobs'), 'default', cronJob('tick', {}));
    await h.settle();
    assert.equal((await cronJobs(h)).length, 0);
    await h.tick(5 * 60_000 + 1000);
    const jobs = await cronJobs(h);
    assert.equal(jobs.length, 1);
    const minutes = Date.parse('2026-01-01T00:05:00Z') / 60_000;
    assert.equal(meta(jobs[0]).name, `tick-${minutes}`);
    assert.equal((meta(jobs[0]).annotations as JsonObject)['batch.platform.io/cronjob-scheduled-timestamp'], '2026-01-01T00:05:00Z');
    const cj = await h.client.get(h.def('batch', 'v1', 'cronjobs'), 'default', 'tick');
    assert.equal(status(cj).lastScheduleTime, '2026-01-01T00:05:00Z');
    assert.equal(((status(cj).active ?? []) as JsonObject[]).length, 1);
    assert.deepEqual((await events(h, 'SuccessfulCreate')).filter((m) => m.startsWith('Created job')), [`Created job tick-${minutes}`]);
  } finally {
    h.stop();
  }
});

test('a CronJob whose schedule never fires (31 February) gets a Warning InvalidSchedule event and no job', async () => {
  const h = await harness();
  try {
    await h.client.create(h.def('batch', 'v1', 'cronjobs'), 'default', cronJob('pi', { schedule: '59 23 31 2 *' }));
    await h.settle();
    assert.deepEqual(await events(h, 'InvalidSchedule'), ['invalid schedule: 59 23 31 2 * : time difference between two schedules is less than 1 second']);
    assert.equal((await cronJobs(h)).length, 0);
  } finally {
    h.stop();
  }
});

test('concurrencyPolicy Forbid skips a run while one is active; Replace deletes it first', async () => {
  for (const policy of ['Forbid', 'Replace']) {
    const h = await harness();
    try {
      await h.client.create(h.def('batch', 'v1', 'cronjobs'), 'default', cronJob('c', { concurrencyPolicy: policy }));
      await h.tick(5 * 60_000 + 1000);
      await h.tick(5 * 60_000 + 1000);
      const names = (await cronJobs(h)).map((j) => String(meta(j).name));
      const minutes = Date.parse('2026-01-01T00:10:00Z') / 60_000;
      if (policy === 'Forbid') {
        assert.deepEqual(names, [`c-${minutes - 5}`]);
        assert.deepEqual(await events(h, 'JobAlreadyActive'), ['Not starting job because prior execution is running and concurrency policy is Forbid']);
      } else {
        assert.deepEqual(names.filter((n) => n === `c-${minutes}`), [`c-${minutes}`]);
        assert.deepEqual(await events(h, 'SuccessfulDelete'), [`Deleted job c-${minutes - 5}`]);
      }
    } finally {
      h.stop();
    }
  }
});

test('a suspended CronJob creates nothing; startingDeadlineSeconds skips a run that is too late', async () => {
  const h = await harness();
  try {
    await h.client.create(h.def('batch', 'v1', 'cronjobs'), 'default', cronJob('s', { suspend: true }));
    await h.tick(10 * 60_000);
    assert.equal((await cronJobs(h)).length, 0);
  } finally {
    h.stop();
  }
});

test('a CronJob whose schedule never fires (February 31st) is reported as an invalid schedule, unless suspended', async () => {
  const h = await harness();
  try {
    await h.client.create(h.def('batch', 'v1', 'cronjobs'), 'default', cronJob('never', { schedule: '59 23 31 2 *' }));
    await h.client.create(h.def('batch', 'v1', 'cronjobs'), 'default', cronJob('paused', { schedule: '59 23 31 2 *', suspend: true }));
    await h.settle();
    const invalid = (await h.client.list(h.def('', 'v1', 'events'), 'default')).filter((e) => e.reason === 'InvalidSchedule');
    assert.deepEqual(invalid.map((e) => [e.type, (e.involvedObject as JsonObject).name, e.message]), [
      ['Warning', 'never', 'invalid schedule: 59 23 31 2 * : time difference between two schedules is less than 1 second'],
    ]);
    assert.equal((await cronJobs(h)).length, 0);
  } finally {
    h.stop();
  }
});

test('a CronJob in a time zone fires at that zone\'s wall-clock time', async () => {
  const h = await harness();
  try {
    // 09:00 in Tokyo is 00:00 UTC; the clock starts at 2026-01-01T00:00:00Z, so the first run is the next day.
    await h.client.create(h.def('batch', 'v1', 'cronjobs'), 'default', cronJob('tz', { schedule: '0 9 * * *', timeZone: 'Asia/Tokyo' }));
    await h.settle();
    await h.tick(24 * 3600_000 + 1000);
    const [j] = await cronJobs(h);
    assert.equal(meta(j).name, `tz-${Date.parse('2026-01-02T00:00:00Z') / 60_000}`);
    assert.equal((meta(j).annotations as JsonObject)['batch.platform.io/cronjob-scheduled-timestamp'], '2026-01-02T09:00:00+09:00');
  } finally {
    h.stop();
  }
});

test('finished Jobs beyond the history limits are deleted and completions are seen', async () => {
  const h = await harness();
  try {
    await h.client.create(h.def('batch', 'v1', 'cronjobs'), 'default', cronJob('h', { successfulJobsHistoryLimit: 1 }));
    for (let i = 0; i < 3; i++) {
      await h.tick(5 * 60_000 + 1000);
      for (const p of await h.client.list(h.def('', 'v1', 'pods'), 'default')) if (status(p).phase === 'Pending') await setPodFinished(h, p, 'Succeeded');
      await h.settle();
    }
    await h.settle();
    const jobs = await cronJobs(h);
    assert.equal(jobs.length, 1);
    const saw = await events(h, 'SawCompletedJob');
    assert.ok(saw.length >= 2 && saw.every((m) => /^Saw completed job: h-\d+, status: Complete$/.test(m)));
    const cj = await h.client.get(h.def('batch', 'v1', 'cronjobs'), 'default', 'h');
    assert.ok(typeof status(cj).lastSuccessfulTime === 'string');
  } finally {
    h.stop();
  }
});
