/**
 * The smaller core/v1 kinds: ServiceAccount, Endpoints, Event, Node, PersistentVolume,
 * PersistentVolumeClaim.
 */
import type { Event, ObjectReference, PersistentVolume, PersistentVolumeClaim, PersistentVolumeClaimSpec, PersistentVolumeSpec } from '../../sdk/types/generated/core-v1.js';
import { fieldError, supportedValue, type FieldError } from '../validation/field-errors.js';
import type { KindHooks } from '../registry/types.js';
import { defineKind } from './define.js';
import { specDefaults } from './spec-defaults.js';
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
      for (const s of obj.subsets ?? []) for (const port of s.ports ?? []) port.protocol ??= 'TCP';
    },
  },
});

const involved = (field: keyof ObjectReference) => (ev: Event): string => ev.involvedObject?.[field] ?? '';

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
    reason: (ev) => ev.reason ?? '',
    reportingComponent: (ev) => ev.reportingComponent ?? '',
    source: (ev) => ev.source?.component ?? ev.reportingComponent ?? '',
    type: (ev) => ev.type ?? '',
  },
  hooks: {
    validate(ev) {
      const errs: FieldError[] = [];
      const ns = ev.involvedObject?.namespace ?? '';
      const own = ev.metadata?.namespace ?? '';
      if (ns !== '' && ns !== own) errs.push(fieldError.invalid('involvedObject.namespace', ns, 'does not match event.namespace'));
      if (ev.type !== undefined) supportedValue(errs, 'type', ev.type, ['Normal', 'Warning']);
      return errs;
    },
  },
});

export const nodeDef = defineKind({
  group: '', version: 'v1', kind: 'Node', plural: 'nodes', shortNames: ['no'], namespaced: false,
  status: true, resetStatusOnCreate: false, table: nodeTable, extraSubresources: [NODE_PROXY_SUBRESOURCE],
  fieldSelectors: { 'spec.unschedulable': (n) => String(n.spec?.unschedulable === true) },
  hooks: {
    validate(n) {
      const errs: FieldError[] = [];
      (n.spec?.taints ?? []).forEach((t, i) => {
        supportedValue(errs, `spec.taints[${i}].effect`, t.effect, ['NoExecute', 'NoSchedule', 'PreferNoSchedule']);
        if ((t.key ?? '') === '') errs.push(fieldError.required(`spec.taints[${i}].key`));
      });
      return errs;
    },
  },
});

const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];

function validateAccessModes(modes: string[] | undefined, path: string, required: boolean): FieldError[] {
  const list = modes ?? [];
  if (list.length === 0) return required ? [fieldError.required(path, 'at least 1 access mode is required')] : [];
  const errs: FieldError[] = [];
  for (const m of list) supportedValue(errs, path, m, ACCESS_MODES);
  return errs;
}

/**
 * The hooks of PersistentVolume and PersistentVolumeClaim: `spec.volumeMode` defaults to Filesystem
 * after the kind's own defaults, a new one is Pending, and it needs access modes and a storage size
 * (`storageOf` reads it, `storagePath` names it when it is missing).
 */
function volumeHooks<V extends PersistentVolume | PersistentVolumeClaim>(
  storageOf: (obj: V) => unknown, storagePath: string, defaultSpec: (spec: NonNullable<V['spec']>) => void = () => undefined,
): KindHooks<V> {
  return {
    defaults: specDefaults<V>((spec) => {
      defaultSpec(spec);
      const common: PersistentVolumeSpec | PersistentVolumeClaimSpec = spec;
      common.volumeMode ??= 'Filesystem';
    }),
    prepareForCreate(obj) {
      const volume: PersistentVolume | PersistentVolumeClaim = obj;
      volume.status = { phase: 'Pending' };
    },
    validate(obj) {
      const errs = validateAccessModes(obj.spec?.accessModes, 'spec.accessModes', true);
      if (storageOf(obj) === undefined) errs.push(fieldError.required(storagePath));
      return errs;
    },
  };
}

export const persistentVolumeDef = defineKind({
  group: '', version: 'v1', kind: 'PersistentVolume', plural: 'persistentvolumes', shortNames: ['pv'], namespaced: false,
  status: true, table: persistentVolumeTable,
  hooks: volumeHooks<PersistentVolume>((pv) => pv.spec?.capacity?.storage, 'spec.capacity', (spec) => { spec.persistentVolumeReclaimPolicy ??= 'Retain'; }),
});

export const persistentVolumeClaimDef = defineKind({
  group: '', version: 'v1', kind: 'PersistentVolumeClaim', plural: 'persistentvolumeclaims', shortNames: ['pvc'], namespaced: true,
  status: true, table: persistentVolumeClaimTable,
  hooks: volumeHooks<PersistentVolumeClaim>((pvc) => pvc.spec?.resources?.requests?.storage, 'spec.resources[storage]'),
});
