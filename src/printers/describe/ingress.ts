/**
 * `describe ingress` (networking/v1) and `describe ingressclass`: the address, class, default
 * backend, TLS, the rules with each backend's endpoints, annotations and events.
 */
import type { KubeObject } from '../../sdk/types/meta.js';
import { compareUtf8 } from '../../machinery/json/go-json.js';
import { formatEndpointSlices } from './endpoints.js';
import type { EventLike } from './events.js';
import { describeEvents } from './events.js';
import type { DescribeOptions } from './format.js';
import { printAnnotationsMultiline, printLabelsMultiline, printTypedReference } from './format.js';
import { num, obj, objs, partsOf, str, strs } from './json-access.js';
import { LAST_APPLIED } from './skip.js';
import type { DescribeWriter } from './writer.js';
import { LEVEL_0, LEVEL_1, LEVEL_2, tabbedString } from './writer.js';
import { printLabelsAndAnnotations } from './object-header.js';

type Json = Record<string, unknown>;

/** What the caller found for a Service an Ingress backend names: its EndpointSlices and itself, or the errors. */
export interface IngressBackendService {
  endpointSlices: readonly KubeObject[] | { error: string };
  service: KubeObject | { error: string };
}

const isError = (v: unknown): v is { error: string } => typeof v === 'object' && v !== null && typeof (v as { error?: unknown }).error === 'string';

/** `serviceBackendStringer`: `name:port`. */
function serviceBackendText(service: Json): string {
  const port = obj(service['port']);
  return `${str(service['name'])}:${num(port['number']) !== 0 ? num(port['number']) : str(port['name'])}`;
}

/** kubectl's `describeBackendV1`. */
function describeBackend(backend: Json, services: ReadonlyMap<string, IngressBackendService>): string {
  const service = backend['service'];
  if (service !== undefined && service !== null) {
    const svc = obj(service);
    const text = serviceBackendText(svc);
    const found = services.get(str(svc['name']));
    if (found === undefined) return `${text} (<error: services "${str(svc['name'])}" not found>)`;
    if (isError(found.endpointSlices)) return `${text} (<error: ${found.endpointSlices.error}>)`;
    if (isError(found.service)) return `${text} (<error: ${found.service.error}>)`;
    const port = obj(svc['port']);
    let portName = '';
    for (const sp of objs(obj(found.service['spec'])['ports'])) {
      if (num(port['number']) !== 0 && num(port['number']) === num(sp['port'])) portName = str(sp['name']);
      else if (str(port['name']) !== '' && str(port['name']) === str(sp['name'])) portName = str(sp['name']);
    }
    return `${text} (${formatEndpointSlices(found.endpointSlices, new Set([portName]))})`;
  }
  const resource = backend['resource'];
  if (resource !== undefined && resource !== null) {
    const r = obj(resource);
    return `APIGroup: ${typeof r['apiGroup'] === 'string' ? r['apiGroup'] : '<none>'}, Kind: ${str(r['kind'])}, Name: ${str(r['name'])}`;
  }
  return '';
}

/** `ingressLoadBalancerStatusStringerV1` (wide): the distinct addresses, sorted. */
function addressText(status: Json): string {
  const set = new Set<string>();
  for (const i of objs(obj(status['loadBalancer'])['ingress'])) {
    if (str(i['ip'])) set.add(str(i['ip']));
    else if (str(i['hostname'])) set.add(str(i['hostname']));
  }
  return [...set].sort(compareUtf8).join(',');
}

function describeTls(w: DescribeWriter, tls: Json[]): void {
  w.write(LEVEL_0, 'TLS:\n');
  for (const t of tls) {
    const hosts = strs(t['hosts']).join(',');
    if (str(t['secretName']) === '') w.write(LEVEL_1, `SNI routes ${hosts}\n`);
    else w.write(LEVEL_1, `${str(t['secretName'])} terminates ${hosts}\n`);
  }
}

/**
 * `describe ingress`.
 *
 * @param services - for each Service the backends name, what the caller found (missing names print as not found)
 */
export function describeIngress(ingress: KubeObject, services: ReadonlyMap<string, IngressBackendService>, events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const { meta, spec } = partsOf(ingress);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', meta.labels);
    w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
    w.write(LEVEL_0, `Address:\t${addressText(obj(ingress['status']))}\n`);
    w.write(LEVEL_0, `Ingress Class:\t${typeof spec['ingressClassName'] === 'string' ? spec['ingressClassName'] : '<none>'}\n`);
    const def = spec['defaultBackend'];
    const defaultBackend = def === undefined || def === null ? '<default>' : describeBackend(obj(def), services);
    w.write(LEVEL_0, `Default backend:\t${defaultBackend}\n`);
    const tls = objs(spec['tls']);
    if (tls.length > 0) describeTls(w, tls);
    w.write(LEVEL_0, 'Rules:\n  Host\tPath\tBackends\n');
    w.write(LEVEL_1, '----\t----\t--------\n');
    let count = 0;
    for (const rule of objs(spec['rules'])) {
      const http = rule['http'];
      if (http === undefined || http === null) continue;
      count++;
      w.write(LEVEL_1, `${str(rule['host']) || '*'}\t\n`);
      for (const path of objs(obj(http)['paths'])) w.write(LEVEL_2, `\t${str(path['path'])} \t${describeBackend(obj(path['backend']), services)}\n`);
    }
    if (count === 0) w.write(LEVEL_1, `*\t*\t${defaultBackend}\n`);
    printAnnotationsMultiline(w, 'Annotations', meta.annotations, LAST_APPLIED);
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}

/** The Services the backends of an Ingress name (default backend and rules), without repeats. */
export function ingressServiceNames(ingress: KubeObject): string[] {
  const spec = obj(ingress['spec']);
  const backends = [obj(spec['defaultBackend']), ...objs(spec['rules']).flatMap((r) => objs(obj(r['http'])['paths']).map((p) => obj(p['backend'])))];
  const names = backends.map((b) => str(obj(b['service'])['name'])).filter((n) => n !== '');
  return [...new Set(names)];
}

/** `describe ingressclass`. */
export function describeIngressClass(ingressClass: KubeObject, events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const { meta, spec } = partsOf(ingressClass);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
    printLabelsAndAnnotations(w, meta);
    w.write(LEVEL_0, `Controller:\t${str(spec['controller'])}\n`);
    printTypedReference(w, 'Parameters', spec['parameters']);
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}
