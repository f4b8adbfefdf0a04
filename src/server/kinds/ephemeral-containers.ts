/**
 * Ephemeral containers of a pod (core/v1): the `pods/ephemeralcontainers` sub-resource, the checks
 * of the containers themselves (validateEphemeralContainers: the fields they may not carry, names
 * unique across every container of the pod, a target that names a regular or init container), and
 * the rules of an update through the sub-resource (ValidatePodEphemeralContainersUpdate: ephemeral
 * containers may be added, never changed or removed).
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { Container, EphemeralContainer, Pod, PodSpec } from '../../sdk/types/generated/core-v1.js';
import type { SubresourceDef } from '../registry/types.js';
import { asObject } from '../util/json.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import { fieldError, supportedValue, type FieldError, requiredValid } from '../validation/field-errors.js';
import { isDNS1123Label } from '../../machinery/validation/names.js';
import { writeJson } from '../../machinery/json-numbers.js';

/** `pods/ephemeralcontainers`: reads and writes the Pod; only `spec.ephemeralContainers` changes. */
export const EPHEMERAL_CONTAINERS_SUBRESOURCE: SubresourceDef = {
  name: 'ephemeralcontainers', responseKind: { group: '', version: 'v1', kind: 'Pod' }, verbs: ['get', 'patch', 'update'],
};

/**
 * Fields of EphemeralContainerCommon an ephemeral container may not set, in the Go struct's order
 * (the order the API server reports them in).
 */
const FORBIDDEN_FIELDS = ['ports', 'resources', 'resizePolicy', 'restartPolicy', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle'] as const;

const FORBIDDEN_DETAIL = 'cannot be set for an Ephemeral Container';

/** True for a value Go would see as set: not absent, null, false, an empty list or an empty object. */
function isSet(v: unknown): boolean {
  if (v === undefined || v === null || v === false || v === '' || v === 0) return false;
  if (Array.isArray(v)) return v.length > 0;
  const o = asObject(v);
  if (o !== undefined) return Object.values(o).some((x) => isSet(x));
  return true;
}

function containerNames(list: Container[] | undefined): string[] {
  return (list ?? []).map((c) => c.name ?? '');
}

/** The checks every container type shares (validateContainerCommon) that apply to an ephemeral one. */
function commonErrors(c: EphemeralContainer, p: string): FieldError[] {
  const errs: FieldError[] = [];
  errs.push(...requiredValid(`${p}.name`, c.name ?? '', isDNS1123Label));
  const image = c.image ?? '';
  if (image === '') errs.push(fieldError.required(`${p}.image`));
  const policy = c.terminationMessagePolicy ?? '';
  if (policy === '') errs.push(fieldError.required(`${p}.terminationMessagePolicy`));
  else supportedValue(errs, `${p}.terminationMessagePolicy`, policy, ['File', 'FallbackToLogsOnError']);
  // (An empty pull policy cannot reach this: defaulting sets one, as it does on a real API server.)
  const pull = c.imagePullPolicy ?? '';
  if (pull !== '') supportedValue(errs, `${p}.imagePullPolicy`, pull, ['Always', 'IfNotPresent', 'Never']);
  if (image !== '' && image !== image.trim()) errs.push(fieldError.invalid(`${p}.image`, image, 'must not have leading or trailing whitespace'));
  return errs;
}

/** validateEphemeralContainers: the ephemeral containers of a pod spec at `path`. */
export function validateEphemeralContainers(spec: Partial<PodSpec>, path: string): FieldError[] {
  const list = spec.ephemeralContainers ?? [];
  if (list.length === 0) return [];
  const others = new Set([...containerNames(spec.containers), ...containerNames(spec.initContainers)]);
  const all = new Set(others);
  const errs: FieldError[] = [];
  list.forEach((c, i) => {
    const p = `${path}.ephemeralContainers[${i}]`;
    errs.push(...commonErrors(c, p));
    const name = c.name ?? '';
    if (all.has(name)) errs.push(fieldError.duplicate(`${p}.name`, name));
    else all.add(name);
    const target = c.targetContainerName ?? '';
    if (target !== '' && !others.has(target)) errs.push(fieldError.notFound(`${p}.targetContainerName`, target));
    for (const f of FORBIDDEN_FIELDS) if (isSet(c[f])) errs.push(fieldError.forbidden(`${p}.${f}`, FORBIDDEN_DETAIL));
    (c.volumeMounts ?? []).forEach((mount, j) => {
      if (isSet(mount.subPath)) errs.push(fieldError.forbidden(`${p}.volumeMounts[${j}].subPath`, FORBIDDEN_DETAIL));
      if (isSet(mount.subPathExpr)) errs.push(fieldError.forbidden(`${p}.volumeMounts[${j}].subPathExpr`, FORBIDDEN_DETAIL));
    });
  });
  return errs;
}

/** Fields whose values differ, as `-field: old` / `+field: new` lines (the API server prints a diff here). */
function fieldDiff(before: JsonObject, after: JsonObject): string {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const lines: string[] = [];
  for (const k of keys) {
    if (jsonEqual(before[k], after[k])) continue;
    if (before[k] !== undefined) lines.push(`-\t${k}: ${writeJson(before[k])}`);
    if (after[k] !== undefined) lines.push(`+\t${k}: ${writeJson(after[k])}`);
  }
  return lines.join('\n');
}

/**
 * The part of ValidatePodEphemeralContainersUpdate that compares with the stored pod: every
 * ephemeral container the pod had is still there, unchanged (the list's order may differ, as a
 * patch does not keep it).
 */
export function validateEphemeralContainersUpdate(obj: Pod, old: Pod): FieldError[] {
  const path = 'spec.ephemeralContainers';
  const current = new Map((obj.spec?.ephemeralContainers ?? []).map((c) => [c.name ?? '', c]));
  const errs: FieldError[] = [];
  for (const before of old.spec?.ephemeralContainers ?? []) {
    const name = before.name ?? '';
    const after = current.get(name);
    if (after === undefined) errs.push(fieldError.forbidden(path, `existing ephemeral containers ${JSON.stringify(name)} may not be removed\n`));
    else if (!jsonEqual(before, after)) errs.push(fieldError.forbidden(path, `existing ephemeral containers ${JSON.stringify(name)} may not be changed\n${fieldDiff(before, after)}`));
  }
  return errs;
}
