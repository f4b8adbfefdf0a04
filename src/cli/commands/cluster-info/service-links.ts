/**
 * What `cluster-info` prints for a cluster service: its display name (the `platform.io/name`
 * label, else its name) and where it is reached: the load balancer's ingress on every port, or
 * the API server's proxy path to the service (`<scheme>:<name>:<port name>` as kubectl guesses it).
 */
import { LABELS } from '../../../sdk/naming.js';
import type { Service } from '../../../sdk/types/core.js';

/** apimachinery's `JoinSchemeNamePort`: `scheme:name:port`, `name:port` or `name`. */
export function joinSchemeNamePort(scheme: string, name: string, port: string): string {
  if (scheme !== '') return `${scheme}:${name}:${port}`;
  if (port !== '') return `${name}:${port}`;
  return name;
}

/** The display name of a cluster service. */
export function serviceDisplayName(service: Service): string {
  const label = service.metadata?.labels?.[LABELS.name] ?? '';
  return label !== '' ? label : service.metadata?.name ?? '';
}

/** The link kubectl prints for a cluster service, given the server URL as configured. */
export function serviceLink(service: Service, host: string): string {
  const ingress = service.status?.loadBalancer?.ingress?.[0];
  const ports = service.spec?.ports ?? [];
  if (ingress !== undefined) {
    const ip = ingress.ip !== undefined && ingress.ip !== '' ? ingress.ip : ingress.hostname ?? '';
    // Each port is followed by a space, the last one too, as kubectl writes them.
    return ports.map((p) => `http://${ip}:${p.port} `).join('');
  }
  const name = service.metadata?.name ?? '';
  let target = name;
  const first = ports[0];
  if (first !== undefined) {
    // kubectl guesses https from the port's name or number.
    const scheme = first.name === 'https' || first.port === 443 ? 'https' : '';
    target = joinSchemeNamePort(scheme, name, first.name ?? '');
  }
  return `${host}/api/v1/namespaces/${service.metadata?.namespace ?? ''}/services/${target}/proxy`;
}
