/**
 * The Job controller (batch/v1 as 1.32 runs it): keeps `parallelism` pods active until
 * `completions` pods succeeded (NonIndexed) or every index succeeded (Indexed), counts finished
 * pods through the `job-tracking` finalizer and `uncountedTerminatedPods`, waits the failure
 * back-off (10 s doubling, at most 6 min) before replacing failed pods, and ends the Job with
 * SuccessCriteriaMet/Complete or FailureTarget/Failed (BackoffLimitExceeded, DeadlineExceeded)
 * once no pod is left running, as the 1.32 controller writes them.
 */
import { ANNOTATIONS, FINALIZERS, LABELS } from '../../../sdk/naming.js';
import type { Job, JobStatus } from '../../../sdk/types/generated/batch-v1.js';
import type { Pod, PodTemplateSpec } from '../../../sdk/types/generated/core-v1.js';
import { timestamp } from '../../util/time.js';
import type { KindDef } from '../../registry/kind-def.js';
import { fromObjectSelector } from '../../../machinery/labels/selector.js';
import { asNumber, nameOf, uidOf } from '../../util/json.js';
import { jsonEqual } from '../../../machinery/json/equal.js';
import type { Controller } from '../../control/controller.js';
import { objectKeyOf, splitKey, type Informer } from '../../feed/informer.js';
import { reconcileLoop } from '../../control/reconcile-loop.js';
import { errorMessage, type ControllerKit, type WorkloadOptions } from '../../control/kit.js';
import { newCondition, setCondition } from './util/conditions.js';
import { findCondition } from '../../util/conditions.js';
import { claim, controllerRefOf, newControllerRef } from './util/controller-ref.js';
import { dependentHandler } from './util/owner-events.js';
import { podFromTemplate } from './util/pod-template.js';
import { isPodReady, isTerminating, podPhase, podsToDelete, timeOf } from './util/pods.js';
import { slowStartBatch } from './util/slow-start.js';
import { createPodFor, deletePodOf } from './util/pod-control.js';

/** First delay before a failed pod is replaced. */
export const JOB_BACKOFF_BASE_MS = 10_000;
/** Longest delay before a failed pod is replaced. */
export const JOB_BACKOFF_MAX_MS = 6 * 60_000;

const MESSAGES = {
  BackoffLimitExceeded: 'Job has reached the specified backoff limit',
  DeadlineExceeded: 'Job was active longer than specified deadline',
  CompletionsReached: 'Reached expected number of succeeded pods',
} as const;

/** True when a Job has a Complete or Failed condition that is True. */
export function jobFinished(job: Job): 'Complete' | 'Failed' | undefined {
  for (const c of job.status?.conditions ?? []) {
    if ((c.type === 'Complete' || c.type === 'Failed') && c.status === 'True') return c.type;
  }
  return undefined;
}

function hasTrackingFinalizer(pod: Pod): boolean {
  return (pod.metadata?.finalizers ?? []).includes(FINALIZERS.jobTracking);
}

/** Creates the Job controller. */
export function jobController(kit: ControllerKit, options: WorkloadOptions = {}): Controller {
  const jobDef = kit.kind('batch/v1', 'Job');
  const podDef = kit.kind('v1', 'Pod');
  const jobs = kit.informerOf(jobDef);
  const pods = kit.informerOf(podDef);
  const orphanPrefix = 'pod\u0000';
  const loop = reconcileLoop({
    name: 'job', ctx: kit.ctx, clock: kit.clock, workers: options.workers ?? 5,
    reconcile: async (key) => {
      if (key.startsWith(orphanPrefix)) {
        await releaseOrphanPod(kit, podDef, jobs, key.slice(orphanPrefix.length));
        return;
      }
      const after = await syncJob(kit, jobDef, podDef, jobs, pods, key);
      if (after !== undefined) loop.queue.addAfter(key, after);
    },
    initialKeys: () => [...jobs.list().map(objectKeyOf), ...pods.list().filter(hasTrackingFinalizer).map((p) => orphanPrefix + objectKeyOf(p))],
    subscriptions: [
      jobs.addHandler((ev) => loop.queue.add(objectKeyOf(ev.object))),
      pods.addHandler(dependentHandler({ owners: jobs, kind: 'Job' }, (job) => loop.queue.add(objectKeyOf(job)))),
      pods.addHandler((ev) => {
        if (ev.type !== 'DELETED' && hasTrackingFinalizer(ev.object)) loop.queue.add(orphanPrefix + objectKeyOf(ev.object));
      }),
    ],
  });
  return loop;
}

