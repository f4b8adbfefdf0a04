/**
 * CustomResourceDefinition (apiextensions.platform.io/v1): defaults, the v1 validation rules
 * (names, scope, versions, structural schemas, printer columns, scale paths) and the cleanup
 * finalizer that deleting a CRD adds so that its objects are removed first.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { GROUPS } from '../../sdk/naming.js';
import { validateStructuralSchema } from '../schema-validation/index.js';
import { asArray, asObject, asString, metaOf, objectOrEmpty as o } from '../util/json.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import { errorBody, fieldError, type FieldError, requiredValid } from '../validation/field-errors.js';
import { isDNS1035Label, isDNS1123Subdomain } from '../../machinery/validation/names.js';
import { defineKind } from './define.js';
import type { KindHooks } from '../registry/types.js';

/** The finalizer a CRD carries while its custom resources are being deleted. */
export const CRD_CLEANUP_FINALIZER = `customresourcecleanup.${GROUPS.apiextensions}`;

const PRINTER_TYPES = ['integer', 'number', 'string', 'boolean', 'date'];

function validateNames(names: JsonObject, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const plural = asString(names.plural) ?? '';
  errs.push(...requiredValid(`${path}.plural`, plural, isDNS1035Label));
  const singular = asString(names.singular) ?? '';
  for (const m of singular === '' ? [] : isDNS1035Label(singular)) errs.push(fieldError.invalid(`${path}.singular`, singular, m));
  const kind = asString(names.kind) ?? '';
  if (kind === '') errs.push(fieldError.required(`${path}.kind`));
  else if (!/^[A-Za-z][A-Za-z0-9]*$/.test(kind)) errs.push(fieldError.invalid(`${path}.kind`, kind, 'may have mixed case, but should otherwise match: [a-z]([-a-z0-9]*[a-z0-9])?'));
  (asArray(names.shortNames) ?? []).forEach((s, i) => {
    for (const m of isDNS1035Label(asString(s) ?? '')) errs.push(fieldError.invalid(`${path}.shortNames[${i}]`, s, m));
  });
  return errs;
}

