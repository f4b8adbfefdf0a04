/**
 * `describe endpoints` and `describe endpointslice`, and the endpoint list `describe service`
 * and `describe ingress` print from a Service's EndpointSlices.
 */
import type { KubeObject } from '../../sdk/types/meta.js';
import type { EventLike } from './events.js';
import { describeEvents } from './events.js';
import { printListSection, type DescribeOptions } from './format.js';
import { num, obj, objs, str, strs } from './json-access.js';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, tabbedString } from './writer.js';
import { printObjectHeader } from './object-header.js';

/** Go's `net.JoinHostPort`. */
function joinHostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

const isReady = (endpoint: Record<string, unknown>): boolean => obj(endpoint['conditions'])['ready'] !== false;

/**
 * kubectl's `formatEndpointSlices`: the ready endpoints of the slices as `ip:port` for the ports
 * named in `portNames` (every port when undefined; bare addresses for slices without ports), at
 * most three, then `+ N more...`; `<none>` without slices.
 */
export function formatEndpointSlices(slices: readonly KubeObject[], portNames: ReadonlySet<string> | undefined): string {
  if (slices.length === 0) return '<none>';
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const slice of slices) {
    const endpoints = objs(slice['endpoints']);
    const ports = objs(slice['ports']);
    if (ports.length === 0) {
      for (const endpoint of endpoints) {
        if (list.length === max) more = true;
        if (!isReady(endpoint)) continue;
        if (!more) list.push(strs(endpoint['addresses'])[0] ?? '');
        count++;
      }
      continue;
    }
    for (const port of ports) {
      if (portNames !== undefined && !portNames.has(str(port['name']))) continue;
      for (const endpoint of endpoints) {
        if (list.length === max) more = true;
        if (!isReady(endpoint)) continue;
        if (!more) list.push(joinHostPort(strs(endpoint['addresses'])[0] ?? '', num(port['port'])));
        count++;
      }
    }
  }
  const text = list.join(',');
  return more ? `${text} + ${count - max} more...` : text;
}

/** `describe endpoints`: each subset's ready and not-ready addresses and its ports. */
export function describeEndpoints(endpoints: KubeObject, events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const meta = endpoints.metadata ?? {};
  return tabbedString((w) => {
    printObjectHeader(w, meta);
    w.write(LEVEL_0, 'Subsets:\n');
    for (const subset of objs(endpoints['subsets'])) {
      const addresses = objs(subset['addresses']).map((a) => str(a['ip'])).join(',');
      w.write(LEVEL_1, `Addresses:\t${addresses || '<none>'}\n`);
      const notReady = objs(subset['notReadyAddresses']).map((a) => str(a['ip'])).join(',');
      w.write(LEVEL_1, `NotReadyAddresses:\t${notReady || '<none>'}\n`);
      const ports = objs(subset['ports']);
      if (ports.length > 0) {
        w.write(LEVEL_1, 'Ports:\n');
        w.write(LEVEL_2, 'Name\tPort\tProtocol\n');
        w.write(LEVEL_2, '----\t----\t--------\n');
        for (const port of ports) w.write(LEVEL_2, `${str(port['name']) || '<unset>'}\t${num(port['port'])}\t${str(port['protocol'])}\n`);
      }
      w.write(LEVEL_0, '\n');
    }
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}

/** `describe endpointslice` (discovery/v1). */
export function describeEndpointSlice(slice: KubeObject, events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const meta = slice.metadata ?? {};
  const optional = (v: unknown): string => (typeof v === 'string' ? v : '<unset>');
  return tabbedString((w) => {
    printObjectHeader(w, meta);
    w.write(LEVEL_0, `AddressType:\t${str(slice['addressType'])}\n`);
    const ports = objs(slice['ports']);
    if (ports.length === 0) {
      w.write(LEVEL_0, 'Ports: <unset>\n');
    } else {
      w.write(LEVEL_0, 'Ports:\n');
      w.write(LEVEL_1, 'Name\tPort\tProtocol\n');
      w.write(LEVEL_1, '----\t----\t--------\n');
      for (const port of ports) {
        const name = str(port['name']) || '<unset>';
        const number = typeof port['port'] === 'number' ? String(port['port']) : '<unset>';
        w.write(LEVEL_1, `${name}\t${number}\t${str(port['protocol'])}\n`);
      }
    }
    printListSection(w, 'Endpoints', objs(slice['endpoints']), (endpoint) => {
      w.write(LEVEL_1, `- Addresses:\t${strs(endpoint['addresses']).join(', ') || '<none>'}\n`);
      w.write(LEVEL_2, 'Conditions:\n');
      const ready = obj(endpoint['conditions'])['ready'];
      w.write(LEVEL_3, `Ready:\t${typeof ready === 'boolean' ? String(ready) : '<unset>'}\n`);
      w.write(LEVEL_2, `Hostname:\t${optional(endpoint['hostname'])}\n`);
      const target = endpoint['targetRef'];
      if (target !== undefined && target !== null) w.write(LEVEL_2, `TargetRef:\t${str(obj(target)['kind'])}/${str(obj(target)['name'])}\n`);
      w.write(LEVEL_2, `NodeName:\t${optional(endpoint['nodeName'])}\n`);
      w.write(LEVEL_2, `Zone:\t${optional(endpoint['zone'])}\n`);
    }, ' <none>');
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}
