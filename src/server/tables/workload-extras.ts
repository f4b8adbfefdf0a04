/**
 * Server tables of EndpointSlice, ControllerRevision and HorizontalPodAutoscaler, with the
 * columns and cell formats of the API server's printers.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { ControllerRevision } from '../../sdk/types/generated/apps-v1.js';
import type { EndpointSlice } from '../../sdk/types/generated/discovery-v1.js';
import type { TableDef } from '../registry/types.js';
import { asArray, asNumber, asObject, asString, nameOf } from '../util/json.js';
import { AGE_COLUMN, NAME_COLUMN, ageOf, column, int } from './common.js';
import { hpaV2View } from '../kinds/hpa-conversion.js';

/** `listWithMoreString`: up to `max` items, then ` + N more...`; `<unset>` when empty. */
function listWithMore(items: string[], max: number): string {
  if (items.length > max) return `${items.slice(0, max).join(',')} + ${items.length - max} more...`;
  const joined = items.join(',');
  return joined === '' ? '<unset>' : joined;
}

export const endpointSliceTable: TableDef<EndpointSlice> = {
  columns: [
    NAME_COLUMN,
    column('AddressType', 'string', 'addressType specifies the type of address carried by this EndpointSlice.'),
    column('Ports', 'string', 'ports specifies the list of network ports exposed by each endpoint in this slice.'),
    column('Endpoints', 'string', 'endpoints is a list of unique endpoints in this slice.'),
    AGE_COLUMN,
  ],
  cells(slice, now) {
    // The endpoint slice controller's own writes are not decoded: a nil list or port is stored as null.
    const ports = (slice.ports ?? []).map((p) => (typeof p.port === 'number' ? String(p.port) : p.name ?? '*'));
    const addresses: string[] = [];
    for (const e of slice.endpoints ?? []) for (const a of e.addresses ?? []) addresses.push(a ?? '');
    return [nameOf(slice), slice.addressType ?? '', listWithMore(ports, 3), listWithMore(addresses, 3), ageOf(slice, now)];
  },
};

export const controllerRevisionTable: TableDef<ControllerRevision> = {
  columns: [
    NAME_COLUMN,
    column('Controller', 'string', 'Controller of the object'),
    column('Revision', 'string', 'Revision indicates the revision of the state represented by Data.'),
    AGE_COLUMN,
  ],
  cells(rev, now) {
    let controller = '<none>';
    for (const ref of rev.metadata?.ownerReferences ?? []) {
      if (ref.controller !== true) continue;
      const apiVersion = ref.apiVersion ?? '';
      const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
      const kind = ref.kind ?? '';
      controller = `${(group === '' ? kind : `${kind}.${group}`).toLowerCase()}/${ref.name ?? ''}`;
    }
    // revision is an int64: int() prints 0 for one beyond 2^53, as before.
    return [nameOf(rev), controller, int(rev.revision), ageOf(rev, now)];
  },
};

/** A resource quantity as Go's `Quantity.String()` keeps it (we print what the object says). */
function quantity(v: unknown): string {
  return typeof v === 'number' ? String(v) : asString(v) ?? '<unknown>';
}

/** `formatHPAMetrics`: current/target per metric, at most two, then ` + N more...`. */
export function formatHpaMetrics(specs: readonly JsonObject[], statuses: readonly JsonObject[]): string {
  if (specs.length === 0) return '<none>';
  const list: string[] = [];
  specs.forEach((spec, i) => {
    const st = statuses[i];
    switch (spec.type) {
      case 'Resource':
      case 'ContainerResource': {
        const key = spec.type === 'Resource' ? 'resource' : 'containerResource';
        const src = asObject(spec[key]) ?? {};
        const target = asObject(src.target) ?? {};
        const cur = asObject(asObject(st?.[key])?.current);
        const name = asString(src.name) ?? '';
        const prefix = spec.type === 'Resource' ? `${name}: ` : `${name}/${asString(src.container) ?? ''}: `;
        if (target.averageValue !== undefined) {
          list.push(`${prefix}${cur?.averageValue !== undefined ? quantity(cur.averageValue) : '<unknown>'}/${quantity(target.averageValue)}`);
        } else {
          const current = asNumber(cur?.averageUtilization) !== undefined ? `${String(cur?.averageUtilization)}%` : '<unknown>';
          const want = asNumber(target.averageUtilization) !== undefined ? `${String(target.averageUtilization)}%` : '<auto>';
          list.push(`${prefix}${current}/${want}`);
        }
        break;
      }
      case 'Pods': {
        const target = asObject(asObject(spec.pods)?.target) ?? {};
        const cur = asObject(asObject(st?.pods)?.current);
        list.push(`${cur?.averageValue !== undefined ? quantity(cur.averageValue) : '<unknown>'}/${quantity(target.averageValue)}`);
        break;
      }
      case 'Object':
      case 'External': {
        const key = spec.type === 'Object' ? 'object' : 'external';
        const target = asObject(asObject(spec[key])?.target) ?? {};
        const cur = asObject(asObject(st?.[key])?.current);
        const avg = target.averageValue !== undefined;
        const want = avg ? target.averageValue : target.value;
        const have = avg ? cur?.averageValue : cur?.value;
        list.push(`${have !== undefined ? quantity(have) : '<unknown>'}/${quantity(want)}${avg ? ' (avg)' : ''}`);
        break;
      }
      default:
        list.push('<unknown type>');
    }
  });
  if (list.length > 2) return `${list.slice(0, 2).join(', ')} + ${list.length - 2} more...`;
  return list.join(', ');
}

export const horizontalPodAutoscalerTable: TableDef = {
  columns: [
    NAME_COLUMN,
    column('Reference', 'string', 'reference to scaled resource; horizontal pod autoscaler will learn the current resource consumption and will set the desired number of pods by using its Scale subresource.'),
    column('Targets', 'string', 'the metrics used to calculate the desired replica count'),
    column('MinPods', 'string', 'minReplicas is the lower limit for the number of replicas to which the autoscaler can scale down.'),
    column('MaxPods', 'integer', 'maxReplicas is the upper limit for the number of replicas to which the autoscaler can scale up.'),
    column('Replicas', 'integer', 'currentReplicas is current number of replicas of pods managed by this autoscaler, as last seen by the autoscaler.'),
    AGE_COLUMN,
  ],
  cells(obj, now) {
    const hpa = hpaV2View(obj);
    const spec = asObject(hpa.spec) ?? {};
    const status = asObject(hpa.status) ?? {};
    const ref = asObject(spec.scaleTargetRef) ?? {};
    const metrics = (asArray(spec.metrics) ?? []).map((m) => asObject(m) ?? {});
    const current = (asArray(status.currentMetrics) ?? []).map((m) => asObject(m) ?? {});
    const min = asNumber(spec.minReplicas);
    return [nameOf(hpa), `${asString(ref.kind) ?? ''}/${asString(ref.name) ?? ''}`, formatHpaMetrics(metrics, current), min === undefined ? '<unset>' : String(min),
      int(spec.maxReplicas), int(status.currentReplicas), ageOf(hpa, now)];
  },
};
