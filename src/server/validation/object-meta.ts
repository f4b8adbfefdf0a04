/**
 * Checks of `metadata` common to every kind (ValidateObjectMeta / ValidateObjectMetaUpdate).
 */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import { FINALIZERS } from '../../sdk/naming.js';
import { fieldError, type FieldError, requiredValid } from './field-errors.js';
import { isDNS1123Label, isQualifiedName, isValidLabelValue, validateName, type NameRule } from '../../machinery/validation/names.js';
import { asObject, asString } from '../util/json.js';

const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

/** Finalizers every kind accepts without a domain prefix. */
export const STANDARD_FINALIZERS = new Set<string>([FINALIZERS.namespace, 'orphan', 'foregroundDeletion']);

/** ValidateLabels: label keys are qualified names, values valid label values (also for pod templates' labels). */
export function validateLabelMap(labels: JsonValue | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const obj = asObject(labels);
  if (obj === undefined) return errs;
  for (const [k, v] of Object.entries(obj)) {
    for (const msg of isQualifiedName(k)) errs.push(fieldError.invalid(path, k, msg));
    const value = typeof v === 'string' ? v : '';
    for (const msg of isValidLabelValue(value)) errs.push(fieldError.invalid(`${path}.${k}`, value, msg));
  }
  return errs;
}

function validateAnnotations(annotations: JsonValue | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const obj = asObject(annotations);
  if (obj === undefined) return errs;
  let total = 0;
  for (const [k, v] of Object.entries(obj)) {
    for (const msg of isQualifiedName(k.toLowerCase())) errs.push(fieldError.invalid(path, k, msg));
    total += k.length + (typeof v === 'string' ? v.length : 0);
  }
  if (total > TOTAL_ANNOTATION_SIZE_LIMIT) {
    errs.push({ type: 'FieldValueTooLong', field: path, detail: `must have at most ${TOTAL_ANNOTATION_SIZE_LIMIT} bytes` });
  }
  return errs;
}

function validateFinalizers(finalizers: JsonValue | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!Array.isArray(finalizers)) return errs;
  let orphan = false;
  let foreground = false;
  finalizers.forEach((f, i) => {
    const name = typeof f === 'string' ? f : '';
    const p = `${path}[${i}]`;
    const qn = isQualifiedName(name);
    for (const msg of qn) errs.push(fieldError.invalid(p, name, msg));
    if (qn.length === 0 && !STANDARD_FINALIZERS.has(name) && !name.includes('/')) {
      errs.push(fieldError.invalid(p, name, 'name is neither a standard finalizer name nor is it fully qualified'));
    }
    if (name === 'orphan') orphan = true;
    if (name === 'foregroundDeletion') foreground = true;
  });
  if (orphan && foreground) {
    errs.push(fieldError.invalid(path, finalizers, 'finalizer orphan and foregroundDeletion cannot be both set'));
  }
  return errs;
}

function validateOwnerReferences(refs: JsonValue | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!Array.isArray(refs)) return errs;
  let controllers = 0;
  refs.forEach((r, i) => {
    const ref = asObject(r) ?? {};
    const p = `${path}[${i}]`;
    const apiVersion = asString(ref.apiVersion) ?? '';
    if (apiVersion === '') errs.push(fieldError.invalid(`${p}.apiVersion`, apiVersion, 'version must not be empty'));
    const kind = asString(ref.kind) ?? '';
    if (kind === '') errs.push(fieldError.invalid(`${p}.kind`, kind, 'kind must not be empty'));
    const name = asString(ref.name) ?? '';
    if (name === '') errs.push(fieldError.invalid(`${p}.name`, name, 'name must not be empty'));
    const uid = asString(ref.uid) ?? '';
    if (uid === '') errs.push(fieldError.invalid(`${p}.uid`, uid, 'uid must not be empty'));
    if (ref.controller === true) controllers++;
  });
  if (controllers > 1) {
    errs.push(fieldError.invalid(path, refs, 'Only one reference can have Controller set to true.'));
  }
  return errs;
}

/** ValidateObjectMeta for create (and the parts of update that check the new object alone). */
export function validateObjectMeta(meta: JsonObject, opts: { namespaced: boolean; nameRule: NameRule }): FieldError[] {
  const errs: FieldError[] = [];
  const name = asString(meta.name) ?? '';
  const generateName = asString(meta.generateName) ?? '';
  if (generateName !== '') {
    for (const msg of validateName(opts.nameRule, generateName, true)) errs.push(fieldError.invalid('metadata.generateName', generateName, msg));
  }
  if (name === '') {
    errs.push(fieldError.required('metadata.name', 'name or generateName is required'));
  } else {
    for (const msg of validateName(opts.nameRule, name, false)) errs.push(fieldError.invalid('metadata.name', name, msg));
  }
  const namespace = asString(meta.namespace) ?? '';
  if (opts.namespaced) {
    errs.push(...requiredValid('metadata.namespace', namespace, isDNS1123Label));
  } else if (namespace !== '') {
    errs.push(fieldError.forbidden('metadata.namespace', 'not allowed on this type'));
  }
  if (typeof meta.generation === 'number' && meta.generation < 0) {
    errs.push(fieldError.invalid('metadata.generation', meta.generation, 'must be greater than or equal to 0'));
  }
  errs.push(...validateLabelMap(meta.labels, 'metadata.labels'));
  errs.push(...validateAnnotations(meta.annotations, 'metadata.annotations'));
  errs.push(...validateOwnerReferences(meta.ownerReferences, 'metadata.ownerReferences'));
  errs.push(...validateFinalizers(meta.finalizers, 'metadata.finalizers'));
  return errs;
}

/** The immutability rules of ValidateObjectMetaUpdate. */
export function validateObjectMetaUpdate(meta: JsonObject, old: JsonObject): FieldError[] {
  const errs: FieldError[] = [];
  const immutable = (field: 'name' | 'namespace' | 'uid' | 'creationTimestamp'): void => {
    const a = meta[field];
    const b = old[field];
    if ((a ?? '') !== (b ?? '')) errs.push(fieldError.immutable(`metadata.${field}`, a ?? ''));
  };
  immutable('name');
  immutable('namespace');
  immutable('uid');
  immutable('creationTimestamp');
  if (typeof old.deletionTimestamp === 'string') {
    const before = new Set(Array.isArray(old.finalizers) ? old.finalizers : []);
    const added = (Array.isArray(meta.finalizers) ? meta.finalizers : []).filter((f) => !before.has(f));
    if (added.length > 0) {
      errs.push(fieldError.forbidden('metadata.finalizers',
        `no new finalizers can be added if the object is being deleted, found new finalizers []string{${added.map((f) => JSON.stringify(f)).join(', ')}}`));
    }
  }
  return errs;
}
