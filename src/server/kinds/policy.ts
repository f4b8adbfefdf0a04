/**
 * PodDisruptionBudget in policy/v1 and the deprecated policy/v1beta1 (served until 1.25), sharing
 * one bucket. The versions differ in what an empty `spec.selector` means: all pods in v1, none in
 * v1beta1. A v1beta1 write is converted on the way in as the API server converts it: an empty
 * selector becomes a selector no pod matches, and the v1beta1 "match all" selector becomes `{}`;
 * a read through v1beta1 converts back, so objects round-trip between the versions without loss.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { LabelSelector } from '../../sdk/types/generated/meta-v1.js';
import type { PodDisruptionBudget } from '../../sdk/types/generated/policy-v1.js';
import { GROUPS } from '../../sdk/naming.js';
import { asObject } from '../util/json.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import { fieldError, supportedValue, type FieldError } from '../validation/field-errors.js';
import { defineKind } from './define.js';

/** The label key of the selectors that encode v1beta1's empty-selector semantics. */
export const PDB_V1BETA1_LABEL = 'pdb.platform.io/deprecated-v1beta1-empty-selector-match';

/** What v1 stores for v1beta1's empty selector: matches no pod. */
export const NON_V1BETA1_MATCH_NONE: LabelSelector = { matchExpressions: [{ key: PDB_V1BETA1_LABEL, operator: 'Exists' }] };
/** What v1beta1 writes to select every pod. */
export const V1BETA1_MATCH_ALL: LabelSelector = { matchExpressions: [{ key: PDB_V1BETA1_LABEL, operator: 'DoesNotExist' }] };

function validatePdb(obj: PodDisruptionBudget): FieldError[] {
  const spec = obj.spec ?? {};
  const errs: FieldError[] = [];
  if (spec.minAvailable !== undefined && spec.maxUnavailable !== undefined) {
    errs.push(fieldError.invalid('spec', spec, 'minAvailable and maxUnavailable cannot be both set'));
  }
  for (const f of ['minAvailable', 'maxUnavailable'] as const) {
    const v = spec[f];
    if (typeof v === 'number' && v < 0) errs.push(fieldError.invalid(`spec.${f}`, v, 'must be greater than or equal to 0'));
    if (typeof v === 'string' && !/^\d+%$/.test(v)) errs.push(fieldError.invalid(`spec.${f}`, v, 'a valid percent string must be a numeric string followed by an ending \'%\' (e.g. \'1%\',  or \'93%\', regex used for validation is \'[0-9]+%\')'));
  }
  for (const e of spec.selector?.matchExpressions ?? []) {
    supportedValue(errs, 'spec.selector.matchExpressions.operator', e.operator, ['In', 'NotIn', 'Exists', 'DoesNotExist']);
  }
  return errs;
}

function pdb(version: 'v1' | 'v1beta1') {
  return defineKind({
    group: GROUPS.policy, version, kind: 'PodDisruptionBudget', plural: 'poddisruptionbudgets', shortNames: ['pdb'], namespaced: true,
    status: true, tracksGeneration: true,
    hooks: {
      ...(version === 'v1beta1' ? {
        defaults(obj: PodDisruptionBudget): void {
          const spec = obj.spec;
          if (spec?.selector === undefined) return;
          if (jsonEqual(spec.selector, {})) spec.selector = structuredClone(NON_V1BETA1_MATCH_NONE);
          else if (jsonEqual(spec.selector, V1BETA1_MATCH_ALL)) spec.selector = {};
        },
        toVersion(obj: JsonObject): JsonObject {
          const spec = asObject(obj.spec);
          if (spec === undefined || spec.selector === undefined) return obj;
          if (jsonEqual(spec.selector, {})) return { ...obj, spec: { ...spec, selector: structuredClone(V1BETA1_MATCH_ALL) } };
          if (jsonEqual(spec.selector, NON_V1BETA1_MATCH_NONE)) return { ...obj, spec: { ...spec, selector: {} } };
          return obj;
        },
      } : {}),
      validate: validatePdb,
    },
  });
}

export const podDisruptionBudgetDef = pdb('v1');
export const podDisruptionBudgetV1beta1Def = pdb('v1beta1');
