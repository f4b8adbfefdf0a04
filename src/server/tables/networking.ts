/**
 * Table columns and cells of the networking/v1 kinds, as the API server's printers produce them.
 */
import type { Ingress, IngressClass, IngressRule, IngressStatus, NetworkPolicy } from '../../sdk/types/generated/networking-v1.js';
import { formatObjectSelector } from '../../machinery/labels/selector.js';
import { column, nameAgeTable } from './common.js';

/** `formatHosts`: the first three hosts, `* ` for rules without one, `+ N more...` past three. */
function formatHosts(rules: IngressRule[] | undefined): string {
  const list = rules ?? [];
  const hosts: string[] = [];
  let more = false;
  for (const r of list) {
    if (hosts.length === 3) more = true;
    const host = r.host ?? '';
    if (!more && host !== '') hosts.push(host);
  }
  if (hosts.length === 0) return '*';
  const joined = hosts.join(',');
  return more ? `${joined} + ${list.length - 3} more...` : joined;
}

/** The load balancer's addresses (IP, else host name), sorted and de-duplicated; the server's table is the wide one, never clipped. */
function ingressAddresses(status: IngressStatus | undefined): string {
  const set = new Set<string>();
  for (const i of status?.loadBalancer?.ingress ?? []) {
    const ip = i.ip ?? '';
    const host = i.hostname ?? '';
    if (ip !== '') set.add(ip);
    else if (host !== '') set.add(host);
  }
  return [...set].sort().join(',');
}

export const ingressTable = nameAgeTable<Ingress>({
  columns: [
    column('Class', 'string', 'The name of the IngressClass resource that should be used for additional configuration'),
    column('Hosts', 'string', 'Hosts that incoming requests are matched against before the ingress rule'),
    column('Address', 'string', 'Address is a list containing ingress points for the load-balancer'),
    column('Ports', 'string', 'Ports of TLS configurations that open'),
  ],
  cells(ing) {
    const spec = ing.spec;
    const className = spec?.ingressClassName ?? '<none>';
    const ports = (spec?.tls ?? []).length > 0 ? '80, 443' : '80';
    return [className, formatHosts(spec?.rules), ingressAddresses(ing.status), ports];
  },
});

export const ingressClassTable = nameAgeTable<IngressClass>({
  columns: [
    column('Controller', 'string', 'Controller that is responsible for handling this class'),
    column('Parameters', 'string', 'A reference to a resource with additional parameters'),
  ],
  cells(ic) {
    const params = ic.spec?.parameters;
    let parameters = '<none>';
    if (params !== undefined) {
      const group = params.apiGroup;
      parameters = `${params.kind ?? ''}${group === undefined ? '' : `.${group}`}/${params.name ?? ''}`;
    }
    return [ic.spec?.controller ?? '', parameters];
  },
});

export const networkPolicyTable = nameAgeTable<NetworkPolicy>({
  columns: [
    column('Pod-Selector', 'string', 'Selects the pods to which this NetworkPolicy object applies.  The array of ingress rules is applied to any pods selected by this field. Multiple network policies can select the same set of pods.  In this case, the ingress rules for each are combined additively. This field is NOT optional and follows standard label selector semantics. An empty podSelector matches all pods in this namespace.'),
  ],
  cells: (np) => [formatObjectSelector(np.spec?.podSelector ?? {})],
});
