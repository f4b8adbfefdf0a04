/**
 * The core/v1 kinds of the older workload API: ReplicationController (with its status and scale
 * sub-resources and a selector that is a plain map of labels) and PodTemplate, with the API
 * server's defaults and validation.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { asNumber, asObject, metaOf } from '../util/json.js';
import { fieldError, type FieldError } from '../validation/field-errors.js';
import { fromLabelMap, matchesLabels } from '../../machinery/labels/selector.js';
import { defineKind } from './define.js';
import { defaultPodTemplate, validatePodSpec } from './pod-spec.js';
import { templateLabelsMismatch } from './template-labels.js';
import { replicationControllerTable } from '../tables/workloads.js';
import { podTemplateTable } from '../tables/core.js';
import { validateLabelMap } from '../validation/object-meta.js';

function readSpec(o: JsonObject): JsonObject {
  return asObject(o.spec) ?? {};
}

function nonEmptyMap(v: unknown): JsonObject | undefined {
  const m = asObject(v);
  return m !== undefined && Object.keys(m).length > 0 ? m : undefined;
}

/**
 * SetDefaults_ReplicationController: the selector and, when the object has none, its labels come
 * from the template's labels; one replica.
 */
function defaultReplicationController(rc: JsonObject): void {
  const spec = asObject(rc.spec) ?? {};
  rc.spec = spec;
  const template = asObject(spec.template);
  const templateLabels = asObject(asObject(template?.metadata)?.labels);
  if (templateLabels !== undefined) {
    if (nonEmptyMap(spec.selector) === undefined) spec.selector = structuredClone(templateLabels);
    const meta = metaOf(rc);
    if (nonEmptyMap(meta.labels) === undefined) meta.labels = structuredClone(templateLabels);
  }
  spec.replicas ??= 1;
  defaultPodTemplate(template);
}

function nonNegative(value: unknown, field: string): FieldError[] {
  const n = asNumber(value) ?? 0;
  return n < 0 ? [fieldError.invalid(field, n, 'must be greater than or equal to 0')] : [];
}

/** ValidatePodTemplateSpec: the template's labels, then its pod spec. */
function validatePodTemplateSpec(template: JsonObject, path: string, restartPolicies?: string[]): FieldError[] {
  const labels = asObject(asObject(template.metadata)?.labels);
  return [...validateLabelMap(labels, `${path}.metadata.labels`), ...validatePodSpec(template.spec, `${path}.spec`, restartPolicies)];
}

/** ValidateReplicationControllerSpec (and ValidatePodTemplateSpecForRC). */
function validateReplicationController(rc: JsonObject): FieldError[] {
  const spec = readSpec(rc);
  const errs: FieldError[] = [...nonNegative(spec.minReadySeconds, 'spec.minReadySeconds')];
  const selector = nonEmptyMap(spec.selector);
  if (selector === undefined) errs.push(fieldError.required('spec.selector'));
  errs.push(...nonNegative(spec.replicas, 'spec.replicas'));
  const template = asObject(spec.template);
  if (template === undefined) {
    errs.push(fieldError.required('spec.template'));
    return errs;
  }
  const labels = asObject(asObject(template.metadata)?.labels);
  if (selector !== undefined && !matchesLabels(fromLabelMap(selector), labels)) {
    errs.push(templateLabelsMismatch('spec.template', labels));
  }
  errs.push(...validatePodTemplateSpec(template, 'spec.template', ['Always']));
  const deadline = asObject(template.spec)?.activeDeadlineSeconds;
  if (deadline !== undefined && deadline !== null) errs.push(fieldError.invalid('spec.template.spec.activeDeadlineSeconds', deadline, 'must not be specified'));
  return errs;
}

/** ValidateReplicationControllerStatus. */
function validateReplicationControllerStatus(rc: JsonObject): FieldError[] {
  const status = asObject(rc.status) ?? {};
  const n = (k: string): number => asNumber(status[k]) ?? 0;
  const errs: FieldError[] = [];
  for (const k of ['replicas', 'fullyLabeledReplicas', 'readyReplicas', 'availableReplicas', 'observedGeneration']) errs.push(...nonNegative(status[k], `status.${k}`));
  const msg = 'cannot be greater than status.replicas';
  if (n('fullyLabeledReplicas') > n('replicas')) errs.push(fieldError.invalid('status.fullyLabeledReplicas', n('fullyLabeledReplicas'), msg));
  if (n('readyReplicas') > n('replicas')) errs.push(fieldError.invalid('status.readyReplicas', n('readyReplicas'), msg));
  if (n('availableReplicas') > n('replicas')) errs.push(fieldError.invalid('status.availableReplicas', n('availableReplicas'), msg));
  if (n('availableReplicas') > n('readyReplicas')) errs.push(fieldError.invalid('status.availableReplicas', n('availableReplicas'), 'cannot be greater than readyReplicas'));
  return errs;
}

export const replicationControllerDef = defineKind({
  group: '', version: 'v1', kind: 'ReplicationController', plural: 'replicationcontrollers', shortNames: ['rc'], categories: ['all'], namespaced: true,
  tracksGeneration: true, status: true, table: replicationControllerTable,
  scale: { specReplicasPath: ['spec', 'replicas'], statusReplicasPath: ['status', 'replicas'], labelSelectorPath: ['spec', 'selector'], selectorForm: 'labels' },
  fieldSelectors: { 'status.replicas': (o) => String(asNumber(asObject(o.status)?.replicas) ?? 0) },
  hooks: {
    defaults: defaultReplicationController,
    prepareForCreate(rc) {
      rc.status = { replicas: 0 };
    },
    validate: validateReplicationController,
    validateStatusUpdate: (rc) => validateReplicationControllerStatus(rc),
  },
});

export const podTemplateDef = defineKind({
  group: '', version: 'v1', kind: 'PodTemplate', plural: 'podtemplates', namespaced: true, tracksGeneration: true, table: podTemplateTable,
  hooks: {
    defaults(t) {
      t.template ??= {};
      defaultPodTemplate(t.template);
    },
    validate: (t) => validatePodTemplateSpec(asObject(t.template) ?? {}, 'template'),
  },
});
