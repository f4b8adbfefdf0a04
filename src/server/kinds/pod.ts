/**
 * Pod (core/v1): defaults, the Pending status and QoS class set on create, field selectors, and the
 * spec immutability rules of updates.
 */
import type { Pod, PodSchedulingGate, PodSpec, Toleration } from '../../sdk/types/generated/core-v1.js';
import { childOf } from '../util/json.js';
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

/** A pod's spec as the checks read it: a pod without one reads as an empty spec. */
function spec(o: Pod): Partial<PodSpec> {
  return o.spec ?? {};
}

const POD_UPDATE_FORBIDDEN = 'pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)';

/**
 * The new spec with what an update may change taken from the old one (ValidatePodUpdate's munging):
 * images, activeDeadlineSeconds, tolerations and scheduling gates (checked on their own), and a
 * terminationGracePeriodSeconds set to 1 from a negative value.
 */
function munged(s: Partial<PodSpec>, old: Partial<PodSpec>): Partial<PodSpec> {
  const copy = structuredClone(s);
  for (const list of ['containers', 'initContainers'] as const) {
    const oldList = old[list] ?? [];
    (copy[list] ?? []).forEach((container, i) => {
      const was = oldList[i]?.image;
      if (was === undefined) delete container.image;
      else container.image = was;
    });
  }
  for (const key of ['activeDeadlineSeconds', 'tolerations', 'schedulingGates'] as const) takeField(copy, old, key);
  const oldGrace = old.terminationGracePeriodSeconds;
  if (typeof oldGrace === 'number' && oldGrace < 0 && copy.terminationGracePeriodSeconds === 1) copy.terminationGracePeriodSeconds = oldGrace;
  return copy;
}

/** Sets `to[key]` to `from[key]`, or deletes it when `from` has none. */
function takeField<O extends object, K extends keyof O>(to: O, from: O, key: K): void {
  if (from[key] === undefined) delete to[key];
  else to[key] = from[key];
}

/** Tolerations may be added; an existing one may change only its tolerationSeconds. */
function validateOnlyAddedTolerations(next: Toleration[] | undefined, old: Toleration[] | undefined): FieldError[] {
  const now = next ?? [];
  for (const was of old ?? []) {
    const found = now.some((t) => jsonEqual(withoutSeconds(was), withoutSeconds(t)));
    if (!found) return [fieldError.forbidden('spec.tolerations', 'existing toleration can not be modified except its tolerationSeconds')];
  }
  return [];
}

function withoutSeconds(t: Toleration): Toleration {
  const copy = { ...t };
  delete copy.tolerationSeconds;
  return copy;
}

/** Scheduling gates may only be removed. */
function validateOnlyDeletedSchedulingGates(next: PodSchedulingGate[] | undefined, old: PodSchedulingGate[] | undefined): FieldError[] {
  const had = new Set((old ?? []).map((g) => g.name ?? ''));
  const errs: FieldError[] = [];
  (next ?? []).forEach((g, i) => {
    const name = g.name ?? '';
    if (!had.has(name)) errs.push(fieldError.forbidden(`spec.schedulingGates[${i}].name`, `only deletion is allowed, but found new scheduling gate '${name}'`));
  });
  return errs;
}

function validateUpdate(obj: Pod, old: Pod): FieldError[] {
  const next = spec(obj);
  const was = spec(old);
  for (const list of ['containers', 'initContainers'] as const) {
    if ((next[list] ?? []).length !== (was[list] ?? []).length) {
      return [fieldError.forbidden(`spec.${list}`, 'pod updates may not add or remove containers')];
    }
  }
  const errs = [...validateOnlyAddedTolerations(next.tolerations, was.tolerations), ...validateOnlyDeletedSchedulingGates(next.schedulingGates, was.schedulingGates)];
  if (!jsonEqual(munged(next, was), was)) errs.push(fieldError.forbidden('spec', POD_UPDATE_FORBIDDEN));
  return errs;
}

/** ValidatePodSpec's checks of a pod (its ephemeral containers included). */
function validatePod(obj: Pod): FieldError[] {
  return [...validatePodSpec(obj.spec, 'spec'), ...validateEphemeralContainers(spec(obj), 'spec')];
}

/** ValidatePodCreate: ephemeral containers come only through the ephemeralcontainers sub-resource. */
function validatePodCreate(obj: Pod): FieldError[] {
  const ephemeral = obj.spec?.ephemeralContainers ?? [];
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
    'spec.nodeName': (o) => o.spec?.nodeName ?? '',
    'spec.restartPolicy': (o) => o.spec?.restartPolicy ?? '',
    'spec.schedulerName': (o) => o.spec?.schedulerName ?? '',
    'spec.serviceAccountName': (o) => o.spec?.serviceAccountName ?? '',
    'spec.hostNetwork': (o) => String(o.spec?.hostNetwork === true),
    'status.phase': (o) => o.status?.phase ?? '',
    'status.podIP': (o) => o.status?.podIP ?? '',
    'status.nominatedNodeName': (o) => o.status?.nominatedNodeName ?? '',
  },
  table: podTable,
  hooks: {
    defaults(obj) {
      // A pod without a spec gets an empty one to default (its containers are then required).
      childOf(obj, 'spec');
      defaultPodSpec(obj.spec);
      if (obj.spec) obj.spec.enableServiceLinks ??= true;
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
