/**
 * What a fresh server creates before it answers: the system namespaces and, in `default`, the
 * `kubernetes` Service and its Endpoints pointing at this server.
 */
import type { JsonObject } from '../sdk/types/meta.js';
import { NAMESPACES } from '../sdk/naming.js';
import type { ServerContext } from './context.js';
import { InternalClient } from './control/client.js';
import { ServiceIPAllocator } from './services/allocator.js';
import { asObject } from './util/json.js';
import { jsonEqual } from '../machinery/json/equal.js';

/** Bootstrap namespaces, in creation order. */
export const BOOTSTRAP_NAMESPACES = [NAMESPACES.default, NAMESPACES.system, NAMESPACES.public, NAMESPACES.nodeLease];

/** Creates what is missing; `port` is the serving port advertised in the `kubernetes` Endpoints. */
export async function bootstrap(ctx: ServerContext, host: string, port: number): Promise<void> {
  const client = new InternalClient(ctx, 'bootstrap-controller', 'platform-apiserver');
  const nsDef = ctx.registry.served('', 'v1', 'namespaces');
  const svcDef = ctx.registry.served('', 'v1', 'services');
  const epDef = ctx.registry.served('', 'v1', 'endpoints');
  for (const name of BOOTSTRAP_NAMESPACES) {
    if ((await client.get(nsDef, '', name)) === undefined) {
      await client.createIfMissing(nsDef, '', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
    }
  }
  if ((await client.get(svcDef, NAMESPACES.default, 'kubernetes')) === undefined) {
    await client.createIfMissing(svcDef, NAMESPACES.default, {
      apiVersion: 'v1', kind: 'Service',
      metadata: { name: 'kubernetes', namespace: NAMESPACES.default, labels: { component: 'apiserver', provider: 'platform' } },
      spec: { type: 'ClusterIP', clusterIP: ServiceIPAllocator.apiServerIP, ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: port }], sessionAffinity: 'None' },
    });
  }
  const subsets: JsonObject['subsets'] = [{ addresses: [{ ip: host === 'localhost' ? '127.0.0.1' : host }], ports: [{ name: 'https', port, protocol: 'TCP' }] }];
  const ep = await client.get(epDef, NAMESPACES.default, 'kubernetes');
  if (ep === undefined) {
    await client.createIfMissing(epDef, NAMESPACES.default, {
      apiVersion: 'v1', kind: 'Endpoints',
      metadata: { name: 'kubernetes', namespace: NAMESPACES.default, labels: { 'endpointslice.platform.io/skip-mirror': 'true' } },
      subsets,
    });
  } else if (!jsonEqual(asObject(ep)?.subsets, subsets)) {
    await client.update(epDef, NAMESPACES.default, 'kubernetes', (o) => {
      o.subsets = structuredClone(subsets);
      return true;
    });
  }
}
