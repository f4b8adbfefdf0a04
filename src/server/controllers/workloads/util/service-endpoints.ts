/**
 * What the Endpoints and EndpointSlice controllers share: the pods a Service selects, whether a
 * pod belongs in its endpoints (`ShouldPodBeInEndpoints`: not finished, has an IP, terminating
 * only when asked), and a Service port's number on a pod (`FindPort`: a named targetPort is looked
 * up among the pod's container ports).
 */
import type { EndpointPort, ObjectReference, Pod, Service, ServicePort } from '../../../../sdk/types/generated/core-v1.js';
import type { Informer } from '../../../feed/informer.js';
import { fromObjectSelector, matchesLabels } from '../../../../machinery/labels/selector.js';
import { namespaceOf } from '../../../util/json.js';
import { isPodFinished, isTerminating } from './pods.js';

/** The Service's selector as a label selector, or undefined when it has none (no managed endpoints). */
export function serviceSelector(svc: Service): ReturnType<typeof fromObjectSelector> | undefined {
  const sel = svc.spec?.selector;
  if (sel === undefined || Object.keys(sel).length === 0) return undefined;
  return fromObjectSelector({ matchLabels: sel });
}

/** Services of the pod's namespace whose selector matches its labels. */
export function servicesOf(services: Informer<Service>, pod: Pod): Service[] {
  const labels = pod.metadata?.labels ?? {};
  return services.list(namespaceOf(pod)).filter((svc) => {
    const s = serviceSelector(svc);
    return s !== undefined && matchesLabels(s, labels);
  });
}

/** The pod's IP (status.podIP, else the first of podIPs). */
export function podIP(pod: Pod): string {
  const ip = pod.status?.podIP;
  if (ip !== undefined && ip !== '') return ip;
  return pod.status?.podIPs?.[0]?.ip ?? '';
}

/** `ShouldPodBeInEndpoints`. */
export function shouldBeInEndpoints(pod: Pod, includeTerminating: boolean): boolean {
  if (isPodFinished(pod)) return false;
  if (podIP(pod) === '') return false;
  return includeTerminating || !isTerminating(pod);
}

/** `FindPort`: the port number a Service port reaches on a pod, or undefined. */
export function findPort(pod: Pod, servicePort: ServicePort): number | undefined {
  const target = servicePort.targetPort ?? servicePort.port;
  if (typeof target === 'number') return target;
  if (/^\d+$/.test(target)) return Number(target);
  const protocol = servicePort.protocol ?? 'TCP';
  for (const c of pod.spec?.containers ?? []) {
    for (const port of c.ports ?? []) {
      if (port.name === target && (port.protocol ?? 'TCP') === protocol) return port.containerPort;
    }
  }
  return undefined;
}

/** The endpoint ports of one pod, in the Service's port order. */
export function endpointPorts(pod: Pod, svc: Service): EndpointPort[] {
  const out: EndpointPort[] = [];
  for (const sp of svc.spec?.ports ?? []) {
    const port = findPort(pod, sp);
    if (port === undefined) continue;
    const ep: EndpointPort = { name: sp.name ?? '', port, protocol: sp.protocol ?? 'TCP' };
    if (sp.appProtocol !== undefined) ep.appProtocol = sp.appProtocol;
    out.push(ep);
  }
  return out;
}

/** The target reference of a pod. */
export function podRef(pod: Pod): ObjectReference {
  return { kind: 'Pod', namespace: pod.metadata?.namespace ?? '', name: pod.metadata?.name ?? '', uid: pod.metadata?.uid ?? '' };
}

/** True for a headless Service (clusterIP None). */
export function isHeadless(svc: Service): boolean {
  return svc.spec?.clusterIP === 'None';
}

/** The pods of the Service's endpoints grouped by the ports they serve, groups in the order first met. */
export interface PortGroup {
  ports: EndpointPort[];
  pods: Pod[];
}

/** Groups the `pods` that `selector` selects and that belong in the endpoints of `svc` by their ports. */
export function podsByPorts(pods: readonly Pod[], selector: NonNullable<ReturnType<typeof serviceSelector>>, svc: Service, includeTerminating: boolean): PortGroup[] {
  const groups = new Map<string, PortGroup>();
  for (const pod of pods) {
    if (!matchesLabels(selector, pod.metadata?.labels) || !shouldBeInEndpoints(pod, includeTerminating)) continue;
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
