/**
 * Port arguments of `port-forward` (`5000`, `8888:5000`, `:5000`, `8443:https`) and their remote
 * side resolved as kubectl does: a service's port (number or name) becomes its target port in the
 * chosen pod, and a named port is looked up in the pod's containers.
 */
import { PlatformError } from '../../../sdk/errors.js';
import type { KubeObject } from '../../../sdk/types/meta.js';
import { UsageError } from '../../framework/usage-error.js';

/** One port argument before resolution; `local` undefined means the same number as the remote port. */
export interface PortArg {
  local: number | undefined;
  remote: string;
}

/** Parses `[LOCAL:]REMOTE` (`5000`, `8888:5000`, `:5000`, `8443:https`). */
export function parsePortArg(text: string): PortArg {
  const parts = text.split(':');
  if (parts.length > 2) throw new UsageError(`invalid port format '${text}'`, false);
  const remote = parts[parts.length - 1] ?? '';
  if (remote === '') throw new UsageError('remote port cannot be empty', false);
  if (parts.length === 1) return { local: /^\d+$/.test(remote) ? Number(remote) : undefined, remote };
  const localText = parts[0] ?? '';
  if (localText === '') return { local: 0, remote };
  const local = Number(localText);
  if (!/^\d+$/.test(localText) || local > 65535) throw new UsageError(`error parsing local port '${localText}': strconv.ParseUint: parsing "${localText}": invalid syntax`, false);
  return { local, remote };
}

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
    if (n < 1 || n > 65535) throw new UsageError(`error parsing remote port '${remote}'`, false);
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
