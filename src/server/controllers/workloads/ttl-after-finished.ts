/**
 * The TTL-after-finished controller: a Job that finished (Complete or Failed) with
 * `ttlSecondsAfterFinished` set is deleted (its pods with it, in the background) that many
 * seconds after it finished.
 */
import type { Controller } from '../../control/controller.js';
import { objectKeyOf, splitKey } from '../../feed/informer.js';
import { reconcileLoop } from '../../control/reconcile-loop.js';
import { uidOf } from '../../util/json.js';
import { jobFinished } from './job.js';
import type { ControllerKit, WorkloadOptions } from '../../control/kit.js';
import { timeOf } from './util/pods.js';

/** Creates the controller. */
export function ttlAfterFinishedController(kit: ControllerKit, options: WorkloadOptions = {}): Controller {
  const jobDef = kit.kind('batch/v1', 'Job');
  const jobs = kit.informerOf(jobDef);
  const loop = reconcileLoop({
    name: 'ttl-after-finished', ctx: kit.ctx, clock: kit.clock, workers: options.workers ?? 1,
    reconcile: async (key) => {
      const job = jobs.getByKey(key);
      if (job === undefined || typeof job.metadata?.deletionTimestamp === 'string') return;
      const ttl = job.spec?.ttlSecondsAfterFinished;
      const finished = jobFinished(job);
      if (ttl === undefined || finished === undefined) return;
      const cond = job.status?.conditions?.find((c) => c.type === finished && c.status === 'True');
      const at = (timeOf(job.status?.completionTime) ?? timeOf(cond?.lastTransitionTime) ?? kit.now()) + ttl * 1000;
      const left = at - kit.now();
      if (left > 0) {
        loop.queue.addAfter(key, left);
        return;
      }
      const { namespace, name } = splitKey(key);
      await kit.client.delete(jobDef, namespace, name, { propagationPolicy: 'Background', preconditions: { uid: uidOf(job) } });
    },
    initialKeys: () => jobs.list().map(objectKeyOf),
    subscriptions: [jobs.addHandler((ev) => {
      if (ev.type !== 'DELETED') loop.queue.add(objectKeyOf(ev.object));
    })],
  });
  return loop;
}
