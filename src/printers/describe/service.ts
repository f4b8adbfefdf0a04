import type { KubeObject } from '../../sdk/types/meta.js';
import type { EventLike } from './events.js';
import { formatEndpointSlices } from './endpoints.js';
import { describeEvents } from './events.js';
import type { DescribeOptions } from './format.js';
import { num, obj, objs, partsOf, str, strs } from './json-access.js';
import { LEVEL_0, tabbedString } from './writer.js';
import { formatLabels } from '../../machinery/labels/selector.js';
import { printObjectHeader } from './object-header.js';

type Json = Record<string, unknown>;

function ingressText(ingress: Json[]): string {
  return ingress
    .map((i) => {
      if (str(i['ip'])) return str(i['ipMode']) ? `${str(i['ip'])} (${str(i['ipMode'])})` : str(i['ip']);
      return str(i['hostname']);
    })
    .join(', ');
}

/**
 * `describe service`: selector, type, IP families and addresses, each port with its target,
 * node port and endpoints (from the Service's EndpointSlices, as kubectl 1.32 reads them), session
 * affinity, traffic policies and the events.
 *
 * @param endpointSlices - the slices labelled with the service's name (none when they could not be listed)
 */
export function describeService(service: KubeObject, endpointSlices: readonly KubeObject[], events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const { meta, spec, status } = partsOf(service);
  return tabbedString((w) => {
    printObjectHeader(w, meta);
    w.write(LEVEL_0, `Selector:\t${formatLabels(spec['selector'] as Record<string, string> | undefined)}\n`);
    w.write(LEVEL_0, `Type:\t${str(spec['type'])}\n`);
    if (spec['ipFamilyPolicy'] !== undefined) w.write(LEVEL_0, `IP Family Policy:\t${str(spec['ipFamilyPolicy'])}\n`);
    const families = strs(spec['ipFamilies']);
    w.write(LEVEL_0, `IP Families:\t${families.length > 0 ? families.join(',') : '<none>'}\n`);
    w.write(LEVEL_0, `IP:\t${str(spec['clusterIP'])}\n`);
    const ips = strs(spec['clusterIPs']);
    w.write(LEVEL_0, `IPs:\t${ips.length > 0 ? ips.join(',') : '<none>'}\n`);
    const external = strs(spec['externalIPs']);
    if (external.length > 0) w.write(LEVEL_0, `External IPs:\t${external.join(',')}\n`);
    if (str(spec['loadBalancerIP'])) w.write(LEVEL_0, `Desired LoadBalancer IP:\t${str(spec['loadBalancerIP'])}\n`);
    if (str(spec['externalName'])) w.write(LEVEL_0, `External Name:\t${str(spec['externalName'])}\n`);
    const ingress = objs(obj(status['loadBalancer'])['ingress']);
    if (ingress.length > 0) w.write(LEVEL_0, `LoadBalancer Ingress:\t${ingressText(ingress)}\n`);
    for (const sp of objs(spec['ports'])) {
      const name = str(sp['name']) || '<unset>';
      const protocol = str(sp['protocol']);
      w.write(LEVEL_0, `Port:\t${name}\t${num(sp['port'])}/${protocol}\n`);
      const target = sp['targetPort'];
      w.write(LEVEL_0, `TargetPort:\t${typeof target === 'string' ? target : num(target)}/${protocol}\n`);
      if (num(sp['nodePort']) !== 0) w.write(LEVEL_0, `NodePort:\t${name}\t${num(sp['nodePort'])}/${protocol}\n`);
      w.write(LEVEL_0, `Endpoints:\t${formatEndpointSlices(endpointSlices, new Set([str(sp['name'])]))}\n`);
    }
    w.write(LEVEL_0, `Session Affinity:\t${str(spec['sessionAffinity'])}\n`);
    if (str(spec['externalTrafficPolicy'])) w.write(LEVEL_0, `External Traffic Policy:\t${str(spec['externalTrafficPolicy'])}\n`);
    if (spec['internalTrafficPolicy'] !== undefined) w.write(LEVEL_0, `Internal Traffic Policy:\t${str(spec['internalTrafficPolicy'])}\n`);
    if (num(spec['healthCheckNodePort']) !== 0) w.write(LEVEL_0, `HealthCheck NodePort:\t${num(spec['healthCheckNodePort'])}\n`);
    const ranges = strs(spec['loadBalancerSourceRanges']);
    if (ranges.length > 0) w.write(LEVEL_0, `LoadBalancer Source Ranges:\t${ranges.join(',')}\n`);
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}
