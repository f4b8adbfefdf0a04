/**
 * CustomResourceDefinition (apiextensions.platform.io/v1): defaults, the v1 validation rules
 * (names, scope, versions, structural schemas, printer columns, scale paths) and the cleanup
 * finalizer that deleting a CRD adds so that its objects are removed first.
 */
import type { CustomResourceDefinition, CustomResourceDefinitionNames, CustomResourceDefinitionSpec, CustomResourceDefinitionVersion } from '../../sdk/types/generated/apiextensions-v1.js';
import { GROUPS } from '../../sdk/naming.js';
import { validateStructuralSchema } from '../schema-validation/index.js';
import { childOf } from '../util/json.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import { errorBody, fieldError, supportedValue, type FieldError, requiredValid } from '../validation/field-errors.js';
import { isDNS1035Label, isDNS1123Subdomain } from '../../machinery/validation/names.js';
import { defineKind } from './define.js';

/** The finalizer a CRD carries while its custom resources are being deleted. */
export const CRD_CLEANUP_FINALIZER = `customresourcecleanup.${GROUPS.apiextensions}`;

const PRINTER_TYPES = ['integer', 'number', 'string', 'boolean', 'date'];

/** The spec after defaulting: a mutating webhook's answer may have dropped it, and any field may be missing. */
function specOf(crd: CustomResourceDefinition): Partial<CustomResourceDefinitionSpec> {
  return crd.spec ?? {};
}

function validateNames(names: Partial<CustomResourceDefinitionNames>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  errs.push(...requiredValid(`${path}.plural`, names.plural ?? '', isDNS1035Label));
  const singular = names.singular ?? '';
  for (const m of singular === '' ? [] : isDNS1035Label(singular)) errs.push(fieldError.invalid(`${path}.singular`, singular, m));
  const kind = names.kind ?? '';
  if (kind === '') errs.push(fieldError.required(`${path}.kind`));
  else if (!/^[A-Za-z][A-Za-z0-9]*$/.test(kind)) errs.push(fieldError.invalid(`${path}.kind`, kind, 'may have mixed case, but should otherwise match: [a-z]([-a-z0-9]*[a-z0-9])?'));
  (names.shortNames ?? []).forEach((s, i) => {
    for (const m of isDNS1035Label(s)) errs.push(fieldError.invalid(`${path}.shortNames[${i}]`, s, m));
  });
  return errs;
}

function validateVersion(v: CustomResourceDefinitionVersion, i: number): FieldError[] {
  const errs: FieldError[] = [];
  const path = `spec.versions[${i}]`;
  errs.push(...requiredValid(`${path}.name`, v.name ?? '', isDNS1035Label));
  const schema = v.schema?.openAPIV3Schema;
  if (!schema) {
    errs.push(fieldError.required(`${path}.schema.openAPIV3Schema`, 'schemas are required'));
  } else {
    for (const e of validateStructuralSchema(schema, `${path}.schema.openAPIV3Schema`)) {
      errs.push({ type: reasonType(e.type), field: e.field, rawBody: errorBody(e) });
    }
  }
  (v.additionalPrinterColumns ?? []).forEach((col, j) => {
    const p = `${path}.additionalPrinterColumns[${j}]`;
    if (!col.name) errs.push(fieldError.required(`${p}.name`));
    supportedValue(errs, `${p}.type`, col.type, PRINTER_TYPES);
    if (!col.jsonPath) errs.push(fieldError.required(`${p}.jsonPath`));
  });
  const scale = v.subresources?.scale;
  if (scale) {
    const spec = scale.specReplicasPath ?? '';
    if (spec === '') errs.push(fieldError.required(`${path}.subresources.scale.specReplicasPath`));
    else if (!spec.startsWith('.spec.')) errs.push(fieldError.invalid(`${path}.subresources.scale.specReplicasPath`, spec, 'should be a json path under .spec'));
    const status = scale.statusReplicasPath ?? '';
    if (status === '') errs.push(fieldError.required(`${path}.subresources.scale.statusReplicasPath`));
    else if (!status.startsWith('.status.')) errs.push(fieldError.invalid(`${path}.subresources.scale.statusReplicasPath`, status, 'should be a json path under .status'));
    const sel = scale.labelSelectorPath;
    if (sel !== undefined && !sel.startsWith('.spec.') && !sel.startsWith('.status.')) {
      errs.push(fieldError.invalid(`${path}.subresources.scale.labelSelectorPath`, sel, 'should be a json path under either .spec or .status'));
    }
  }
  return errs;
}

/** The cause types a CRD's schema errors keep; the others (type, length and count errors of defaults) are reported as Invalid. */
function reasonType(reason: FieldError['type']): FieldError['type'] {
  switch (reason) {
    case 'FieldValueRequired': return 'FieldValueRequired';
    case 'FieldValueForbidden': return 'FieldValueForbidden';
    case 'FieldValueNotSupported': return 'FieldValueNotSupported';
    case 'FieldValueDuplicate': return 'FieldValueDuplicate';
    default: return 'FieldValueInvalid';
  }
}

