/**
 * `client.portForward({ kind, name, ports })`: a port-forward to a pod, or to the pods a service or
 * workload selects, as `platformctl port-forward TYPE/NAME` makes it (one resolution for both,
 * `forward-target.ts`). A forward to a service or workload heals: when its pod goes, new
 * connections go to another of the target's pods and the listeners stay (`healing-route.ts`).
 */
import type { PlatformClient } from '../client.js';
import { PlatformError } from '../errors.js';
import { startPortForward, type PortForward, type PortForwardOptions } from '../streams/port-forward.js';
import type { JsonObject, KubeObject } from '../types/meta.js';
import { resolveForward, type RemotePort } from './forward-target.js';
import { HealingRoute, type ForwardSwitch } from './healing-route.js';
import { podSelectorOf, type PodObject } from './pods-for-object.js';

export type { ForwardSwitch } from './healing-route.js';

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
  /**
   * Keep the listeners when the pod goes away, and send new connections to another pod of the
   * same target (connections open on the old pod end with it). Default: true for a service or a
   * workload, false for a pod (see {@link followOwner}).
   */
  heal?: boolean | undefined;
  /** For a pod: heal through the workload that controls it (a Deployment's pod through the Deployment). */
  followOwner?: boolean | undefined;
  /** Told when a healing forward moves to another pod. */
  onSwitch?: ((change: ForwardSwitch) => void) | undefined;
}

/** A running forward and the pod it goes to. */
export interface ObjectPortForward extends PortForward {
  /** The pod's name (for a healing forward, the pod new connections go to now). */
  readonly pod: string;
  readonly namespace: string;
}

function isPodKind(kind: string | undefined): boolean {
  return kind === undefined || kind === '' || ['pod', 'pods', 'po'].includes(kind.toLowerCase());
}

function controllerOf(o: KubeObject): { kind: string; name: string } | undefined {
  const refs = (o.metadata as JsonObject | undefined)?.ownerReferences;
  if (!Array.isArray(refs)) return undefined;
  const ref = refs.find((r) => (r as JsonObject).controller === true) as JsonObject | undefined;
  return ref === undefined ? undefined : { kind: String(ref.kind), name: String(ref.name) };
}

/** The workload a pod's forward heals through: its controller, or the Deployment of its ReplicaSet. */
async function ownerTarget(client: PlatformClient, namespace: string, pod: PodObject, signal: AbortSignal | undefined): Promise<string> {
  const owner = controllerOf(pod);
  if (owner === undefined) throw new PlatformError(`pod/${pod.metadata?.name ?? ''} has no controller to follow`);
  if (owner.kind === 'ReplicaSet') {
    const rs = await client.resourceFor('replicasets.apps', { namespace, signal });
    const deployment = controllerOf({ kind: 'ReplicaSet', ...(await rs.get(owner.name, { signal })) } as KubeObject);
    if (deployment?.kind === 'Deployment') return `deployments.apps/${deployment.name}`;
  }
  return `${owner.kind.toLowerCase()}/${owner.name}`;
}

/** Starts a forward to the object `options` names; resolves once every listener listens. */
export async function portForwardTo(client: PlatformClient, options: ObjectPortForwardOptions): Promise<ObjectPortForward> {
  const { kind, name, namespace: ns, ports, podRunningTimeoutMs, heal, followOwner, onSwitch, ...forwardOptions } = options;
  const namespace = ns ?? client.namespace;
  const target = isPodKind(kind) ? `pod/${name}` : `${kind ?? 'pod'}/${name}`;
  const timeoutMs = podRunningTimeoutMs ?? 60_000;
  const { pod, podName, mappings } = await resolveForward(client, target, ports, { namespace, timeoutMs, signal: options.signal });
  const healing = isPodKind(kind) ? followOwner === true : heal !== false;
  if (!healing) {
    const forward = await client.pods(namespace).portForward(podName, mappings, forwardOptions);
    return Object.assign(forward, { pod: podName, namespace });
  }
  const healTarget = isPodKind(kind) ? await ownerTarget(client, namespace, pod, options.signal) : target;
  const slash = healTarget.indexOf('/');
  const rc = await client.resourceFor(healTarget.slice(0, slash), { namespace, signal: options.signal });
  const object = { kind: rc.mapping.kind, ...(await rc.get(healTarget.slice(slash + 1), { signal: options.signal })) } as KubeObject;
  const selector = podSelectorOf(object);
  if (selector === undefined || selector === '') throw new PlatformError(`cannot follow the pods of ${rc.mapping.kind}: it selects none`);
  const route = new HealingRoute({
    client, namespace, selector, ports, pod, mappings, waitMs: timeoutMs, onSwitch,
    service: rc.mapping.kind === 'Service' ? object : undefined,
  });
  await route.start();
  let forward: PortForward;
  try {
    forward = await startPortForward(client.transport, route, mappings, forwardOptions);
  } catch (e) {
    route.close();
    throw e;
  }
  void forward.closed.then(() => route.close());
  const close = async (): Promise<void> => {
    route.close();
    await forward.close();
  };
  return Object.defineProperties({ ports: forward.ports, closed: forward.closed, close, namespace }, {
    pod: { get: () => route.podName, enumerable: true },
  }) as ObjectPortForward;
}