/** Removes the tracking finalizer of a pod whose Job is gone or no longer tracks it. */
async function releaseOrphanPod(kit: ControllerKit, podDef: KindDef<Pod>, jobs: Informer<Job>, key: string): Promise<void> {
  const { namespace, name } = splitKey(key);
  const pod = await kit.client.get(podDef, namespace, name);
  if (pod === undefined || !hasTrackingFinalizer(pod)) return;
  const ref = controllerRefOf(pod);
  const job = ref?.kind === 'Job' ? jobs.get(namespace, ref.name) : undefined;
  if (job !== undefined && uidOf(job) === ref?.uid) return;
  await removeFinalizers(kit, podDef, [pod]);
}

async function removeFinalizers(kit: ControllerKit, podDef: KindDef<Pod>, list: readonly Pod[]): Promise<void> {
  await Promise.all(list.map((pod) => kit.client.update(podDef, pod.metadata?.namespace ?? '', nameOf(pod), (o) => {
    const meta = (o.metadata ??= {});
    const f = meta.finalizers ?? [];
    if (!f.includes(FINALIZERS.jobTracking)) return false;
    const kept = f.filter((x) => x !== FINALIZERS.jobTracking);
    if (kept.length === 0) delete meta.finalizers;
    else meta.finalizers = kept;
    return true;
  })));
}

function indexOf(pod: Pod): number | undefined {
  const v = pod.metadata?.annotations?.[ANNOTATIONS.jobCompletionIndex];
  return v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined;
}

/** `0-2,4,6-7`. */
export function formatIndexes(indexes: Iterable<number>): string {
  const sorted = [...new Set(indexes)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && (sorted[j + 1] ?? 0) === (sorted[j] ?? 0) + 1) j++;
    parts.push(i === j ? String(sorted[i]) : `${String(sorted[i])}-${String(sorted[j])}`);
    i = j + 1;
  }
  return parts.join(',');
}

/** Parses `0-2,4`. */
export function parseIndexes(text: string | undefined): Set<number> {
  const out = new Set<number>();
  for (const part of (text ?? '').split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (m === null) continue;
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    for (let i = a; i <= b && i - a < 100_000; i++) out.add(i);
  }
  return out;
}

