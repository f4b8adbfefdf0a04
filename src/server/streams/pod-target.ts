/**
 * Finding what a stream request addresses: the pod, one of its containers (with the API server's
 * and the node agent's messages when the name is missing or wrong), and that container's running
 * instance as the pod status reports it.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { ServerContext } from '../context.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import { findObject } from '../rest/get.js';
import { asArray, asObject, asString } from '../util/json.js';

const PODS = { group: '', resource: 'pods' };

/** The pod, or 404. */
export async function loadPod(ctx: ServerContext, namespace: string, name: string): Promise<JsonObject> {
  const def = ctx.registry.lookup('', 'v1', 'pods');
  const pod = def === undefined ? undefined : await findObject(ctx, def, namespace, name);
  if (pod === undefined) throw notFound(PODS, name);
  return pod;
}

function names(pod: JsonObject, list: string): string[] {
  return (asArray(asObject(pod.spec)?.[list]) ?? []).map((c) => asString(asObject(c)?.name) ?? '').filter((n) => n !== '');
}

/** The container spec of `name` (containers, init containers, ephemeral containers). */
export function containerSpec(pod: JsonObject, name: string): JsonObject | undefined {
  for (const list of ['containers', 'initContainers', 'ephemeralContainers']) {
    const found = (asArray(asObject(pod.spec)?.[list]) ?? []).map((c) => asObject(c) ?? {}).find((c) => c.name === name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The container a request means: the one named, or the only one (the API server's rule; with
 * several, the name is required).
 */
export function pickContainer(pod: JsonObject, requested: string): string {
  const podName = asString(asObject(pod.metadata)?.name) ?? '';
  const containers = names(pod, 'containers');
  if (requested === '') {
    if (containers.length === 1) return containers[0] ?? '';
    const init = names(pod, 'initContainers');
    const ephemeral = names(pod, 'ephemeralContainers');
    let message = `a container name must be specified for pod ${podName}, choose one of: [${containers.join(' ')}]`;
    if (init.length > 0) message += ` or one of the init containers: [${init.join(' ')}]`;
    if (ephemeral.length > 0) message += ` or one of the ephemeral containers: [${ephemeral.join(' ')}]`;
    throw badRequest(message);
  }
  if (containerSpec(pod, requested) === undefined) throw badRequest(`container ${requested} is not valid for pod ${podName}`);
  return requested;
}

/** The status of a container (any list). */
export function containerStatus(pod: JsonObject, name: string): JsonObject | undefined {
  const status = asObject(pod.status) ?? {};
  for (const list of ['containerStatuses', 'initContainerStatuses', 'ephemeralContainerStatuses']) {
    const found = (asArray(status[list]) ?? []).map((c) => asObject(c) ?? {}).find((c) => c.name === name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The runtime id of the running instance of a container (`process://<pid>`), or the node agent's error. */
export function runningContainerId(pod: JsonObject, name: string): string {
  const cs = containerStatus(pod, name);
  const running = asObject(asObject(cs?.state)?.running);
  const id = asString(cs?.containerID);
  if (cs === undefined || running === undefined || id === undefined) {
    throw new ApiError(400, 'BadRequest', `unable to upgrade connection: container not found ("${name}")`);
  }
  return id;
}

/** Refuses pods that are done or not on a node (the API server's checks before it connects to a node). */
export function checkConnectable(pod: JsonObject, verb: string): void {
  const phase = asString(asObject(pod.status)?.phase) ?? '';
  if (phase === 'Succeeded' || phase === 'Failed') throw badRequest(`cannot ${verb} into a container in a completed pod; current phase is ${phase}`);
  const podName = asString(asObject(pod.metadata)?.name) ?? '';
  if ((asString(asObject(pod.spec)?.nodeName) ?? '') === '') throw badRequest(`pod ${podName} does not have a host assigned`);
}
