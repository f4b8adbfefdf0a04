/**
 * The smaller core/v1 kinds: ServiceAccount, Endpoints, Event, Node, PersistentVolume,
 * PersistentVolumeClaim.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { asArray, asObject, asString, objectOrEmpty as o } from '../util/json.js';
import { fieldError, type FieldError } from '../validation/field-errors.js';
import type { KindHooks } from '../registry/types.js';
import { defineKind } from './define.js';
import { NODE_PROXY_SUBRESOURCE } from './connect-subresources.js';
import { endpointsTable, eventTable, nodeTable, persistentVolumeClaimTable, persistentVolumeTable, serviceAccountTable } from '../tables/core.js';

export const serviceAccountDef = defineKind({
  group: '', version: 'v1', kind: 'ServiceAccount', plural: 'serviceaccounts', shortNames: ['sa'], namespaced: true,
  allowCreateOnUpdate: true, table: serviceAccountTable,
});

export const endpointsDef = defineKind({
  group: '', version: 'v1', kind: 'Endpoints', plural: 'endpoints', shortNames: ['ep'], namespaced: true,
  allowCreateOnUpdate: true, table: endpointsTable,
  hooks: {
    defaults(obj) {
      for (const s of asArray(obj.subsets) ?? []) {
        for (const p of asArray(o(s).ports) ?? []) {
          const port = asObject(p);
          if (port !== undefined) port.protocol ??= 'TCP';
        }
      }
    },
  },
});

const involved = (field: string) => (ev: JsonObject): string => {
  const v = o(ev.involvedObject)[field];
  return typeof v === 'string' ? v : '';
};

export const eventDef = defineKind({
  group: '', version: 'v1', kind: 'Event', plural: 'events', shortNames: ['ev'], namespaced: true,
  allowCreateOnUpdate: true, table: eventTable,
  fieldSelectors: {
    'involvedObject.kind': involved('kind'),
    'involvedObject.namespace': involved('namespace'),
    'involvedObject.name': involved('name'),
    'involvedObject.uid': involved('uid'),
    'involvedObject.apiVersion': involved('apiVersion'),
    'involvedObject.resourceVersion': involved('resourceVersion'),
    'involvedObject.fieldPath': involved('fieldPath'),
    reason: (ev) => asString(ev.reason) ?? '',
    reportingComponent: (ev) => asString(ev.reportingComponent) ?? '',
    source: (ev) => asString(o(ev.source).component) ?? asString(ev.reportingComponent) ?? '',
    type: (ev) => asString(ev.type) ?? '',
  },
  hooks: {
    validate(ev) {
      const errs: FieldError[] = [];
      const ns = asString(o(ev.involvedObject).namespace) ?? '';
      const own = asString(o(ev.metadata).namespace) ?? '';
      if (ns !== '' && ns !== own) errs.push(fieldError.invalid('involvedObject.namespace', ns, 'does not match event.namespace'));
      const type = ev.type;
      if (type !== undefined && type !== 'Normal' && type !== 'Warning') errs.push(fieldError.notSupported('type', type, ['Normal', 'Warning']));
      return errs;
    },
  },
});

export const nodeDef = defineKind({
  group: '', version: 'v1', kind: 'Node', plural: 'nodes', shortNames: ['no'], namespaced: false,
  status: true, resetStatusOnCreate: false, table: nodeTable, extraSubresources: [NODE_PROXY_SUBRESOURCE],
  fieldSelectors: { 'spec.unschedulable': (n) => String(o(n.spec).unschedulable === true) },
  hooks: {
    validate(n) {
      const errs: FieldError[] = [];
      (asArray(o(n.spec).taints) ?? []).forEach((t, i) => {
        const effect = o(t).effect;
        if (!['NoSchedule', 'PreferNoSchedule', 'NoExecute'].includes(String(effect))) {
          errs.push(fieldError.notSupported(`spec.taints[${i}].effect`, effect ?? '', ['NoExecute', 'NoSchedule', 'PreferNoSchedule']));
        }
        if ((asString(o(t).key) ?? '') === '') errs.push(fieldError.required(`spec.taints[${i}].key`));
      });
      return errs;
    },
  },
});

const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];

function validateAccessModes(modes: unknown, path: string, required: boolean): FieldError[] {
  const list = asArray(modes) ?? [];
  if (list.length === 0) return required ? [fieldError.required(path, 'at least 1 access mode is required')] : [];
  const errs: FieldError[] = [];
  for (const m of list) if (!ACCESS_MODES.includes(String(m))) errs.push(fieldError.notSupported(path, m, ACCESS_MODES));
  return errs;
}

/**
 * The hooks of PersistentVolume and PersistentVolumeClaim: `spec.volumeMode` defaults to Filesystem
 * after the kind's own defaults, a new one is Pending, and it needs access modes and a storage size
 * (`storageOf` reads it from the spec, `storagePath` names it when it is missing).
 */
function volumeHooks(storageOf: (spec: JsonObject) => unknown, storagePath: string, defaultSpec: (spec: JsonObject) => void = () => undefined): KindHooks {
  return {
    defaults(obj) {
      const spec = o(obj.spec);
      obj.spec = spec;
      defaultSpec(spec);
      spec.volumeMode ??= 'Filesystem';
    },
    prepareForCreate(obj) {
      obj.status = { phase: 'Pending' };
    },
    validate(obj) {
      const spec = o(obj.spec);
      const errs = validateAccessModes(spec.accessModes, 'spec.accessModes', true);
      if (storageOf(spec) === undefined) errs.push(fieldError.required(storagePath));
      return errs;
    },
  };
}

export const persistentVolumeDef = defineKind({
  group: '', version: 'v1', kind: 'PersistentVolume', plural: 'persistentvolumes', shortNames: ['pv'], namespaced: false,
  status: true, table: persistentVolumeTable,
  hooks: volumeHooks((spec) => o(spec.capacity).storage, 'spec.capacity', (spec) => { spec.persistentVolumeReclaimPolicy ??= 'Retain'; }),
});

export const persistentVolumeClaimDef = defineKind({
  group: '', version: 'v1', kind: 'PersistentVolumeClaim', plural: 'persistentvolumeclaims', shortNames: ['pvc'], namespaced: true,
  status: true, table: persistentVolumeClaimTable,
  hooks: volumeHooks((spec) => o(o(spec.resources).requests).storage, 'spec.resources[storage]'),
});
