/**
 * Where a proxy sub-resource leads: the `[scheme:]name[:port]` of the request's name, the pod's
 * address and port (`pods/proxy`), a ready endpoint of a service (`services/proxy`: a Ready pod its
 * selector picks, at the service port's target port), with the API server's messages when there
 * is none.
 */
import type { ContainerPort, Pod, ServicePort } from '../../sdk/types/generated/core-v1.js';
import type { ServerContext } from '../context.js';
import type { ApiError} from '../errors.js';
import { badRequest, notFound, serviceUnavailable } from '../errors.js';
import { findObject } from '../rest/get.js';
import { listObjects } from '../rest/list.js';
import { storedAs } from '../registry/kind-def.js';
import { parseLabelSelector } from '../../machinery/labels/parse.js';
import { matchesLabels } from '../../machinery/labels/selector.js';
import { loadPod } from './pod-target.js';

/** The parts of a proxy name. */
export interface ProxyName {
  scheme: 'http' | 'https';
  name: string;
  port: string;
}

/** Splits `[scheme:]name[:port]` as the API server does. */
export function parseProxyName(text: string): ProxyName {
  const parts = text.split(':');
  if (parts.length > 3) throw badRequest(`invalid resource name: ${JSON.stringify(text)}`);
  let scheme = '';
  let name = parts[0] ?? '';
  let port = '';
  if (parts.length === 2) port = parts[1] ?? '';
  if (parts.length === 3) [scheme, name, port] = [parts[0] ?? '', parts[1] ?? '', parts[2] ?? ''];
  if (scheme !== '' && scheme !== 'http' && scheme !== 'https') throw badRequest(`invalid scheme ${JSON.stringify(scheme)}: must be http or https`);
  return { scheme: scheme === 'https' ? 'https' : 'http', name, port };
}

/** A backend address. */
export interface ProxyBackend {
  scheme: 'http' | 'https';
  host: string;
  port: number;
}

function portNumber(text: string): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= 65535 ? n : undefined;
}

function containerPorts(pod: Pod): ContainerPort[] {
  return (pod.spec?.containers ?? []).flatMap((c) => c.ports ?? []);
}

/** `pods/proxy`: the pod's IP and the named or numbered port (80 when none is named). */
export async function podBackend(ctx: ServerContext, namespace: string, target: ProxyName): Promise<ProxyBackend> {
  const pod = await loadPod(ctx, namespace, target.name);
  const host = pod.status?.podIP;
  if (host === undefined || host === '') throw serviceUnavailable(`address not allowed`);
  let port = 80;
  if (target.port !== '') {
    const n = portNumber(target.port);
    if (n === undefined) throw badRequest(`invalid port ${JSON.stringify(target.port)}`);
    port = n;
  }
  return { scheme: target.scheme, host, port };
}

function isReady(pod: Pod): boolean {
  return (pod.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
}

/** The target port of a service port in one pod (a number, or a named container port). */
function targetPortIn(pod: Pod, servicePort: ServicePort): number | undefined {
  const target = servicePort.targetPort ?? servicePort.port;
  if (typeof target === 'number') return target;
  return portNumber(target) ?? containerPorts(pod).find((p) => p.name === target)?.containerPort;
}

/** `services/proxy`: a Ready pod the service selects, at the chosen port's target port. */
export async function serviceBackend(ctx: ServerContext, namespace: string, target: ProxyName): Promise<ProxyBackend> {
  const svcDef = ctx.registry.lookup('', 'v1', 'services');
  const podDef = ctx.registry.lookup('', 'v1', 'pods');
  const found = svcDef === undefined ? undefined : await findObject(ctx, svcDef, namespace, target.name);
  if (found === undefined || podDef === undefined) throw notFound({ group: '', resource: 'services' }, target.name);
  const spec = storedAs(ctx.registry.kind('v1', 'Service'), found).spec;
  const ports = spec?.ports ?? [];
  const port = target.port === ''
    ? (ports.length === 1 ? ports[0] : ports.find((p) => (p.name ?? '') === ''))
    : ports.find((p) => p.name === target.port || String(p.port) === target.port);
  const noEndpoints = serviceUnavailable(`no endpoints available for service "${target.name}"`);
  const selector = spec?.selector;
  if (port === undefined || selector === undefined || Object.keys(selector).length === 0) throw noEndpoints;
  const text = Object.entries(selector).map(([k, v]) => `${k}=${v}`).join(',');
  const parsed = parseLabelSelector(text);
  const podKind = ctx.registry.kind('v1', 'Pod');
  const pods = (await listObjects(ctx, podDef, namespace, {})).items.map((p) => storedAs(podKind, p))
    .filter((p) => matchesLabels(parsed, p.metadata?.labels) && isReady(p) && p.metadata?.deletionTimestamp === undefined);
  for (const pod of pods) {
    const host = pod.status?.podIP;
    const n = targetPortIn(pod, port);
    if (host !== undefined && host !== '' && n !== undefined) return { scheme: target.scheme, host, port: n };
  }
  throw noEndpoints;
}

/** The 503 of a backend that cannot be reached. */
export function unreachable(err: Error): ApiError {
  return serviceUnavailable(`error trying to reach service: ${err.message}`);
}
