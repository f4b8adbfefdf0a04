/**
 * What a log follow watches: the pods of a workload or service (through its selector), the pods a
 * label selector picks, or one pod; and when, if ever, the follow is over on its own.
 */
import type { PlatformClient } from '../client.js';
import { PlatformError } from '../errors.js';
import { podSelectorOf } from '../pods/pods-for-object.js';
import type { JsonObject, KubeObject } from '../types/meta.js';

/** What to follow: `TYPE/NAME` (`deploy/web`, `job/x`, `svc/x`, `pod/x`), a pod's name, or a label selector. */
export type FollowTarget = string | { selector: string };

/** A resolved target. */
export interface ResolvedFollowTarget {
  /** `pod/web-1`, `deployment.apps/web`, or `-l app=web`: for messages. */
  description: string;
  labelSelector?: string | undefined;
  fieldSelector?: string | undefined;
  /**
   * Asked when no container is followed any more: true ends the follow. A pod's follow ends with
   * its pod; a Job's when the Job has finished; a workload's or selector's never (new pods may come).
   */
  finished(signal: AbortSignal): Promise<boolean>;
}

function conditionTrue(o: KubeObject, types: readonly string[]): boolean {
  const status = (o as JsonObject).status;
  const conditions = typeof status === 'object' && status !== null && !Array.isArray(status) ? (status as JsonObject).conditions : undefined;
  return Array.isArray(conditions) && conditions.some((c) => {
    const cond = c as JsonObject;
    return types.includes(String(cond.type)) && cond.status === 'True';
  });
}

/** Resolves `target` in `namespace`; rejects when the object does not exist or selects no pods. */
export async function resolveFollowTarget(client: PlatformClient, target: FollowTarget, namespace: string, signal: AbortSignal): Promise<ResolvedFollowTarget> {
  if (typeof target !== 'string') {
    return { description: `-l ${target.selector}`, labelSelector: target.selector, finished: () => Promise.resolve(false) };
  }
  const slash = target.indexOf('/');
  const type = slash < 0 ? 'pods' : target.slice(0, slash);
  const name = slash < 0 ? target : target.slice(slash + 1);
  if (name === '') throw new PlatformError(`no name in ${JSON.stringify(target)}: expected TYPE/NAME or a pod's name`);
  const rc = await client.resourceFor(type, { namespace, signal });
  const object = { kind: rc.mapping.kind, ...(await rc.get(name, { signal })) } as KubeObject;
  const description = `${rc.mapping.resource}${rc.mapping.group === '' ? '' : `.${rc.mapping.group}`}/${name}`;
  if (rc.mapping.kind === 'Pod') {
    return { description: `pod/${name}`, fieldSelector: `metadata.name=${name}`, finished: () => Promise.resolve(true) };
  }
  const selector = podSelectorOf(object);
  if (selector === undefined || selector === '') throw new PlatformError(`cannot follow the logs of ${rc.mapping.kind}: it selects no pods`);
  const finished = rc.mapping.kind !== 'Job'
    ? () => Promise.resolve(false)
    : async (s: AbortSignal) => {
      try {
        return conditionTrue({ kind: 'Job', ...(await rc.get(name, { signal: s })) } as KubeObject, ['Complete', 'Failed']);
      } catch {
        return true;
      }
    };
  return { description, labelSelector: selector, finished };
}
