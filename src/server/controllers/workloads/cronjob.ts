/**
 * The CronJob controller (cronjob_controllerv2): at each scheduled time of the CronJob's cron
 * schedule, in its `timeZone`, it creates a Job named `<cronjob>-<scheduled minutes since the
 * epoch>` from the job template, honouring `suspend`, `startingDeadlineSeconds` (late runs are
 * skipped) and `concurrencyPolicy` (Allow, Forbid: skip while one runs, Replace: delete the
 * running ones first); it tracks `status.active`, `lastScheduleTime` and `lastSuccessfulTime`
 * and keeps `successfulJobsHistoryLimit` and `failedJobsHistoryLimit` finished Jobs.
 */
import { ANNOTATIONS } from '../../../sdk/naming.js';
import type { ObjectMeta } from '../../../sdk/types/meta.js';
import type { CronJob, CronJobSpec, CronJobStatus, Job } from '../../../sdk/types/generated/batch-v1.js';
import type { ObjectReference } from '../../../sdk/types/generated/core-v1.js';
import { timestamp } from '../../util/time.js';
import { ApiError } from '../../errors.js';
import type { KindDef } from '../../registry/kind-def.js';
import { asNumber, nameOf, uidOf } from '../../util/json.js';


import type { Controller } from '../../control/controller.js';
import { splitKey, type Informer } from '../../feed/informer.js';
import { kindLoop } from '../../control/kind-loop.js';
import { parseSchedule, ScheduleError, validTimeZone, type Schedule } from './cron-schedule.js';
import { jobFinished } from './job.js';
import { errorMessage, type ControllerKit, type WorkloadOptions } from '../../control/kit.js';
import { controllerRefOf, newControllerRef } from './util/controller-ref.js';
import { dependentHandler } from './util/owner-events.js';
import { createdAt, isTerminating, timeOf } from './util/pods.js';
import { writeStatus } from './util/status-write.js';

/** Extra delay after a scheduled time before the CronJob is looked at (upstream's 100 ms). */
const NEXT_SCHEDULE_DELTA_MS = 100;

/** Creates the CronJob controller. */
export function cronJobController(kit: ControllerKit, options: WorkloadOptions = {}): Controller {
  const cjDef = kit.kind('batch/v1', 'CronJob');
  const jobDef = kit.kind('batch/v1', 'Job');
  const cronJobs = kit.informerOf(cjDef);
  const jobs = kit.informerOf(jobDef);
  return kindLoop({
    name: 'cronjob', ctx: kit.ctx, clock: kit.clock, workers: options.workers ?? 5,
    objects: cronJobs,
    sync: (key) => syncCronJob(kit, cjDef, jobDef, cronJobs, jobs, key),
    dependents: (enqueue) => [jobs.addHandler(dependentHandler({ owners: cronJobs, kind: 'CronJob', selectorOf: () => undefined }, enqueue))],
  });
}

/** `getTimeHashInMinutes`: the Job name of a scheduled time. */
export function jobNameFor(cronJobName: string, scheduledMs: number): string {
  return `${cronJobName}-${Math.floor(scheduledMs / 60_000)}`;
}

/** What {@link mostRecentScheduleTime} reads of a CronJob. */
type ScheduledObject = Pick<CronJob, 'metadata' | 'status'> & { spec?: Pick<CronJobSpec, 'startingDeadlineSeconds'> };

/** mostRecentScheduleTime's error for a schedule whose times cannot be told apart (one that never fires, such as 31 February). */
const NO_TWO_TIMES = 'time difference between two schedules is less than 1 second';

/**
 * `mostRecentScheduleTime`: the latest missed time (if any) and how many were missed; `error` when
 * the schedule has no two distinct times after the earliest one (robfig's Next finds none within
 * five years and answers the zero time, which the API server's controller reports).
 */
export function mostRecentScheduleTime(cj: ScheduledObject, now: number, sched: Schedule, withDeadline: boolean): { time: number | undefined; many: boolean; error?: string } {
  let earliest = timeOf(cj.status?.lastScheduleTime) ?? createdAt(cj);
  // An int64, which may be a bigint: read as a number for the time arithmetic (see registry/kind-def.ts).
  const deadline = asNumber(cj.spec?.startingDeadlineSeconds);
  if (withDeadline && deadline !== undefined) earliest = Math.max(earliest, now - deadline * 1000);
  const t1 = sched.next(earliest);
  if (t1 === undefined) return { time: undefined, many: false, error: NO_TWO_TIMES };
  if (now < t1) return { time: undefined, many: false };
  const t2 = sched.next(t1);
  if (t2 !== undefined && now < t2) return { time: t1, many: false };
  const between = t2 === undefined ? 0 : Math.round((t2 - t1) / 1000);
  if (between < 1) return { time: undefined, many: false, error: NO_TWO_TIMES };
  const missed = Math.floor((now - t1) / 1000 / between) + 1;
  let recent: number | undefined;
  const from = t1 + (missed - 2) * between * 1000;
  for (let t = sched.next(from); t !== undefined && t <= now; t = sched.next(t)) recent = t;
  return { time: recent, many: missed > 100 };
}

