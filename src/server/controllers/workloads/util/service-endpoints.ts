/**
 * What the Endpoints and EndpointSlice controllers share: the pods a Service selects, whether a
 * pod belongs in its endpoints (`ShouldPodBeInEndpoints`: not finished, has an IP, terminating
 * only when asked), and a Service port's number on a pod (`FindPort`: a named targetPort is looked
 * up among the pod's container ports).
 */
import type { JsonObject } from '../../../../sdk/types/meta.js';
import type { Informer } from '../../../feed/informer.js';
import { fromObjectSelector, matchesLabels } from '../../../../machinery/labels/selector.js';
import { asArray, asNumber, asObject, asString } from '../../../util/json.js';
import { namespaceOf } from './controller-ref.js';
import { isPodFinished, isTerminating } from './pods.js';

/** The Service's selector as a label selector, or undefined when it has none (no managed endpoints). */
export function serviceSelector(svc: JsonObject): ReturnType<typeof fromObjectSelector> | undefined {
  const sel = asObject(asObject(svc.spec)?.selector);
  if (sel === undefined || Object.keys(sel).length === 0) return undefined;
  return fromObjectSelector({ matchLabels: sel });
}

/** Services of the pod's namespace whose selector matches its labels. */
export function servicesOf(services: Informer, pod: JsonObject): JsonObject[] {
  const labels = asObject(asObject(pod.metadata)?.labels) ?? {};
  return services.list(namespaceOf(pod)).filter((svc) => {
    const s = serviceSelector(svc);
    return s !== undefined && matchesLabels(s, labels);
  });
}

/** The pod's IP (status.podIP, else the first of podIPs). */
export function podIP(pod: JsonObject): string {
  const status = asObject(pod.status) ?? {};
  const ip = asString(status.podIP);
  if (ip !== undefined && ip !== '') return ip;
  return asString(asObject((asArray(status.podIPs) ?? [])[0])?.ip) ?? '';
}

/** `ShouldPodBeInEndpoints`. */
export function shouldBeInEndpoints(pod: JsonObject, includeTerminating: boolean): boolean {
  if (isPodFinished(pod)) return false;
  if (podIP(pod) === '') return false;
  return includeTerminating || !isTerminating(pod);
}

/** `FindPort`: the port number a Service port reaches on a pod, or undefined. */
export function findPort(pod: JsonObject, servicePort: JsonObject): number | undefined {
  const target = servicePort.targetPort ?? servicePort.port;
  if (typeof target === 'number') return target;
  const name = asString(target) ?? '';
  if (/^\d+$/.test(name)) return Number(name);
  const protocol = asString(servicePort.protocol) ?? 'TCP';
  for (const c of asArray(asObject(pod.spec)?.containers) ?? []) {
    for (const p of asArray(asObject(c)?.ports) ?? []) {
      const port = asObject(p) ?? {};
      if (port.name === name && (asString(port.protocol) ?? 'TCP') === protocol) return asNumber(port.containerPort);
    }
  }
  return undefined;
}

/** The endpoint ports of one pod, in the Service's port order. */
export function endpointPorts(pod: JsonObject, svc: JsonObject): JsonObject[] {
  const out: JsonObject[] = [];
  for (const p of asArray(asObject(svc.spec)?.ports) ?? []) {
    const sp = asObject(p) ?? {};
    const port = findPort(pod, sp);
    if (port === undefined) continue;
    const ep: JsonObject = { name: asString(sp.name) ?? '', port, protocol: asString(sp.protocol) ?? 'TCP' };
    if (sp.appProtocol !== undefined) ep.appProtocol = sp.appProtocol;
    out.push(ep);
  }
  return out;
}

/** The target reference of a pod. */
export function podRef(pod: JsonObject): JsonObject {
  const meta = asObject(pod.metadata) ?? {};
  return { kind: 'Pod', namespace: meta.namespace ?? '', name: meta.name ?? '', uid: meta.uid ?? '' };
}

/** True for a headless Service (clusterIP None). */
export function isHeadless(svc: JsonObject): boolean {
  return asString(asObject(svc.spec)?.clusterIP) === 'None';
}

/** The pods of the Service's endpoints grouped by the ports they serve, groups in the order first met. */
export interface PortGroup {
  ports: JsonObject[];
  pods: JsonObject[];
}

/** Groups the `pods` that `selector` selects and that belong in the endpoints of `svc` by their ports. */
export function podsByPorts(pods: readonly JsonObject[], selector: NonNullable<ReturnType<typeof serviceSelector>>, svc: JsonObject, includeTerminating: boolean): PortGroup[] {
  const groups = new Map<string, PortGroup>();
  for (const pod of pods) {
    if (!matchesLabels(selector, asObject(asObject(pod.metadata)?.labels)) || !shouldBeInEndpoints(pod, includeTerminating)) continue;
    const ports = endpointPorts(pod, svc);
    const portKey = JSON.stringify(ports);
    let g = groups.get(portKey);
    if (g === undefined) {
      g = { ports, pods: [] };
      groups.set(portKey, g);
    }
    g.pods.push(pod);
  }
  return [...groups.values()];
}
