import type { KubeObject } from '../../sdk/types/meta.js';
import { obj, str } from './json-access.js';

/** The pods of a controller by phase, as kubectl's `Pods Status:` line counts them. */
export interface PodPhaseCounts {
  running: number;
  waiting: number;
  succeeded: number;
  failed: number;
}

/**
 * kubectl's `getPodStatusForController`: of the pods its selector matched (the caller lists
 * them), those whose controller owner reference is `uid`, counted by phase.
 */
export function controllerPodCounts(pods: readonly KubeObject[], uid: string | undefined): PodPhaseCounts {
  const counts: PodPhaseCounts = { running: 0, waiting: 0, succeeded: 0, failed: 0 };
  for (const pod of pods) {
    const ref = (pod.metadata?.ownerReferences ?? []).find((r) => r.controller === true);
    if (ref === undefined || ref.uid !== uid) continue;
    switch (str(obj(pod['status'])['phase'])) {
      case 'Running': counts.running++; break;
      case 'Pending': counts.waiting++; break;
      case 'Succeeded': counts.succeeded++; break;
      case 'Failed': counts.failed++; break;
    }
  }
  return counts;
}

/** `1 Running / 0 Waiting / 0 Succeeded / 0 Failed`. */
export function podPhaseCountsText(c: PodPhaseCounts): string {
  return `${c.running} Running / ${c.waiting} Waiting / ${c.succeeded} Succeeded / ${c.failed} Failed`;
}
