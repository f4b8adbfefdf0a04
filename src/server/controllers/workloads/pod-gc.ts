/**
 * Pod garbage collection as the controller manager's podgc does it, every 20 seconds: finished
 * pods (Succeeded, Failed) beyond the threshold go, oldest first; pods bound to a node that no
 * longer exists (still missing 40 seconds later) and pods being deleted that were never scheduled
 * are force-deleted, the orphans marked Failed with the DisruptionTarget condition first.
 */
import type { Pod } from '../../../sdk/types/generated/core-v1.js';
import { timestamp } from '../../util/time.js';
import { asObject, nameOf, namespaceOf } from '../../util/json.js';
import type { Controller } from '../../control/controller.js';
import { reconcileLoop } from '../../control/reconcile-loop.js';
import type { ControllerKit } from '../../control/kit.js';
import { conditionsOf } from '../../util/conditions.js';
import { createdAt, isPodFinished, isTerminating, nodeNameOf } from './util/pods.js';

/** The controller manager's default `--terminated-pod-gc-threshold`. */
export const TERMINATED_POD_GC_THRESHOLD = 12_500;
/** How often the collector runs. */
export const POD_GC_PERIOD_MS = 20_000;
/** How long a node must stay missing before its pods are deleted. */
export const ORPHAN_QUARANTINE_MS = 40_000;

/** Creates the pod garbage collector. */
export function podGcController(kit: ControllerKit): Controller {
  // Pods are written untyped: the DisruptionTarget condition's lastProbeTime is null (Go's zero time).
  const podDef = kit.def('', 'v1', 'pods');
  const pods = kit.informerOf(kit.kind('v1', 'Pod'));
  const nodes = kit.informerOf(kit.kind('v1', 'Node'));
  /** Node names first seen missing, with the time. */
  const missingSince = new Map<string, number>();
  const KEY = 'gc';
  const loop = reconcileLoop({
    name: 'pod-gc', ctx: kit.ctx, clock: kit.clock, workers: 1,
    reconcile: async () => {
      try {
        await collect();
      } finally {
        loop.queue.addAfter(KEY, POD_GC_PERIOD_MS);
      }
    },
    initialKeys: () => [KEY],
  });

  async function forceDelete(pod: Pod, markFailed: boolean): Promise<void> {
    const ns = namespaceOf(pod);
    if (markFailed) {
      await kit.client.update(podDef, ns, nameOf(pod), (o) => {
        const status = asObject(o.status) ?? {};
        const now = timestamp(kit.now());
        const list = conditionsOf(status).filter((c) => c.type !== 'DisruptionTarget');
        list.push({ type: 'DisruptionTarget', status: 'True', lastProbeTime: null, lastTransitionTime: now, reason: 'DeletionByPodGC', message: 'PodGC: node no longer exists' });
        status.conditions = list;
        if (!isPodFinished(o)) status.phase = 'Failed';
        o.status = status;
        return true;
      }, 'status');
    }
    await kit.client.delete(podDef, ns, nameOf(pod), { gracePeriodSeconds: 0 });
  }

  async function collect(): Promise<void> {
    const all = pods.list();
    const finished = all.filter((p) => isPodFinished(p) && !isTerminating(p));
    if (finished.length > TERMINATED_POD_GC_THRESHOLD) {
      finished.sort((a, b) => createdAt(a) - createdAt(b));
      for (const pod of finished.slice(0, finished.length - TERMINATED_POD_GC_THRESHOLD)) await kit.client.delete(podDef, namespaceOf(pod), nameOf(pod), { gracePeriodSeconds: 0 });
    }
    const now = kit.now();
    const present = new Set(nodes.list().map(nameOf));
    for (const name of [...missingSince.keys()]) if (present.has(name)) missingSince.delete(name);
    for (const pod of all) {
      const node = nodeNameOf(pod);
      if (node === '' || present.has(node)) continue;
      const since = missingSince.get(node);
      if (since === undefined) {
        missingSince.set(node, now);
        continue;
      }
      if (now - since >= ORPHAN_QUARANTINE_MS) await forceDelete(pod, true);
    }
    for (const pod of all) {
      if (isTerminating(pod) && nodeNameOf(pod) === '') await forceDelete(pod, false);
    }
  }

  return loop;
}