function validateVersion(v: JsonObject, i: number): FieldError[] {
  const errs: FieldError[] = [];
  const path = `spec.versions[${i}]`;
  const name = asString(v.name) ?? '';
  errs.push(...requiredValid(`${path}.name`, name, isDNS1035Label));
  const schema = asObject(o(v.schema).openAPIV3Schema);
  if (schema === undefined) {
    errs.push(fieldError.required(`${path}.schema.openAPIV3Schema`, 'schemas are required'));
  } else {
    for (const e of validateStructuralSchema(schema, `${path}.schema.openAPIV3Schema`)) {
      errs.push({ type: reasonType(e.type), field: e.field, rawBody: errorBody(e) });
    }
  }
  (asArray(v.additionalPrinterColumns) ?? []).forEach((c, j) => {
    const col = o(c);
    const p = `${path}.additionalPrinterColumns[${j}]`;
    if ((asString(col.name) ?? '') === '') errs.push(fieldError.required(`${p}.name`));
    if (!PRINTER_TYPES.includes(String(col.type))) errs.push(fieldError.notSupported(`${p}.type`, col.type ?? '', PRINTER_TYPES));
    if ((asString(col.jsonPath) ?? '') === '') errs.push(fieldError.required(`${p}.jsonPath`));
  });
  const scale = asObject(o(v.subresources).scale);
  if (scale !== undefined) {
    const spec = asString(scale.specReplicasPath) ?? '';
    if (spec === '') errs.push(fieldError.required(`${path}.subresources.scale.specReplicasPath`));
    else if (!spec.startsWith('.spec.')) errs.push(fieldError.invalid(`${path}.subresources.scale.specReplicasPath`, spec, 'should be a json path under .spec'));
    const status = asString(scale.statusReplicasPath) ?? '';
    if (status === '') errs.push(fieldError.required(`${path}.subresources.scale.statusReplicasPath`));
    else if (!status.startsWith('.status.')) errs.push(fieldError.invalid(`${path}.subresources.scale.statusReplicasPath`, status, 'should be a json path under .status'));
    const sel = asString(scale.labelSelectorPath);
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

function validate(crd: JsonObject): FieldError[] {
  const errs: FieldError[] = [];
  const spec = o(crd.spec);
  const group = asString(spec.group) ?? '';
  const names = o(spec.names);
  const name = asString(o(crd.metadata).name) ?? '';
  const plural = asString(names.plural) ?? '';
  if (name !== `${plural}.${group}`) errs.push(fieldError.invalid('metadata.name', name, 'must be spec.names.plural+"."+spec.group'));
  if (group === '') errs.push(fieldError.required('spec.group'));
  else {
    for (const m of isDNS1123Subdomain(group)) errs.push(fieldError.invalid('spec.group', group, m));
    if (!group.includes('.')) errs.push(fieldError.invalid('spec.group', group, 'should be a domain with at least one dot'));
  }
  if (spec.scope !== 'Namespaced' && spec.scope !== 'Cluster') errs.push(fieldError.notSupported('spec.scope', spec.scope ?? '', ['Cluster', 'Namespaced']));
  errs.push(...validateNames(names, 'spec.names'));
  if (spec.preserveUnknownFields === true) {
    errs.push(fieldError.invalid('spec.preserveUnknownFields', true, 'cannot set to true, set x-preserve-unknown-fields to true in spec.versions[*].schema instead'));
  }
  const versions = (asArray(spec.versions) ?? []).map(o);
  if (versions.length === 0) errs.push(fieldError.invalid('spec.versions', [], 'must have exactly one version marked as storage version'));
  else {
    const storage = versions.filter((v) => v.storage === true).length;
    if (storage !== 1) errs.push(fieldError.invalid('spec.versions', versions.map((v) => asString(v.name) ?? ''), 'must have exactly one version marked as storage version'));
    const seen = new Set<string>();
    versions.forEach((v, i) => {
      const n = asString(v.name) ?? '';
      if (seen.has(n)) errs.push(fieldError.duplicate(`spec.versions[${i}].name`, n));
      seen.add(n);
      errs.push(...validateVersion(v, i));
    });
    if (!versions.some((v) => v.served === true)) errs.push(fieldError.invalid('spec.versions', versions.map((v) => asString(v.name) ?? ''), 'must have at least one served version'));
  }
  return errs;
}

export const customResourceDefinitionDef = defineKind({
  group: GROUPS.apiextensions, version: 'v1', kind: 'CustomResourceDefinition', plural: 'customresourcedefinitions',
  shortNames: ['crd', 'crds'], categories: ['api-extensions'], namespaced: false,
  tracksGeneration: true, status: true, allowUnconditionalUpdate: false, returnDeletedObject: true,
  // The CRD code reads plain JSON (the CRD's typed object passes).
  hooks: {
    defaults(crd) {
      const spec = o(crd.spec);
      crd.spec = spec;
      const names = o(spec.names);
      spec.names = names;
      const kind = asString(names.kind);
      if (kind !== undefined) {
        names.singular ??= kind.toLowerCase();
        names.listKind ??= `${kind}List`;
      }
      spec.conversion ??= { strategy: 'None' };
      for (const v of asArray(spec.versions) ?? []) {
        const ver = asObject(v);
        if (ver === undefined) continue;
        for (const c of asArray(ver.additionalPrinterColumns) ?? []) {
          const col = asObject(c);
          if (col !== undefined) col.priority ??= 0;
        }
      }
    },
    prepareForCreate(crd) {
      const storage = (asArray(o(crd.spec).versions) ?? []).map(o).find((v) => v.storage === true);
      crd.status = { acceptedNames: { kind: '', plural: '' }, conditions: [], storedVersions: storage === undefined ? [] : [asString(storage.name) ?? ''] };
    },
    prepareForUpdate(crd, old) {
      const storage = (asArray(o(crd.spec).versions) ?? []).map(o).find((v) => v.storage === true);
      const status = o(crd.status);
      const stored = (asArray(status.storedVersions) ?? []).map((v) => asString(v) ?? '');
      const name = asString(storage?.name);
      if (name !== undefined && !stored.includes(name)) status.storedVersions = [...stored, name];
      void old;
    },
    validate,
    validateUpdate(crd, old) {
      const errs: FieldError[] = [];
      if (!jsonEqual(o(crd.spec).scope, o(old.spec).scope)) errs.push(fieldError.immutable('spec.scope', o(crd.spec).scope ?? ''));
      if (!jsonEqual(o(crd.spec).group, o(old.spec).group)) errs.push(fieldError.immutable('spec.group', o(crd.spec).group ?? ''));
      return errs;
    },
    beforeDelete(crd) {
      const meta = metaOf(crd);
      const finalizers = (asArray(meta.finalizers) ?? []).map((f) => asString(f) ?? '');
      if (!finalizers.includes(CRD_CLEANUP_FINALIZER)) meta.finalizers = [...finalizers, CRD_CLEANUP_FINALIZER];
      const status = o(crd.status);
      crd.status = status;
      const conditions = (asArray(status.conditions) ?? []).map(o).filter((c) => c.type !== 'Terminating');
      conditions.push({ type: 'Terminating', status: 'True', reason: 'InstanceDeletionPending', message: 'CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon' });
      status.conditions = conditions;
    },
  } satisfies KindHooks,
});
