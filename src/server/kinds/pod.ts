/**
 * Pod (core/v1): defaults, the Pending status and QoS class set on create, field selectors, and the
 * spec immutability rules of updates.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { asArray, asObject, asString, jsonEqual } from '../util/json.js';
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

/** The spec with the fields an update may change blanked out. */
function mutableMasked(s: JsonObject): JsonObject {
  const copy = structuredClone(s);
  for (const list of ['containers', 'initContainers']) {
    for (const c of asArray(copy[list]) ?? []) {
      const container = asObject(c);
      if (container !== undefined) delete container.image;
    }
  }
  delete copy.activeDeadlineSeconds;
  delete copy.tolerations;
  delete copy.terminationGracePeriodSeconds;
  return copy;
}

function validateUpdate(obj: JsonObject, old: JsonObject): FieldError[] {
  const errs: FieldError[] = [];
  if (!jsonEqual(mutableMasked(spec(obj)), mutableMasked(spec(old)))) {
    errs.push(fieldError.forbidden('spec', POD_UPDATE_FORBIDDEN));
  }
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
