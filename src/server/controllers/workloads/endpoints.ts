/**
 * The Endpoints controller: for each Service with a selector, one Endpoints object of the same
 * name whose subsets list the selected pods' IPs (ready ones as addresses, others as
 * notReadyAddresses, or all as addresses with publishNotReadyAddresses) with the Service ports
 * resolved on each pod, grouped by identical port sets. Deleted with its Service.
 */
import { LABELS } from '../../../sdk/naming.js';
import type { EndpointAddress, Endpoints, EndpointSubset } from '../../../sdk/types/generated/core-v1.js';



import { jsonEqual } from '../../../machinery/json/equal.js';
import type { Controller } from '../../control/controller.js';
import { objectKeyOf, splitKey } from '../../feed/informer.js';
import { reconcileLoop } from '../../control/reconcile-loop.js';
import type { ControllerKit, WorkloadOptions } from '../../control/kit.js';
import { isPodReady, nodeNameOf } from './util/pods.js';
import { isHeadless, podIP, podRef, serviceSelector, servicesOf, podsByPorts } from './util/service-endpoints.js';

/** Creates the Endpoints controller. */
export function endpointsController(kit: ControllerKit, options: WorkloadOptions = {}): Controller {
  const epDef = kit.kind('v1', 'Endpoints');
  const services = kit.informerOf(kit.kind('v1', 'Service'));
  const pods = kit.informerOf(kit.kind('v1', 'Pod'));
  const endpoints = kit.informerOf(epDef);
  const loop = reconcileLoop({
    name: 'endpoint', ctx: kit.ctx, clock: kit.clock, workers: options.workers ?? 5,
    reconcile: async (key) => {
      const { namespace, name } = splitKey(key);
      const svc = services.getByKey(key);
      const current = endpoints.getByKey(key);
      const selector = svc === undefined ? undefined : serviceSelector(svc);
      if (svc === undefined) {
        if (current !== undefined) await kit.client.delete(epDef, namespace, name);
        return;
      }
      if (selector === undefined) return;
      const publishNotReady = svc.spec?.publishNotReadyAddresses === true;
      const byIp = (a: EndpointAddress, b: EndpointAddress): number => a.ip.localeCompare(b.ip) || String(a.targetRef?.uid).localeCompare(String(b.targetRef?.uid));
      const subsets: EndpointSubset[] = [];
      for (const g of podsByPorts(pods.list(namespace), selector, svc, publishNotReady)) {
        const ready: EndpointAddress[] = [];
        const notReady: EndpointAddress[] = [];
        for (const pod of g.pods) {
          const address: EndpointAddress = { ip: podIP(pod) };
          const hostname = pod.spec?.hostname;
          if (typeof hostname === 'string' && pod.spec?.subdomain === name) address.hostname = hostname;
          if (nodeNameOf(pod) !== '') address.nodeName = nodeNameOf(pod);
          address.targetRef = podRef(pod);
          (publishNotReady || isPodReady(pod) ? ready : notReady).push(address);
        }
        const subset: EndpointSubset = {};
        if (ready.length > 0) subset.addresses = ready.sort(byIp);
        if (notReady.length > 0) subset.notReadyAddresses = notReady.sort(byIp);
        if (g.ports.length > 0) subset.ports = g.ports;
        subsets.push(subset);
      }
      subsets.sort((a, b) => JSON.stringify(a.ports ?? []).localeCompare(JSON.stringify(b.ports ?? [])));
      const labels: Record<string, string> = { ...(svc.metadata?.labels ?? {}) };
      if (isHeadless(svc)) labels[LABELS.headless] = '';
      const desired: Endpoints = { apiVersion: 'v1', kind: 'Endpoints', metadata: { name, namespace, ...(Object.keys(labels).length > 0 ? { labels } : {}) } };
      if (subsets.length > 0) desired.subsets = subsets;
      if (current === undefined) {
        await kit.client.createIfMissing(epDef, namespace, desired);
        return;
      }
      const curLabels = current.metadata?.labels ?? {};
      if (jsonEqual(current.subsets ?? [], desired.subsets ?? []) && jsonEqual(curLabels, labels)) return;
      await kit.client.update(epDef, namespace, name, (o) => {
        if (subsets.length > 0) o.subsets = subsets;
        else delete o.subsets;
        const meta = o.metadata ?? {};
        if (Object.keys(labels).length > 0) meta.labels = labels;
        else delete meta.labels;
        return true;
      });
    },
    initialKeys: () => [...services.list().map(objectKeyOf), ...endpoints.list().filter((e) => services.getByKey(objectKeyOf(e)) === undefined).map(objectKeyOf)],
    subscriptions: [
      services.addHandler((ev) => loop.queue.add(objectKeyOf(ev.object))),
      pods.addHandler((ev) => {
        for (const svc of servicesOf(services, ev.object)) loop.queue.add(objectKeyOf(svc));
        if (ev.old !== undefined) for (const svc of servicesOf(services, ev.old)) loop.queue.add(objectKeyOf(svc));
      }),
    ],
  });
  return loop;
}