function scheduleOf(cj: CronJob): { sched?: Schedule; error?: string; zoneError?: string } {
  const zone = cj.spec?.timeZone;
  if (zone !== undefined && !validTimeZone(zone)) return { zoneError: `invalid timeZone: ${JSON.stringify(zone)}: unknown time zone ${zone}` };
  const text = cj.spec?.schedule ?? '';
  try {
    return { sched: parseSchedule(text, zone ?? 'UTC') };
  } catch (e) {
    return { error: `unparseable schedule: ${JSON.stringify(text)} : ${e instanceof ScheduleError ? e.message : errorMessage(e)}` };
  }
}

/** RFC 3339 of an instant in a zone, as Go prints `time.Time` in a location. */
function zonedTimestamp(ms: number, zone: string | undefined): string {
  if (zone === undefined || zone === 'UTC') return timestamp(ms);
  const fmt = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const p: Record<string, string> = {};
  for (const part of fmt.formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = part.value;
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  const offsetMin = Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  const off = offsetMin === 0 ? 'Z' : `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${p.year ?? ''}-${p.month ?? ''}-${p.day ?? ''}T${p.hour ?? ''}:${p.minute ?? ''}:${p.second ?? ''}${off}`;
}

async function syncCronJob(kit: ControllerKit, cjDef: KindDef<CronJob>, jobDef: KindDef<Job>, cronJobs: Informer<CronJob>, jobs: Informer<Job>, key: string): Promise<number | undefined> {
  const cj = cronJobs.getByKey(key);
  if (cj === undefined) return undefined;
  const { namespace, name } = splitKey(key);
  const spec = cj.spec;
  const now = kit.now();
  const owned = jobs.ownedBy(uidOf(cj)).filter((j) => controllerRefOf(j)?.uid === uidOf(cj) && j.metadata?.namespace === namespace);
  const status: CronJobStatus = structuredClone(cj.status ?? {});

  // status.active: drop finished or vanished Jobs, add running ones it does not list.
  const active = status.active ?? [];
  const byUid = new Map(owned.map((j) => [uidOf(j), j]));
  let nextActive: ObjectReference[] = [];
  for (const ref of active) {
    const job = byUid.get(ref.uid ?? '');
    if (job === undefined) continue;
    const finished = jobFinished(job);
    if (finished !== undefined) {
      kit.recorder.event(cj, 'Normal', 'SawCompletedJob', `Saw completed job: ${nameOf(job)}, status: ${finished}`);
      continue;
    }
    nextActive.push(ref);
  }
  for (const job of owned) {
    if (jobFinished(job) !== undefined || nextActive.some((r) => r.uid === uidOf(job))) continue;
    nextActive.push(jobRef(job));
  }
  for (const job of owned) {
    if (jobFinished(job) !== 'Complete') continue;
    const done = timeOf(job.status?.completionTime);
    if (done !== undefined && (timeOf(status.lastSuccessfulTime) ?? 0) < done) status.lastSuccessfulTime = timestamp(done);
  }
  await cleanupHistory(kit, jobDef, cj, owned);

  let requeue: number | undefined;
  if (!isTerminating(cj)) {
    const { sched, error, zoneError } = scheduleOf(cj);
    if (zoneError !== undefined) kit.recorder.event(cj, 'Warning', 'UnknownTimeZone', zoneError);
    else if (error !== undefined || sched === undefined) kit.recorder.event(cj, 'Warning', 'UnparseableSchedule', error ?? 'unparseable schedule');
    else if (spec?.suspend !== true) {
      const next = sched.next(now);
      requeue = next === undefined ? undefined : next - now + NEXT_SCHEDULE_DELTA_MS;
      const recent = mostRecentScheduleTime({ ...cj, status }, now, sched, true);
      if (recent.error !== undefined) {
        // Not reconciled again until the spec changes, as the API server's controller leaves it.
        kit.recorder.event(cj, 'Warning', 'InvalidSchedule', `invalid schedule: ${spec?.schedule ?? ''} : ${recent.error}`);
        requeue = undefined;
      } else if (recent.many) kit.recorder.event(cj, 'Warning', 'TooManyMissedTimes', 'too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew');
      const scheduled = recent.time;
      const deadline = asNumber(spec?.startingDeadlineSeconds);
      if (scheduled !== undefined) {
        const jobName = jobNameFor(name, scheduled);
        const tooLate = deadline !== undefined && scheduled + deadline * 1000 < now;
        const already = nextActive.some((r) => r.name === jobName) || timeOf(status.lastScheduleTime) === scheduled;
        if (tooLate) {
          kit.recorder.event(cj, 'Warning', 'MissSchedule', `Missed scheduled time to start a job: ${new Date(scheduled).toUTCString().replace('GMT', '+0000')}`);
        } else if (!already) {
          const policy = spec?.concurrencyPolicy ?? 'Allow';
          if (policy === 'Forbid' && nextActive.length > 0) {
            kit.recorder.event(cj, 'Normal', 'JobAlreadyActive', 'Not starting job because prior execution is running and concurrency policy is Forbid');
          } else {
            if (policy === 'Replace') {
              for (const ref of nextActive) {
                const r = await kit.client.delete(jobDef, namespace, ref.name ?? '', { propagationPolicy: 'Background' });
                if (r !== undefined) kit.recorder.event(cj, 'Normal', 'SuccessfulDelete', `Deleted job ${ref.name ?? ''}`);
              }
              nextActive = [];
            }
            const created = await createJob(kit, jobDef, cj, jobName, scheduled);
            if (created !== undefined) nextActive.push(jobRef(created));
            status.lastScheduleTime = timestamp(scheduled);
          }
        }
      }
    }
  }
  if (nextActive.length > 0) status.active = nextActive;
  else delete status.active;
  await writeStatus(kit, cjDef, cj, status);
  return requeue;
}

function jobRef(job: Job): ObjectReference {
  const meta = job.metadata ?? {};
  return { kind: 'Job', namespace: meta.namespace ?? '', name: meta.name ?? '', uid: meta.uid ?? '', apiVersion: 'batch/v1', resourceVersion: meta.resourceVersion ?? '' };
}

async function createJob(kit: ControllerKit, jobDef: KindDef<Job>, cj: CronJob, jobName: string, scheduled: number): Promise<Job | undefined> {
  const namespace = cj.metadata?.namespace ?? '';
  const template = cj.spec?.jobTemplate ?? {};
  const tmeta = template.metadata ?? {};
  const annotations = { ...tmeta.annotations, [ANNOTATIONS.cronJobScheduledTimestamp]: zonedTimestamp(scheduled, cj.spec?.timeZone) };
  const metadata: ObjectMeta = { name: jobName, namespace, annotations, ownerReferences: [newControllerRef(cj, 'batch/v1', 'CronJob')] };
  const labels = tmeta.labels;
  if (labels !== undefined) metadata.labels = labels;
  // A stored CronJob's job template has a spec (validation requires its pod template).
  const body: Job = { apiVersion: 'batch/v1', kind: 'Job', metadata, ...(template.spec === undefined ? {} : { spec: structuredClone(template.spec) }) };
  try {
    const job = await kit.client.create(jobDef, namespace, body);
    kit.recorder.event(cj, 'Normal', 'SuccessfulCreate', `Created job ${jobName}`);
    return job;
  } catch (e) {
    if (e instanceof ApiError && e.code === 409) return kit.client.get(jobDef, namespace, jobName);
    kit.recorder.event(cj, 'Warning', 'FailedCreate', `Error creating job: ${errorMessage(e)}`);
    throw e;
  }
}

/** Deletes the oldest finished Jobs beyond the history limits. */
async function cleanupHistory(kit: ControllerKit, jobDef: KindDef<Job>, cj: CronJob, owned: readonly Job[]): Promise<void> {
  const namespace = cj.metadata?.namespace ?? '';
  const finishedAt = (j: Job): number => timeOf(j.status?.completionTime) ?? timeOf(j.status?.startTime) ?? createdAt(j);
  for (const [kind, limitField] of [['Complete', 'successfulJobsHistoryLimit'], ['Failed', 'failedJobsHistoryLimit']] as const) {
    const limit = cj.spec?.[limitField];
    if (limit === undefined) continue;
    const list = owned.filter((j) => jobFinished(j) === kind && !isTerminating(j)).sort((a, b) => finishedAt(a) - finishedAt(b));
    for (const job of list.slice(0, Math.max(0, list.length - limit))) {
      const r = await kit.client.delete(jobDef, namespace, nameOf(job), { propagationPolicy: 'Background' });
      if (r !== undefined) kit.recorder.event(cj, 'Normal', 'SuccessfulDelete', `Deleted job ${nameOf(job)}`);
    }
  }
}
