/**
 * Pod (core/v1): defaults, the Pending status and QoS class set on create, field selectors, and the
 * spec immutability rules of updates.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { asArray, asObject, asString } from '../util/json.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import { fieldError, type FieldError } from '../validation/field-errors.js';
import { defineKind } from './define.js';
import { defaultPodSpec, qosClass, validatePodSpec } from './pod-spec.js';
import { podTable } from '../tables/core.js';
import type { SubresourceDef } from '../registry/types.js';
import { POD_STREAM_SUBRESOURCES } from './connect-subresources.js';
import { EPHEMERAL_CONTAINERS_SUBRESOURCE, validateEphemeralContainers, validateEphemeralContainersUpdate } from './ephemeral-containers.js';

/** `pods/binding`: assigns a pod to a node (served by the scheduler's binding endpoint). */
export const BINDING_SUBRESOURCE: SubresourceDef = { name: 'binding', responseKind: { group: '', version: 'v1', kind: 'Binding' }, verbs: ['create'] };

function spec(o: JsonObject): JsonObject {
  return asObject(o.spec) ?? {};
}

function status(o: JsonObject): JsonObject {
  return asObject(o.status) ?? {};
}

const POD_UPDATE_FORBIDDEN = 'pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)';

/**
 * The new spec with what an update may change taken from the old one (ValidatePodUpdate's munging):
 * images, activeDeadlineSeconds, tolerations and scheduling gates (checked on their own), and a
 * terminationGracePeriodSeconds set to 1 from a negative value.
 */
function munged(s: JsonObject, old: JsonObject): JsonObject {
  const copy = structuredClone(s);
  for (const list of ['containers', 'initContainers']) {
    const oldList = asArray(old[list]) ?? [];
    (asArray(copy[list]) ?? []).forEach((c, i) => {
      const container = asObject(c);
      if (container === undefined) return;
      const was = asObject(oldList[i])?.image;
      if (was === undefined) delete container.image;
      else container.image = was;
    });
  }
  for (const key of ['activeDeadlineSeconds', 'tolerations', 'schedulingGates']) {
    if (old[key] === undefined) delete copy[key];
    else copy[key] = old[key];
  }
  const oldGrace = old.terminationGracePeriodSeconds;
  if (typeof oldGrace === 'number' && oldGrace < 0 && copy.terminationGracePeriodSeconds === 1) copy.terminationGracePeriodSeconds = oldGrace;
  return copy;
}

/** Tolerations may be added; an existing one may change only its tolerationSeconds. */
function validateOnlyAddedTolerations(next: unknown, old: unknown): FieldError[] {
  const now = (asArray(next) ?? []).map((t) => asObject(t) ?? {});
  for (const o of asArray(old) ?? []) {
    const was = asObject(o) ?? {};
    const found = now.some((t) => jsonEqual(withoutSeconds(was), withoutSeconds(t)));
    if (!found) return [fieldError.forbidden('spec.tolerations', 'existing toleration can not be modified except its tolerationSeconds')];
  }
  return [];
}

function withoutSeconds(t: JsonObject): JsonObject {
  const copy = { ...t };
  delete copy.tolerationSeconds;
  return copy;
}

/** Scheduling gates may only be removed. */
function validateOnlyDeletedSchedulingGates(next: unknown, old: unknown): FieldError[] {
  const had = new Set((asArray(old) ?? []).map((g) => asString(asObject(g)?.name) ?? ''));
  const errs: FieldError[] = [];
  (asArray(next) ?? []).forEach((g, i) => {
    const name = asString(asObject(g)?.name) ?? '';
    if (!had.has(name)) errs.push(fieldError.forbidden(`spec.schedulingGates[${i}].name`, `only deletion is allowed, but found new scheduling gate '${name}'`));
  });
  return errs;
}

function validateUpdate(obj: JsonObject, old: JsonObject): FieldError[] {
  const next = spec(obj);
  const was = spec(old);
  for (const list of ['containers', 'initContainers']) {
    if ((asArray(next[list]) ?? []).length !== (asArray(was[list]) ?? []).length) {
      return [fieldError.forbidden(`spec.${list}`, 'pod updates may not add or remove containers')];
    }
  }
  const errs = [...validateOnlyAddedTolerations(next.tolerations, was.tolerations), ...validateOnlyDeletedSchedulingGates(next.schedulingGates, was.schedulingGates)];
  if (!jsonEqual(munged(next, was), was)) errs.push(fieldError.forbidden('spec', POD_UPDATE_FORBIDDEN));
  return errs;
}

/** ValidatePodSpec's checks of a pod (its ephemeral containers included). */
function validatePod(obj: JsonObject): FieldError[] {
  return [...validatePodSpec(obj.spec, 'spec'), ...validateEphemeralContainers(spec(obj), 'spec')];
}

/** ValidatePodCreate: ephemeral containers come only through the ephemeralcontainers sub-resource. */
function validatePodCreate(obj: JsonObject): FieldError[] {
  const ephemeral = asArray(spec(obj).ephemeralContainers) ?? [];
  return ephemeral.length > 0 ? [fieldError.forbidden('spec.ephemeralContainers', 'cannot be set on create')] : [];
}

export const podDef = defineKind({
  group: '', version: 'v1', kind: 'Pod', plural: 'pods', shortNames: ['po'], categories: ['all'], namespaced: true,
  status: true, returnDeletedObject: true,
  // POST pods/<name>/binding (the scheduler's), pods/<name>/eviction (served by the workload controllers' eviction endpoint),
  // pods/<name>/ephemeralcontainers, and the stream subresources.
  extraSubresources: [
    BINDING_SUBRESOURCE, EPHEMERAL_CONTAINERS_SUBRESOURCE, { name: 'eviction', responseKind: { group: 'policy', version: 'v1', kind: 'Eviction' }, verbs: ['create'] },
    ...POD_STREAM_SUBRESOURCES,
  ],
  fieldSelectors: {
    'spec.nodeName': (o) => asString(spec(o).nodeName) ?? '',
    'spec.restartPolicy': (o) => asString(spec(o).restartPolicy) ?? '',
    'spec.schedulerName': (o) => asString(spec(o).schedulerName) ?? '',
    'spec.serviceAccountName': (o) => asString(spec(o).serviceAccountName) ?? '',
    'spec.hostNetwork': (o) => String(spec(o).hostNetwork === true),
    'status.phase': (o) => asString(status(o).phase) ?? '',
    'status.podIP': (o) => asString(status(o).podIP) ?? '',
    'status.nominatedNodeName': (o) => asString(status(o).nominatedNodeName) ?? '',
  },
  table: podTable,
  hooks: {
    defaults(obj) {
      const s = spec(obj);
      obj.spec = s;
      defaultPodSpec(s);
      s.enableServiceLinks ??= true;
    },
    prepareForCreate(obj) {
      obj.status = { phase: 'Pending', qosClass: qosClass(obj.spec) };
    },
    validate: (obj) => validatePod(obj),
    validateUpdate: (obj, old) => validateUpdate(obj, old),
    validateCreate: (obj) => validatePodCreate(obj),
    validateSubresourceUpdate: (sub, obj, old) => (sub === EPHEMERAL_CONTAINERS_SUBRESOURCE.name ? [...validatePod(obj), ...validateEphemeralContainersUpdate(obj, old)] : []),
  },
});

/** The older `bindings` resource (create only): the same as `pods/<name>/binding`. */
export const bindingDef = defineKind({
  group: '', version: 'v1', kind: 'Binding', plural: 'bindings', namespaced: true, verbs: ['create'],
});
