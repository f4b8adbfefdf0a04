/**
 * The kinds the workload controllers add: EndpointSlice (discovery/v1), ControllerRevision
 * (apps/v1) and HorizontalPodAutoscaler (autoscaling/v2, and v1 converted to and from it).
 */
import { GROUPS } from '../../sdk/naming.js';
import type { HorizontalPodAutoscaler } from '../../sdk/types/generated/autoscaling-v2.js';
import { fieldError, supportedValue, type FieldError } from '../validation/field-errors.js';
import { defineKind } from './define.js';
import { defaultHpaV2, hpaV1ToV2, hpaV2ToV1, hpaV2View } from './hpa-conversion.js';
import { storedAs } from '../registry/kind-def.js';
import type { KindHooks, TableDef } from '../registry/types.js';
import { controllerRevisionTable, endpointSliceTable, horizontalPodAutoscalerTable } from '../tables/workload-extras.js';
import { isJsonNumber, writeJson } from '../../machinery/json-numbers.js';

const ADDRESS_TYPES = ['IPv4', 'IPv6', 'FQDN'];

export const endpointSliceDef = defineKind({
  group: GROUPS.discovery, version: 'v1', kind: 'EndpointSlice', plural: 'endpointslices', namespaced: true, table: endpointSliceTable,
  hooks: {
    defaults(o) {
      for (const port of o.ports ?? []) {
        port.protocol ??= 'TCP';
        port.name ??= '';
      }
      for (const ep of o.endpoints ?? []) ep.conditions ??= {};
    },
    validate(o) {
      const errs: FieldError[] = [];
      const t = o.addressType;
      if (t === undefined) errs.push(fieldError.required('addressType'));
      else supportedValue(errs, 'addressType', t, ADDRESS_TYPES);
      (o.endpoints ?? []).forEach((e, i) => {
        if ((e.addresses ?? []).length === 0) errs.push(fieldError.required(`endpoints[${i}].addresses`));
      });
      return errs;
    },
    validateUpdate(o, old) {
      return o.addressType !== old.addressType ? [fieldError.immutable('addressType', o.addressType ?? null)] : [];
    },
  },
});

export const controllerRevisionDef = defineKind({
  group: GROUPS.apps, version: 'v1', kind: 'ControllerRevision', plural: 'controllerrevisions', namespaced: true, table: controllerRevisionTable,
  hooks: {
    validate(o) {
      const r = o.revision;
      return !isJsonNumber(r) || r < 0 ? [fieldError.invalid('revision', r ?? null, 'must be greater than or equal to 0')] : [];
    },
    validateUpdate(o, old) {
      return writeJson(o.data) !== writeJson(old.data) ? [fieldError.immutable('data', '{...}')] : [];
    },
  },
});

function validateHpa(o: HorizontalPodAutoscaler): FieldError[] {
  const errs: FieldError[] = [];
  const spec = o.spec;
  if ((spec?.scaleTargetRef?.kind ?? '') === '') errs.push(fieldError.required('spec.scaleTargetRef.kind'));
  if ((spec?.scaleTargetRef?.name ?? '') === '') errs.push(fieldError.required('spec.scaleTargetRef.name'));
  const min = spec?.minReplicas;
  const max = spec?.maxReplicas ?? 0;
  if (min !== undefined && min < 1) errs.push(fieldError.invalid('spec.minReplicas', min, 'must be greater than or equal to 1'));
  if (max < 1) errs.push(fieldError.invalid('spec.maxReplicas', max, 'must be greater than 0'));
  else if (min !== undefined && max < min) errs.push(fieldError.invalid('spec.maxReplicas', max, 'must be greater than or equal to `minReplicas`'));
  return errs;
}

/** The v2 def: stored objects are in this form. */
export const horizontalPodAutoscalerDef = defineKind({
  group: GROUPS.autoscaling, version: 'v2', kind: 'HorizontalPodAutoscaler', plural: 'horizontalpodautoscalers', shortNames: ['hpa'], categories: ['all'],
  namespaced: true, status: true, tracksGeneration: true, table: horizontalPodAutoscalerTable,
  hooks: { defaults: defaultHpaV2, validate: validateHpa },
});

/**
 * The rows of v1 reads: a v1 object is the v1 form of a stored object (`hpaV2ToV1`), so converted
 * back it is that stored object, which the v2 table reads.
 */
const horizontalPodAutoscalerV1Table: TableDef = {
  columns: horizontalPodAutoscalerTable.columns,
  cells: (obj, now) => horizontalPodAutoscalerTable.cells(storedAs(horizontalPodAutoscalerDef, hpaV2View(obj)), now),
};

/** The v1 def: converted to v2 on the way in, back to v1 on every read. */
export const horizontalPodAutoscalerV1Def = defineKind({
  group: GROUPS.autoscaling, version: 'v1', kind: 'HorizontalPodAutoscaler', plural: 'horizontalpodautoscalers', shortNames: ['hpa'], categories: ['all'],
  namespaced: true, status: true, tracksGeneration: true, table: horizontalPodAutoscalerV1Table,
  // Plain JSON: the defaults turn a v1 object into the stored v2 form (its annotations decoded as
  // their Go types), which is what the checks after them get.
  hooks: {
    defaults(o) {
      hpaV1ToV2(o);
      defaultHpaV2(o);
    },
    toVersion: (stored) => hpaV2ToV1(storedAs(horizontalPodAutoscalerDef, stored)),
    validate: (o) => validateHpa(storedAs(horizontalPodAutoscalerDef, o)),
  } satisfies KindHooks,
});
