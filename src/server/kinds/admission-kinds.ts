/**
 * Kinds the admission plugins read: PriorityClass (scheduling/v1), ResourceQuota and LimitRange
 * (core v1), RuntimeClass (node/v1).
 */
import type { LimitRange } from '../../sdk/types/generated/core-v1.js';
import type { RuntimeClass } from '../../sdk/types/generated/node-v1.js';
import { GROUPS } from '../../sdk/naming.js';
import { getOwn, setKey } from '../util/json.js';
import { fieldError, supportedValue, type FieldError } from '../validation/field-errors.js';
import { defineKind } from './define.js';

/** The largest priority a user-defined class may have (HighestUserDefinablePriority). */
export const HIGHEST_USER_PRIORITY = 1_000_000_000;

export const priorityClassDef = defineKind({
  group: GROUPS.scheduling, version: 'v1', kind: 'PriorityClass', plural: 'priorityclasses', shortNames: ['pc'], namespaced: false,
  hooks: {
    defaults(obj) {
      obj.preemptionPolicy ??= 'PreemptLowerPriority';
    },
    validate(obj) {
      const errs: FieldError[] = [];
      const value = obj.value;
      const name = obj.metadata?.name ?? '';
      if (typeof value !== 'number') errs.push(fieldError.required('value'));
      else if (value > HIGHEST_USER_PRIORITY && !name.startsWith('system-')) {
        errs.push(fieldError.forbidden('value', `maximum allowed value of a user defined priority is ${String(HIGHEST_USER_PRIORITY)}`));
      }
      supportedValue(errs, 'preemptionPolicy', obj.preemptionPolicy, ['Never', 'PreemptLowerPriority']);
      return errs;
    },
    validateUpdate(obj, old) {
      const errs: FieldError[] = [];
      if (obj.value !== old.value) errs.push(fieldError.forbidden('value', 'may not be changed in an update.'));
      if (obj.preemptionPolicy !== old.preemptionPolicy) errs.push(fieldError.immutable('preemptionPolicy', obj.preemptionPolicy ?? ''));
      return errs;
    },
  },
});

const QUOTA_SCOPES = ['Terminating', 'NotTerminating', 'BestEffort', 'NotBestEffort', 'PriorityClass', 'CrossNamespacePodAffinity'];

export const resourceQuotaDef = defineKind({
  group: '', version: 'v1', kind: 'ResourceQuota', plural: 'resourcequotas', shortNames: ['quota'], namespaced: true, status: true,
  hooks: {
    validate(obj) {
      const errs: FieldError[] = [];
      const spec = obj.spec ?? {};
      for (const [k, v] of Object.entries(spec.hard ?? {})) {
        if (typeof v !== 'string' && typeof v !== 'number') errs.push(fieldError.invalid(`spec.hard[${k}]`, v, 'must be a quantity'));
        else if (String(v).startsWith('-')) errs.push(fieldError.invalid(`spec.hard[${k}]`, String(v), 'must be greater than or equal to 0'));
      }
      for (const s of spec.scopes ?? []) supportedValue(errs, 'spec.scopes', s, QUOTA_SCOPES);
      return errs;
    },
  },
});

/** LimitRangeItem defaults of Container items: default from max, defaultRequest from default, then from min. */
function defaultLimitRange(obj: LimitRange): void {
  for (const item of obj.spec?.limits ?? []) {
    if (item.type !== 'Container') continue;
    const def = item.default ?? {};
    const req = item.defaultRequest ?? {};
    for (const [k, v] of Object.entries(item.max ?? {})) if (v !== undefined && getOwn(def, k) === undefined) setKey(def, k, v);
    for (const [k, v] of Object.entries(def)) if (v !== undefined && getOwn(req, k) === undefined) setKey(req, k, v);
    for (const [k, v] of Object.entries(item.min ?? {})) if (v !== undefined && getOwn(req, k) === undefined) setKey(req, k, v);
    if (Object.keys(def).length > 0) item.default = def;
    if (Object.keys(req).length > 0) item.defaultRequest = req;
  }
}

export const limitRangeDef = defineKind({
  group: '', version: 'v1', kind: 'LimitRange', plural: 'limitranges', shortNames: ['limits'], namespaced: true,
  hooks: {
    defaults: defaultLimitRange,
    validate(obj) {
      const errs: FieldError[] = [];
      (obj.spec?.limits ?? []).forEach((l, i) => supportedValue(errs, `spec.limits[${i}].type`, l.type, ['Container', 'PersistentVolumeClaim', 'Pod']));
      return errs;
    },
  },
});

function validateOverhead(obj: RuntimeClass): FieldError[] {
  const handler = obj.handler ?? '';
  const errs: FieldError[] = [];
  if (handler === '') errs.push(fieldError.required('handler'));
  else if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(handler) || handler.length > 63) {
    errs.push(fieldError.invalid('handler', handler, "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"));
  }
  const podFixed = obj.overhead?.podFixed ?? {};
  for (const [k, v] of Object.entries(podFixed)) {
    if (typeof v === 'number' && v < 0) errs.push(fieldError.invalid(`overhead.podFixed[${k}]`, v, 'must be greater than or equal to 0'));
  }
  return errs;
}

export const runtimeClassDef = defineKind({
  group: GROUPS.node, version: 'v1', kind: 'RuntimeClass', plural: 'runtimeclasses', namespaced: false,
  hooks: {
    validate: validateOverhead,
    validateUpdate(obj, old) {
      return obj.handler === old.handler ? [] : [fieldError.immutable('handler', obj.handler ?? '')];
    },
  },
});

