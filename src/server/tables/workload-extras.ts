/**
 * Server tables of EndpointSlice, ControllerRevision and HorizontalPodAutoscaler, with the
 * columns and cell formats of the API server's printers.
 */
import type { ControllerRevision } from '../../sdk/types/generated/apps-v1.js';
import type { EndpointSlice } from '../../sdk/types/generated/discovery-v1.js';
import type { HorizontalPodAutoscaler, MetricSpec, MetricStatus } from '../../sdk/types/generated/autoscaling-v2.js';
import { column, firstWithMore, int, nameAgeTable, orUnset } from './common.js';

/** `listWithMoreString`: up to `max` items, then ` + N more...`; `<unset>` when empty. */
function listWithMore(items: string[], max: number): string {
  return orUnset(firstWithMore(items, max));
}

export const endpointSliceTable = nameAgeTable<EndpointSlice>({
  columns: [
    column('AddressType', 'string', 'addressType specifies the type of address carried by this EndpointSlice.'),
    column('Ports', 'string', 'ports specifies the list of network ports exposed by each endpoint in this slice.'),
    column('Endpoints', 'string', 'endpoints is a list of unique endpoints in this slice.'),
  ],
  cells(slice) {
    // The endpoint slice controller's own writes are not decoded: a nil list or port is stored as null.
    const ports = (slice.ports ?? []).map((p) => (typeof p.port === 'number' ? String(p.port) : p.name ?? '*'));
    const addresses: string[] = [];
    for (const e of slice.endpoints ?? []) for (const a of e.addresses ?? []) addresses.push(a ?? '');
    return [slice.addressType ?? '', listWithMore(ports, 3), listWithMore(addresses, 3)];
  },
});

export const controllerRevisionTable = nameAgeTable<ControllerRevision>({
  columns: [
    column('Controller', 'string', 'Controller of the object'),
    column('Revision', 'string', 'Revision indicates the revision of the state represented by Data.'),
  ],
  cells(rev) {
    let controller = '<none>';
    for (const ref of rev.metadata?.ownerReferences ?? []) {
      if (ref.controller !== true) continue;
      const apiVersion = ref.apiVersion ?? '';
      const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
      const kind = ref.kind ?? '';
      controller = `${(group === '' ? kind : `${kind}.${group}`).toLowerCase()}/${ref.name ?? ''}`;
    }
    // revision is an int64: int() prints 0 for one beyond 2^53, as before.
    return [controller, int(rev.revision)];
  },
});

/** A resource quantity as Go's `Quantity.String()` keeps it (we print what the object says). */
function quantity(v: string | number | undefined): string {
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '<unknown>';
}

/** `formatHPAMetrics`: current/target per metric, at most two, then ` + N more...`. */
export function formatHpaMetrics(specs: readonly MetricSpec[], statuses: readonly MetricStatus[]): string {
  if (specs.length === 0) return '<none>';
  const list: string[] = [];
  specs.forEach((spec, i) => {
    const st = statuses[i];
    switch (spec.type) {
      case 'Resource':
      case 'ContainerResource': {
        const src = spec.type === 'Resource' ? spec.resource : spec.containerResource;
        const target = src?.target;
        const cur = spec.type === 'Resource' ? st?.resource?.current : st?.containerResource?.current;
        const name = src?.name ?? '';
        const prefix = spec.type === 'Resource' ? `${name}: ` : `${name}/${spec.containerResource?.container ?? ''}: `;
        if (target?.averageValue !== undefined) {
          list.push(`${prefix}${quantity(cur?.averageValue)}/${quantity(target.averageValue)}`);
        } else {
          const current = cur?.averageUtilization !== undefined ? `${String(cur.averageUtilization)}%` : '<unknown>';
          const want = target?.averageUtilization !== undefined ? `${String(target.averageUtilization)}%` : '<auto>';
          list.push(`${prefix}${current}/${want}`);
        }
        break;
      }
      case 'Pods':
        list.push(`${quantity(st?.pods?.current?.averageValue)}/${quantity(spec.pods?.target?.averageValue)}`);
        break;
      case 'Object':
      case 'External': {
        const target = spec.type === 'Object' ? spec.object?.target : spec.external?.target;
        const cur = spec.type === 'Object' ? st?.object?.current : st?.external?.current;
        const avg = target?.averageValue !== undefined;
        const want = avg ? target?.averageValue : target?.value;
        const have = avg ? cur?.averageValue : cur?.value;
        list.push(`${quantity(have)}/${quantity(want)}${avg ? ' (avg)' : ''}`);
        break;
      }
      default:
        list.push('<unknown type>');
    }
  });
  return firstWithMore(list, 2, ', ');
}

export const horizontalPodAutoscalerTable = nameAgeTable<HorizontalPodAutoscaler>({
  columns: [
    column('Reference', 'string', 'reference to scaled resource; horizontal pod autoscaler will learn the current resource consumption and will set the desired number of pods by using its Scale subresource.'),
    column('Targets', 'string', 'the metrics used to calculate the desired replica count'),
    column('MinPods', 'string', 'minReplicas is the lower limit for the number of replicas to which the autoscaler can scale down.'),
    column('MaxPods', 'integer', 'maxReplicas is the upper limit for the number of replicas to which the autoscaler can scale up.'),
    column('Replicas', 'integer', 'currentReplicas is current number of replicas of pods managed by this autoscaler, as last seen by the autoscaler.'),
  ],
  cells(hpa) {
    const spec = hpa.spec;
    const ref = spec?.scaleTargetRef;
    const min = spec?.minReplicas;
    return [`${ref?.kind ?? ''}/${ref?.name ?? ''}`, formatHpaMetrics(spec?.metrics ?? [], hpa.status?.currentMetrics ?? []),
      min === undefined ? '<unset>' : String(min), int(spec?.maxReplicas), int(hpa.status?.currentReplicas)];
  },
});
