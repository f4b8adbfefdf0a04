/**
 * The remote side of a port-forward resolved as kubectl resolves it: a service's port (number or
 * name) becomes its target port in the chosen pod, and a named port is looked up in the pod's
 * containers.
 */
import { InputError, PlatformError } from '../errors.js';
import type { KubeObject } from '../types/meta.js';

function items(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? (v as Record<string, unknown>[]) : [];
}

/** The container port named `name` in `pod`. */
function namedContainerPort(pod: KubeObject, name: string): number | undefined {
  const spec = (pod as { spec?: Record<string, unknown> }).spec ?? {};
  for (const c of items(spec.containers)) {
    for (const p of items(c.ports)) if (p.name === name && typeof p.containerPort === 'number') return p.containerPort;
  }
  return undefined;
}

/** The pod port for a remote argument given for a pod. */
export function podPort(pod: KubeObject, remote: string): number {
  if (/^\d+$/.test(remote)) {
    const n = Number(remote);
    if (n < 1 || n > 65535) throw new InputError(`error parsing remote port '${remote}'`);
    return n;
  }
  const n = namedContainerPort(pod, remote);
  if (n === undefined) throw new PlatformError(`Pod '${pod.metadata?.name ?? ''}' does not have a named port '${remote}'`);
  return n;
}

/** The pod port for a remote argument given for a service (its port → target port). */
export function servicePort(svc: KubeObject, pod: KubeObject, remote: string): number {
  const spec = (svc as { spec?: Record<string, unknown> }).spec ?? {};
  const ports = items(spec.ports);
  const match = /^\d+$/.test(remote) ? ports.find((p) => p.port === Number(remote)) : ports.find((p) => p.name === remote);
  if (match === undefined) {
    throw new PlatformError(/^\d+$/.test(remote) ? `Service ${svc.metadata?.name ?? ''} does not have a service port ${remote}` : `Service '${svc.metadata?.name ?? ''}' does not have a named port '${remote}'`);
  }
  const target = match.targetPort;
  if (typeof target === 'number') return target;
  if (typeof target === 'string' && target !== '') {
    if (/^\d+$/.test(target)) return Number(target);
    const n = namedContainerPort(pod, target);
    if (n === undefined) throw new PlatformError(`Pod '${pod.metadata?.name ?? ''}' does not have a named port '${target}'`);
    return n;
  }
  return Number(match.port);
}
