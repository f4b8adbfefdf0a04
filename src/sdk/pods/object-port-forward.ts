/**
 * `client.portForward({ kind, name, ports })`: a port-forward to a pod, or to the pod a service or
 * workload selects, as `platformctl port-forward TYPE/NAME` makes it (one resolution for both,
 * `forward-target.ts`).
 */
import type { PlatformClient } from '../client.js';
import type { PortForward, PortForwardOptions } from '../streams/port-forward.js';
import { resolveForward, type RemotePort } from './forward-target.js';

/** Options of `client.portForward`: what to forward to, and the forward's own options. */
export interface ObjectPortForwardOptions extends PortForwardOptions {
  /**
   * The kind of object, as `port-forward TYPE/NAME` takes it: `pod` (default), `service`,
   * `deployment`, or any other name the server knows for a kind that selects pods (`statefulset`,
   * `rs`, `job` ...). A service's ports are mapped to their target ports in the pod.
   */
  kind?: 'pod' | 'service' | 'deployment' | (string & Record<never, never>) | undefined;
  name: string;
  /** Default: the client's namespace. */
  namespace?: string | undefined;
  /** Ports to forward: `remote` is the pod's (or the service's) port number or name. */
  ports: readonly RemotePort[];
  /** How long to wait for the object's first pod to exist (default 60 s, kubectl's `--pod-running-timeout`). */
  podRunningTimeoutMs?: number | undefined;
}

/** A running forward and the pod it goes to. */
export interface ObjectPortForward extends PortForward {
  /** The pod's name. */
  readonly pod: string;
  readonly namespace: string;
}

/** Starts a forward to the object `options` names; resolves once every listener listens. */
export async function portForwardTo(client: PlatformClient, options: ObjectPortForwardOptions): Promise<ObjectPortForward> {
  const { kind, name, namespace: ns, ports, podRunningTimeoutMs, ...forwardOptions } = options;
  const namespace = ns ?? client.namespace;
  const target = kind === undefined || kind === '' ? `pod/${name}` : `${kind}/${name}`;
  const { podName, mappings } = await resolveForward(client, target, ports, { namespace, timeoutMs: podRunningTimeoutMs ?? 60_000, signal: options.signal });
  const forward = await client.pods(namespace).portForward(podName, mappings, forwardOptions);
  return Object.assign(forward, { pod: podName, namespace });
}
