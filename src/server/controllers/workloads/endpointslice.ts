/**
 * The EndpointSlice controller: for each Service with a selector, EndpointSlices (addressType
 * IPv4, at most 100 endpoints each, one group per distinct set of resolved ports) named after the
 * Service, labelled with its name and the managing controller, owned by it, listing each selected
 * pod's address with its ready/serving/terminating conditions, node and target reference. A
 * Service without matching pods keeps one empty slice.
 */
import { GROUPS, LABELS } from '../../../sdk/naming.js';
import type { EndpointPort } from '../../../sdk/types/generated/core-v1.js';
import type { Endpoint, EndpointSlice } from '../../../sdk/types/generated/discovery-v1.js';
import { metaOf, nameOf, uidOf } from '../../util/json.js';
import { jsonEqual } from '../../../machinery/json/equal.js';
import type { Controller } from '../../control/controller.js';
import { objectKeyOf, splitKey } from '../../feed/informer.js';
import { reconcileLoop } from '../../control/reconcile-loop.js';
import type { ControllerKit, WorkloadOptions } from '../../control/kit.js';
import { controllerRefOf, newControllerRef, refJson } from './util/controller-ref.js';
import { isPodReady, isTerminating, nodeNameOf } from './util/pods.js';
import { isHeadless, podIP, podRef, serviceSelector, servicesOf, podsByPorts } from './util/service-endpoints.js';

/** Endpoints per slice at most (the controller manager's default). */
export const MAX_ENDPOINTS_PER_SLICE = 100;

/** Creates the EndpointSlice controller. */
export function endpointSliceController(kit: ControllerKit, options: WorkloadOptions = {}): Controller {
  const services = kit.informerOf(kit.kind('v1', 'Service'));
  const pods = kit.informerOf(kit.kind('v1', 'Pod'));
  const slices = kit.informerOf(kit.kind(`${GROUPS.discovery}/v1`, 'EndpointSlice'));
  // Written untyped: a group without ports or endpoints has them null (Go's nil slices), as the type cannot say.
  const sliceDef = kit.def(GROUPS.discovery, 'v1', 'endpointslices');
  const managed = (s: EndpointSlice): boolean => s.metadata?.labels?.[LABELS.endpointSliceManagedBy] === LABELS.endpointSliceController;
  const loop = reconcileLoop({
    name: 'endpointslice', ctx: kit.ctx, clock: kit.clock, workers: options.workers ?? 5,
    reconcile: async (key) => {
      const { namespace, name } = splitKey(key);
      const svc = services.getByKey(key);
      const selector = svc === undefined ? undefined : serviceSelector(svc);
      const existing = slices.list(namespace).filter((s) => managed(s) && s.metadata?.labels?.[LABELS.serviceName] === name);
      if (svc === undefined || selector === undefined) {
        // The garbage collector removes slices of a deleted Service; a Service that lost its selector keeps none.
        if (svc !== undefined) for (const s of existing) await kit.client.delete(sliceDef, namespace, nameOf(s));
        return;
      }
      const publishNotReady = svc.spec?.publishNotReadyAddresses === true;
      const desired: { ports: EndpointPort[] | null; endpoints: Endpoint[] | null }[] = [];
      for (const g of podsByPorts(pods.list(namespace), selector, svc, true)) {
        const endpoints = g.pods.map((pod) => {
          const terminating = isTerminating(pod);
          const ready = isPodReady(pod);
          const endpoint: Endpoint = {
            addresses: [podIP(pod)],
            conditions: { ready: publishNotReady || (ready && !terminating), serving: ready, terminating },
          };
          const hostname = pod.spec?.hostname;
          if (typeof hostname === 'string' && pod.spec?.subdomain === name) endpoint.hostname = hostname;
          endpoint.targetRef = podRef(pod);
          if (nodeNameOf(pod) !== '') endpoint.nodeName = nodeNameOf(pod);
          return endpoint;
        });
        endpoints.sort((a, b) => String(a.targetRef?.name).localeCompare(String(b.targetRef?.name)));
        for (let i = 0; i < endpoints.length; i += MAX_ENDPOINTS_PER_SLICE) {
          desired.push({ ports: g.ports.length > 0 ? g.ports : null, endpoints: endpoints.slice(i, i + MAX_ENDPOINTS_PER_SLICE) });
        }
      }
      if (desired.length === 0) desired.push({ ports: null, endpoints: null });
      const labels: Record<string, string> = { ...(svc.metadata?.labels ?? {}), [LABELS.serviceName]: name, [LABELS.endpointSliceManagedBy]: LABELS.endpointSliceController };
      if (isHeadless(svc)) labels[LABELS.headless] = '';
      // Reuse slices in order: each keeps its name; extra ones are deleted, missing ones created.
      const ordered = [...existing].sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
      for (let i = 0; i < desired.length; i++) {
        const want = desired[i];
        if (want === undefined) continue;
        const have = ordered[i];
        if (have === undefined) {
          await kit.client.create(sliceDef, namespace, {
            apiVersion: `${GROUPS.discovery}/v1`, kind: 'EndpointSlice',
            metadata: { generateName: `${name}-`, namespace, labels, ownerReferences: [refJson(newControllerRef(svc, 'v1', 'Service'))] },
            addressType: 'IPv4', endpoints: want.endpoints, ports: want.ports,
          });
          continue;
        }
        const haveLabels = have.metadata?.labels ?? {};
        if (jsonEqual(have.endpoints ?? null, want.endpoints) && jsonEqual(have.ports ?? null, want.ports) && jsonEqual(haveLabels, labels) && controllerRefOf(have)?.uid === uidOf(svc)) continue;
        await kit.client.update(sliceDef, namespace, nameOf(have), (o) => {
          o.endpoints = want.endpoints;
          o.ports = want.ports;
          const meta = metaOf(o);
          meta.labels = labels;
          meta.ownerReferences = [refJson(newControllerRef(svc, 'v1', 'Service'))];
          return true;
        });
      }
      for (const extra of ordered.slice(desired.length)) await kit.client.delete(sliceDef, namespace, nameOf(extra));
    },
    initialKeys: () => services.list().map(objectKeyOf),
    subscriptions: [
      services.addHandler((ev) => loop.queue.add(objectKeyOf(ev.object))),
      pods.addHandler((ev) => {
        for (const svc of servicesOf(services, ev.object)) loop.queue.add(objectKeyOf(svc));
        if (ev.old !== undefined) for (const svc of servicesOf(services, ev.old)) loop.queue.add(objectKeyOf(svc));
      }),
      slices.addHandler((ev) => {
        if (!managed(ev.object)) return;
        const svcName = ev.object.metadata?.labels?.[LABELS.serviceName];
        if (svcName !== undefined) loop.queue.add(`${ev.object.metadata?.namespace ?? ''}/${svcName}`);
      }),
    ],
  });
  return loop;
}