async function syncJob(kit: ControllerKit, jobDef: KindDef<Job>, podDef: KindDef<Pod>, jobs: Informer<Job>, pods: Informer<Pod>, key: string): Promise<number | undefined> {
  const job = jobs.getByKey(key);
  if (job === undefined) return undefined;
  const { namespace, name } = splitKey(key);
  const spec = job.spec;
  const prior = job.status ?? {};
  const owned = await claim({
    client: kit.client, def: podDef, owner: job, ownerApiVersion: 'batch/v1', ownerKind: 'Job', selector: fromObjectSelector(spec?.selector),
    candidates: pods.list(namespace).filter((p) => !isTerminating(p) || hasTrackingFinalizer(p)), recheckOwner: () => kit.client.get(jobDef, namespace, name),
  });
  const now = kit.now();
  const finished = jobFinished(job);
  if (finished !== undefined) {
    await removeFinalizers(kit, podDef, owned.filter(hasTrackingFinalizer));
    return undefined;
  }
  const indexed = spec?.completionMode === 'Indexed';
  const completions = spec?.completions;
  const parallelism = spec?.parallelism ?? 1;
  const backoffLimit = spec?.backoffLimit ?? 6;
  const suspended = spec?.suspend === true;
  // An int64, which may be a bigint: read as a number for the time arithmetic (see registry/kind-def.ts).
  const deadline = asNumber(spec?.activeDeadlineSeconds);

  // Count the pods that finished since the last sync (two phases, as upstream: first record their
  // uids as uncounted, then drop their finalizers, then move them into the counters).
  const uncounted = prior.uncountedTerminatedPods ?? {};
  const uncountedSucceeded = new Set(uncounted.succeeded ?? []);
  const uncountedFailed = new Set(uncounted.failed ?? []);
  const newlyFinished = owned.filter((p) => hasTrackingFinalizer(p) && (podPhase(p) === 'Succeeded' || podPhase(p) === 'Failed' || (isTerminating(p) && podPhase(p) !== 'Succeeded')));
  // Uids recorded as uncounted by an earlier sync are counted now, whether or not their pods still exist.
  let succeeded = (prior.succeeded ?? 0) + uncountedSucceeded.size;
  let failed = (prior.failed ?? 0) + uncountedFailed.size;
  const completed = parseIndexes(prior.completedIndexes);
  for (const p of newlyFinished) {
    if (podPhase(p) === 'Succeeded') {
      if (!uncountedSucceeded.has(uidOf(p))) {
        succeeded++;
        const i = indexOf(p);
        if (i !== undefined) completed.add(i);
      }
    } else if (!uncountedFailed.has(uidOf(p))) {
      failed++;
    }
  }
  if (newlyFinished.length > 0) {
    const ok = newlyFinished.filter((p) => podPhase(p) === 'Succeeded').map(uidOf);
    const bad = newlyFinished.filter((p) => podPhase(p) !== 'Succeeded').map(uidOf);
    await writeStatus(kit, jobDef, job, (st) => {
      st.uncountedTerminatedPods = {
        ...(uncountedSucceeded.size + ok.length > 0 ? { succeeded: [...new Set([...uncountedSucceeded, ...ok])] } : {}),
        ...(uncountedFailed.size + bad.length > 0 ? { failed: [...new Set([...uncountedFailed, ...bad])] } : {}),
      };
    });
    await removeFinalizers(kit, podDef, newlyFinished);
  }

  const active = owned.filter((p) => !isTerminating(p) && podPhase(p) !== 'Succeeded' && podPhase(p) !== 'Failed');
  const restarts = spec?.template?.spec?.restartPolicy === 'OnFailure'
    ? active.reduce((n, p) => n + (p.status?.containerStatuses ?? []).reduce((m, c) => m + (c.restartCount ?? 0), 0), 0)
    : 0;
  const startTime = timeOf(prior.startTime) ?? (suspended ? undefined : now);
  let failure: keyof typeof MESSAGES | undefined;
  const existingTarget = findCondition(prior, 'FailureTarget');
  if (existingTarget?.status === 'True') failure = existingTarget.reason === 'DeadlineExceeded' ? 'DeadlineExceeded' : 'BackoffLimitExceeded';
  else if (failed + restarts > backoffLimit) failure = 'BackoffLimitExceeded';
  else if (!suspended && startTime !== undefined && deadline !== undefined && now - startTime >= deadline * 1000) failure = 'DeadlineExceeded';
  const done = failure === undefined && (indexed || completions !== undefined
    ? succeeded >= (completions ?? 1) || (indexed && completed.size >= (completions ?? 0))
    : succeeded > 0 && active.length === 0);
  const successMet = findCondition(prior, 'SuccessCriteriaMet')?.status === 'True' || done;

  let requeue: number | undefined;
  let manageError: unknown;
  if (failure !== undefined || successMet) {
    // Nothing more to run: remove what is still active.
    await deletePods(kit, podDef, job, active);
  } else if (suspended) {
    await deletePods(kit, podDef, job, active);
  } else {
    const want = completions === undefined ? (succeeded > 0 ? 0 : parallelism) : Math.max(0, Math.min(parallelism, completions - succeeded));
    if (active.length > want) {
      await deletePods(kit, podDef, job, podsToDelete(active, active, active.length - want, now));
    } else if (active.length < want) {
      const wait = backoffRemaining(owned, failed, now);
      if (wait > 0) {
        requeue = wait;
      } else {
        const activeIndexes = new Set(active.map(indexOf).filter((i): i is number => i !== undefined));
        const free = indexed ? Array.from({ length: completions ?? 0 }, (_, i) => i).filter((i) => !completed.has(i) && !activeIndexes.has(i)) : [];
        const count = indexed ? Math.min(want - active.length, free.length) : want - active.length;
        const result = await createPods(kit, podDef, job, count, indexed ? free : undefined);
        manageError = result;
      }
    }
    if (deadline !== undefined && startTime !== undefined) {
      const left = startTime + deadline * 1000 - now;
      requeue = requeue === undefined ? left : Math.min(requeue, left);
    }
  }

  const stillActive = pods.ownedBy(uidOf(job)).filter((p) => !isTerminating(p) && podPhase(p) !== 'Succeeded' && podPhase(p) !== 'Failed' && controllerRefOf(p)?.uid === uidOf(job));
  const stillTerminating = pods.ownedBy(uidOf(job)).filter((p) => isTerminating(p) && podPhase(p) !== 'Succeeded' && podPhase(p) !== 'Failed').length;
  const readyCount = stillActive.filter(isPodReady).length;
  await writeStatus(kit, jobDef, job, (st) => {
    if (startTime !== undefined && st.startTime === undefined) st.startTime = timestamp(startTime);
    setCount(st, 'active', stillActive.length);
    st.ready = readyCount;
    setCount(st, 'succeeded', succeeded);
    setCount(st, 'failed', failed);
    st.terminating = stillTerminating;
    if (indexed) {
      const text = formatIndexes(completed);
      if (text === '') delete st.completedIndexes;
      else st.completedIndexes = text;
    }
    st.uncountedTerminatedPods = {};
    const suspendedCond = findCondition(st, 'Suspended');
    if (suspended && suspendedCond?.status !== 'True') {
      setCondition(st, newCondition('Suspended', 'True', 'JobSuspended', 'Job suspended', now, false));
      kit.recorder.event(job, 'Normal', 'Suspended', 'Job suspended');
    } else if (!suspended && suspendedCond?.status === 'True') {
      setCondition(st, newCondition('Suspended', 'False', 'JobResumed', 'Job resumed', now, false));
      kit.recorder.event(job, 'Normal', 'Resumed', 'Job resumed');
    }
    if (failure !== undefined) {
      setCondition(st, newCondition('FailureTarget', 'True', failure, MESSAGES[failure], now, false));
      if (stillActive.length === 0 && stillTerminating === 0 && findCondition(st, 'Failed') === undefined) {
        setCondition(st, newCondition('Failed', 'True', failure, MESSAGES[failure], now, false));
        kit.recorder.event(job, 'Warning', failure, MESSAGES[failure]);
      }
    } else if (successMet) {
      setCondition(st, newCondition('SuccessCriteriaMet', 'True', 'CompletionsReached', MESSAGES.CompletionsReached, now, false));
      if (stillActive.length === 0 && stillTerminating === 0 && findCondition(st, 'Complete') === undefined) {
        setCondition(st, newCondition('Complete', 'True', 'CompletionsReached', MESSAGES.CompletionsReached, now, false));
        st.completionTime = timestamp(now);
        kit.recorder.event(job, 'Normal', 'Completed', 'Job completed');
      }
    }
  });
  if (manageError !== undefined) throw manageError instanceof Error ? manageError : new Error(errorMessage(manageError));
  return requeue;
}

