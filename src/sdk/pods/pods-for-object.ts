/**
 * kubectl's polymorphic helpers for commands that work on pods (logs, exec, attach, port-forward):
 * a pod named directly, or a controller or service (`deploy/NAME`, `job/NAME`, `svc/NAME`, ...)
 * whose selector picks its pods; the "first" pod is chosen by kubectl's ordering (running and
 * ready first), and waited for up to `--pod-running-timeout` when none is there yet.
 */
import type { PlatformClient } from '../client.js';
import { PlatformError } from '../errors.js';
import type { JsonObject, KubeObject } from '../types/meta.js';
import { ANNOTATIONS } from '../naming.js';
import { selectorQuery } from './selector.js';
import { jsonObjectOrEmpty as obj } from '../../machinery/json/values.js';

/** A pod as the commands read it. */
export type PodObject = KubeObject & { spec?: JsonObject; status?: JsonObject };

function arr(v: unknown): JsonObject[] {
  return Array.isArray(v) ? v.map(obj) : [];
}

/** The label selector of an object that selects pods, or undefined when it selects none. */
export function podSelectorOf(o: KubeObject): string | undefined {
  const spec = obj((o as JsonObject).spec);
  switch (o.kind) {
    case 'Service':
    case 'ReplicationController':
      return spec.selector === undefined ? undefined : selectorQuery(spec.selector, true);
    case 'Deployment':
    case 'ReplicaSet':
    case 'StatefulSet':
    case 'DaemonSet':
    case 'Job':
      // A Job's generated selector may be absent in a hand-made object: its template's labels select the same pods.
      return spec.selector !== undefined ? selectorQuery(spec.selector) : selectorQuery(obj(obj(spec.template).metadata).labels, true);
    case 'CronJob':
      return undefined;
    default:
      return undefined;
  }
}

function isReady(p: PodObject): boolean {
  return arr(obj(p.status).conditions).some((c) => c.type === 'Ready' && c.status === 'True');
}

function restarts(p: PodObject): number {
  return arr(obj(p.status).containerStatuses).reduce((n, c) => n + (typeof c.restartCount === 'number' ? c.restartCount : 0), 0);
}

const PHASE_ORDER: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

/** kubectl's ActivePods ordering, reversed to put the best pod first (running, ready, longer ready, fewer restarts, newer). */
export function byActive(a: PodObject, b: PodObject): number {
  const assigned = (p: PodObject): number => (typeof obj(p.spec).nodeName === 'string' && obj(p.spec).nodeName !== '' ? 1 : 0);
  const phase = (p: PodObject): number => PHASE_ORDER[String(obj(p.status).phase)] ?? 0;
  return (assigned(b) - assigned(a)) || (phase(b) - phase(a)) || (Number(isReady(b)) - Number(isReady(a))) || (restarts(a) - restarts(b))
    || String(b.metadata?.creationTimestamp ?? '').localeCompare(String(a.metadata?.creationTimestamp ?? ''));
}

/** Options of {@link podsForObject}. */
export interface PodsForObjectOptions {
  namespace: string;
  /** All selected pods (true) or the first (false). */
  all: boolean;
  /** How long to wait for a pod to exist and run (`--pod-running-timeout`). */
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** Told how many pods the selector matched when one of several was picked (kubectl's logs says so). */
  picked?: ((total: number, pod: PodObject) => void) | undefined;
}

/**
 * The pods an argument names: `NAME` (a pod), `TYPE/NAME` or `TYPE NAME`. Rejects when the object
 * does not exist or selects no pods.
 */
export async function podsForObject(client: PlatformClient, typeOrName: string, name: string | undefined, o: PodsForObjectOptions): Promise<PodObject[]> {
  let type = 'pods';
  let objectName = typeOrName;
  if (name !== undefined) {
    type = typeOrName;
    objectName = name;
  } else if (typeOrName.includes('/')) {
    const i = typeOrName.indexOf('/');
    type = typeOrName.slice(0, i);
    objectName = typeOrName.slice(i + 1);
  }
  const rc = await client.resourceFor(type, { namespace: o.namespace, signal: o.signal });
  const object = { kind: rc.mapping.kind, ...(await rc.get(objectName, { signal: o.signal })) } as KubeObject;
  if (rc.mapping.kind === 'Pod') return [object as PodObject];
  const selector = podSelectorOf(object);
  if (selector === undefined || selector === '') throw new PlatformError(`cannot attach to ${rc.mapping.kind}: selector for ${rc.mapping.kind} not implemented`);
  const deadline = Date.now() + o.timeoutMs;
  for (;;) {
    const list = await client.pods(o.namespace).list({ labelSelector: selector, signal: o.signal });
    const pods = [...(list.items as unknown as PodObject[])].sort(byActive);
    if (o.all && pods.length > 0) return pods;
    // kubectl's GetFirstPod: the first of the sorted pods as soon as there is one (running or not).
    const first = pods[0];
    if (!o.all && first !== undefined) {
      if (pods.length > 1) o.picked?.(pods.length, first);
      return [first];
    }
    if (Date.now() >= deadline) throw new PlatformError('timed out waiting for the condition');
    await new Promise((r) => setTimeout(r, 500));
    if (o.signal?.aborted === true) throw new PlatformError('timed out waiting for the condition');
  }
}

/** Names of a pod's containers of one list. */
export function containerNames(pod: PodObject, list: 'containers' | 'initContainers' | 'ephemeralContainers'): string[] {
  return arr(obj(pod.spec)[list]).map((c) => String(c.name ?? ''));
}

/**
 * The container a command uses when `-c` is not given: the default-container annotation, else the
 * first container; `note` receives kubectl's "Defaulted container ..." line when there was a choice.
 */
export function defaultContainer(pod: PodObject, note: (line: string) => void): string {
  const containers = containerNames(pod, 'containers');
  const annotated = pod.metadata?.annotations?.[ANNOTATIONS.defaultContainer];
  if (annotated !== undefined && containers.includes(annotated)) return annotated;
  const first = containers[0] ?? '';
  const all = [...containers, ...containerNames(pod, 'initContainers').map((c) => `${c} (init)`), ...containerNames(pod, 'ephemeralContainers').map((c) => `${c} (ephem)`)];
  if (all.length > 1) note(`Defaulted container "${first}" out of: ${all.join(', ')}`);
  return first;
}
