/**
 * The pod and ports of a port-forward to a pod, a service or a workload, as kubectl's
 * `port-forward TYPE/NAME` picks them: the first pod of the object's selector by kubectl's
 * ordering (waited for up to a timeout), which must be running; a service's ports are mapped to
 * their target ports in that pod, named ports to the containers' numbers.
 */
import type { PlatformClient } from '../client.js';
import { InputError } from '../errors.js';
import type { PortMapping } from '../streams/port-forward.js';
import type { KubeObject } from '../types/meta.js';
import { podPort, servicePort } from './forward-ports.js';
import { podsForObject, type PodObject } from './pods-for-object.js';

/** One port to forward: `remote` is a number or a port name (the service's, or the pod's containers'). */
export interface RemotePort {
  /** The local port (0: a free one; default: the remote port's number in the pod). */
  local?: number | undefined;
  remote: number | string;
}

/** Where a forward goes: the pod and the pod ports of each mapping. */
export interface ResolvedForward {
  pod: PodObject;
  /** The pod's name. */
  podName: string;
  mappings: PortMapping[];
}

/** Options of {@link resolveForward}. */
export interface ResolveForwardOptions {
  namespace: string;
  /** How long to wait for the object's first pod to exist (kubectl's `--pod-running-timeout`). */
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

/** Whether `type` names services (`svc`, `service`, `services`), whose ports map to target ports. */
function isServiceType(type: string): boolean {
  return ['svc', 'service', 'services'].includes(type.toLowerCase());
}

/** Resolves `TYPE/NAME` (or a pod's `NAME`) and port arguments to a running pod and its ports. */
export async function resolveForward(client: PlatformClient, target: string, ports: readonly RemotePort[], options: ResolveForwardOptions): Promise<ResolvedForward> {
  const { namespace, signal } = options;
  const [pod] = await podsForObject(client, target, undefined, { namespace, all: false, timeoutMs: options.timeoutMs, signal });
  if (pod === undefined) throw new InputError('no pod found');
  const phase = String((pod.status as { phase?: unknown } | undefined)?.phase ?? '');
  if (phase !== 'Running') throw new InputError(`unable to forward port because pod is not running. Current status=${phase}`);
  let service: KubeObject | undefined;
  const slash = target.indexOf('/');
  if (slash >= 0 && isServiceType(target.slice(0, slash))) {
    service = await client.services(namespace).get(target.slice(slash + 1), signal === undefined ? {} : { signal }) as unknown as KubeObject;
  }
  const mappings = ports.map((p) => {
    const remoteText = String(p.remote);
    const remote = service !== undefined ? servicePort(service, pod, remoteText) : podPort(pod, remoteText);
    return { local: p.local ?? remote, remote };
  });
  return { pod, podName: pod.metadata?.name ?? '', mappings };
}