function setCount(st: JobStatus, field: 'active' | 'succeeded' | 'failed', n: number): void {
  if (n === 0) delete st[field];
  else st[field] = n;
}

/** How long to wait before replacing failed pods: 10 s doubled per failure, from the last one. */
function backoffRemaining(owned: readonly Pod[], failed: number, now: number): number {
  if (failed === 0) return 0;
  let last = 0;
  for (const p of owned) {
    if (podPhase(p) !== 'Failed') continue;
    for (const c of p.status?.containerStatuses ?? []) {
      last = Math.max(last, timeOf(c.state?.terminated?.finishedAt) ?? 0);
    }
    last = Math.max(last, timeOf(p.metadata?.deletionTimestamp) ?? 0);
  }
  if (last === 0) return 0;
  const delay = Math.min(JOB_BACKOFF_MAX_MS, JOB_BACKOFF_BASE_MS * 2 ** Math.max(0, failed - 1));
  return Math.max(0, last + delay - now);
}

/**
 * The template of a Job's pods: the tracking finalizer, and for a completion index its annotation,
 * label, hostname and `JOB_COMPLETION_INDEX` variable.
 */
function podTemplate(job: Job, index: number | undefined): PodTemplateSpec {
  const t = structuredClone(job.spec?.template ?? {});
  const meta = t.metadata ?? {};
  meta.finalizers = [...(meta.finalizers ?? []), FINALIZERS.jobTracking];
  if (index !== undefined) {
    meta.annotations = { ...meta.annotations, [ANNOTATIONS.jobCompletionIndex]: String(index) };
    meta.labels = { ...meta.labels, [LABELS.jobCompletionIndex]: String(index) };
    const spec = t.spec;
    if (spec !== undefined) {
      spec.hostname ??= `${nameOf(job)}-${index}`;
      for (const c of spec.containers) {
        c.env = [...(c.env ?? []), { name: 'JOB_COMPLETION_INDEX', valueFrom: { fieldRef: { fieldPath: `metadata.annotations['${ANNOTATIONS.jobCompletionIndex}']` } } }];
      }
    }
  }
  t.metadata = meta;
  return t;
}

async function createPods(kit: ControllerKit, podDef: KindDef<Pod>, job: Job, count: number, indexes: number[] | undefined): Promise<unknown> {
  const namespace = job.metadata?.namespace ?? '';
  const name = nameOf(job);
  const ref = newControllerRef(job, 'batch/v1', 'Job');
  const result = await slowStartBatch(count, 1, async (i) => {
    const index = indexes?.[i];
    const pod = podFromTemplate(podTemplate(job, index), namespace, ref, { generateName: index === undefined ? `${name}-` : `${name}-${index}-` });
    await createPodFor(kit, podDef, namespace, pod, job);
  });
  return result.error;
}

async function deletePods(kit: ControllerKit, podDef: KindDef<Pod>, job: Job, list: readonly Pod[]): Promise<void> {
  await Promise.all(list.map((pod) => deletePodOf(kit, podDef, pod.metadata?.namespace ?? '', pod, job)));
}

async function writeStatus(kit: ControllerKit, jobDef: KindDef<Job>, job: Job, change: (status: JobStatus) => void): Promise<void> {
  await kit.client.update(jobDef, job.metadata?.namespace ?? '', job.metadata?.name ?? '', (o) => {
    if (uidOf(o) !== uidOf(job)) return false;
    const before = o.status ?? {};
    const next = structuredClone(before);
    change(next);
    if (jsonEqual(before, next)) return false;
    o.status = next;
    return true;
  }, 'status');
}