function validate(crd: CustomResourceDefinition): FieldError[] {
  const errs: FieldError[] = [];
  const spec = specOf(crd);
  const group = spec.group ?? '';
  const names: Partial<CustomResourceDefinitionNames> = spec.names ?? {};
  const name = crd.metadata?.name ?? '';
  if (name !== `${names.plural ?? ''}.${group}`) errs.push(fieldError.invalid('metadata.name', name, 'must be spec.names.plural+"."+spec.group'));
  if (group === '') errs.push(fieldError.required('spec.group'));
  else {
    for (const m of isDNS1123Subdomain(group)) errs.push(fieldError.invalid('spec.group', group, m));
    if (!group.includes('.')) errs.push(fieldError.invalid('spec.group', group, 'should be a domain with at least one dot'));
  }
  supportedValue(errs, 'spec.scope', spec.scope, ['Cluster', 'Namespaced']);
  errs.push(...validateNames(names, 'spec.names'));
  if (spec.preserveUnknownFields === true) {
    errs.push(fieldError.invalid('spec.preserveUnknownFields', true, 'cannot set to true, set x-preserve-unknown-fields to true in spec.versions[*].schema instead'));
  }
  const versions = spec.versions ?? [];
  if (versions.length === 0) errs.push(fieldError.invalid('spec.versions', [], 'must have exactly one version marked as storage version'));
  else {
    const storage = versions.filter((v) => v.storage === true).length;
    if (storage !== 1) errs.push(fieldError.invalid('spec.versions', versions.map((v) => v.name ?? ''), 'must have exactly one version marked as storage version'));
    const seen = new Set<string>();
    versions.forEach((v, i) => {
      const n = v.name ?? '';
      if (seen.has(n)) errs.push(fieldError.duplicate(`spec.versions[${i}].name`, n));
      seen.add(n);
      errs.push(...validateVersion(v, i));
    });
    if (!versions.some((v) => v.served === true)) errs.push(fieldError.invalid('spec.versions', versions.map((v) => v.name ?? ''), 'must have at least one served version'));
  }
  return errs;
}

export const customResourceDefinitionDef = defineKind({
  group: GROUPS.apiextensions, version: 'v1', kind: 'CustomResourceDefinition', plural: 'customresourcedefinitions',
  shortNames: ['crd', 'crds'], categories: ['api-extensions'], namespaced: false,
  tracksGeneration: true, status: true, allowUnconditionalUpdate: false, returnDeletedObject: true,
  hooks: {
    defaults(crd) {
      // A missing spec or names is made empty, as decoding into the Go structs gives zero ones.
      childOf(childOf(crd, 'spec'), 'names');
      const { spec } = crd;
      const { kind } = spec.names;
      if (kind !== undefined) {
        spec.names.singular ??= kind.toLowerCase();
        spec.names.listKind ??= `${kind}List`;
      }
      spec.conversion ??= { strategy: 'None' };
      for (const v of spec.versions ?? []) {
        for (const col of v.additionalPrinterColumns ?? []) col.priority ??= 0;
      }
    },
    prepareForCreate(crd) {
      const storage = (specOf(crd).versions ?? []).find((v) => v.storage === true);
      crd.status = { acceptedNames: { kind: '', plural: '' }, conditions: [], storedVersions: storage === undefined ? [] : [storage.name ?? ''] };
    },
    prepareForUpdate(crd) {
      const storage = (specOf(crd).versions ?? []).find((v) => v.storage === true)?.name;
      const status = crd.status ?? {};
      const stored = status.storedVersions ?? [];
      if (storage !== undefined && !stored.includes(storage)) status.storedVersions = [...stored, storage];
    },
    validate,
    validateUpdate(crd, old) {
      const errs: FieldError[] = [];
      const spec = specOf(crd);
      const oldSpec = specOf(old);
      if (!jsonEqual(spec.scope, oldSpec.scope)) errs.push(fieldError.immutable('spec.scope', spec.scope ?? ''));
      if (!jsonEqual(spec.group, oldSpec.group)) errs.push(fieldError.immutable('spec.group', spec.group ?? ''));
      return errs;
    },
    beforeDelete(crd) {
      const meta = (crd.metadata ??= {});
      const finalizers = meta.finalizers ?? [];
      if (!finalizers.includes(CRD_CLEANUP_FINALIZER)) meta.finalizers = [...finalizers, CRD_CLEANUP_FINALIZER];
      const status = (crd.status ??= {});
      const conditions = (status.conditions ?? []).filter((c) => c.type !== 'Terminating');
      conditions.push({ type: 'Terminating', status: 'True', reason: 'InstanceDeletionPending', message: 'CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon' });
      status.conditions = conditions;
    },
  },
});
