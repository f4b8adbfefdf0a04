/**
 * Finding what a stream request addresses: the pod, one of its containers (with the API server's
 * and the node agent's messages when the name is missing or wrong), and that container's running
 * instance as the pod status reports it.
 */
import type { Container, ContainerStatus, EphemeralContainer, Pod } from '../../sdk/types/generated/core-v1.js';
import type { ServerContext } from '../context.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import { storedAs } from '../registry/kind-def.js';
import { findObject } from '../rest/get.js';

const PODS = { group: '', resource: 'pods' };

/** The pod, or 404. */
export async function loadPod(ctx: ServerContext, namespace: string, name: string): Promise<Pod> {
  const def = ctx.registry.kind('v1', 'Pod');
  const pod = await findObject(ctx, def, namespace, name);
  if (pod === undefined) throw notFound(PODS, name);
  return storedAs(def, pod);
}

function names(containers: readonly { name?: string }[] | undefined): string[] {
  return (containers ?? []).map((c) => c.name ?? '').filter((n) => n !== '');
}

/** The container spec of `name` (containers, init containers, ephemeral containers). */
export function containerSpec(pod: Pod, name: string): Container | EphemeralContainer | undefined {
  const spec = pod.spec;
  return [spec?.containers, spec?.initContainers, spec?.ephemeralContainers].map((list) => list?.find((c) => c.name === name)).find((c) => c !== undefined);
}

/**
 * The container a request means: the one named, or the only one (the API server's rule; with
 * several, the name is required).
 */
export function pickContainer(pod: Pod, requested: string): string {
  const podName = pod.metadata?.name ?? '';
  const containers = names(pod.spec?.containers);
  if (requested === '') {
    if (containers.length === 1) return containers[0] ?? '';
    const init = names(pod.spec?.initContainers);
    const ephemeral = names(pod.spec?.ephemeralContainers);
    let message = `a container name must be specified for pod ${podName}, choose one of: [${containers.join(' ')}]`;
    if (init.length > 0) message += ` or one of the init containers: [${init.join(' ')}]`;
    if (ephemeral.length > 0) message += ` or one of the ephemeral containers: [${ephemeral.join(' ')}]`;
    throw badRequest(message);
  }
  if (containerSpec(pod, requested) === undefined) throw badRequest(`container ${requested} is not valid for pod ${podName}`);
  return requested;
}

/** The status of a container (any list). */
export function containerStatus(pod: Pod, name: string): ContainerStatus | undefined {
  const status = pod.status;
  return [status?.containerStatuses, status?.initContainerStatuses, status?.ephemeralContainerStatuses]
    .map((list) => list?.find((c) => c.name === name)).find((c) => c !== undefined);
}

/** The runtime id of the running instance of a container (`process://<pid>`), or the node agent's error. */
export function runningContainerId(pod: Pod, name: string): string {
  const cs = containerStatus(pod, name);
  const id = cs?.containerID;
  if (cs?.state?.running === undefined || id === undefined) {
    throw new ApiError(400, 'BadRequest', `unable to upgrade connection: container not found ("${name}")`);
  }
  return id;
}

/** Refuses pods that are done or not on a node (the API server's checks before it connects to a node). */
export function checkConnectable(pod: Pod, verb: string): void {
  const phase = pod.status?.phase ?? '';
  if (phase === 'Succeeded' || phase === 'Failed') throw badRequest(`cannot ${verb} into a container in a completed pod; current phase is ${phase}`);
  if ((pod.spec?.nodeName ?? '') === '') throw badRequest(`pod ${pod.metadata?.name ?? ''} does not have a host assigned`);
}
