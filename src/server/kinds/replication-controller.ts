/**
 * The core/v1 kinds of the older workload API: ReplicationController (with its status and scale
 * sub-resources and a selector that is a plain map of labels) and PodTemplate, with the API
 * server's defaults and validation.
 */
import type { PodTemplateSpec, ReplicationController, ReplicationControllerStatus } from '../../sdk/types/generated/core-v1.js';
import { asNumber } from '../util/json.js';
import { fieldError, type FieldError } from '../validation/field-errors.js';
import { fromLabelMap, matchesLabels } from '../../machinery/labels/selector.js';
import { defineKind } from './define.js';
import { defaultPodTemplate, validatePodSpec } from './pod-spec.js';
import { templateLabelsMismatch } from './template-labels.js';
import { replicationControllerTable } from '../tables/workloads.js';
import { podTemplateTable } from '../tables/core.js';
import { validateLabelMap } from '../validation/object-meta.js';

function nonEmptyMap(m: Record<string, string> | undefined): Record<string, string> | undefined {
  return m && Object.keys(m).length > 0 ? m : undefined;
}

/**
 * SetDefaults_ReplicationController: the selector and, when the object has none, its labels come
 * from the template's labels; one replica.
 */
function defaultReplicationController(rc: ReplicationController): void {
  const spec = (rc.spec ??= {});
  const template = spec.template;
  const templateLabels = template?.metadata?.labels;
  if (templateLabels) {
    if (nonEmptyMap(spec.selector) === undefined) spec.selector = structuredClone(templateLabels);
    const meta = (rc.metadata ??= {});
    if (nonEmptyMap(meta.labels) === undefined) meta.labels = structuredClone(templateLabels);
  }
  spec.replicas ??= 1;
  defaultPodTemplate(template);
}

/** A count that must not be negative (`observedGeneration` is an int64: read through asNumber). */
function nonNegative(value: number | undefined, field: string): FieldError[] {
  const n = asNumber(value) ?? 0;
  return n < 0 ? [fieldError.invalid(field, n, 'must be greater than or equal to 0')] : [];
}

/** ValidatePodTemplateSpec: the template's labels, then its pod spec. */
function validatePodTemplateSpec(template: PodTemplateSpec, path: string, restartPolicies?: string[]): FieldError[] {
  return [...validateLabelMap(template.metadata?.labels, `${path}.metadata.labels`), ...validatePodSpec(template.spec, `${path}.spec`, restartPolicies)];
}

/** ValidateReplicationControllerSpec (and ValidatePodTemplateSpecForRC). */
function validateReplicationController(rc: ReplicationController): FieldError[] {
  const spec = rc.spec ?? {};
  const errs: FieldError[] = [...nonNegative(spec.minReadySeconds, 'spec.minReadySeconds')];
  const selector = nonEmptyMap(spec.selector);
  if (selector === undefined) errs.push(fieldError.required('spec.selector'));
  errs.push(...nonNegative(spec.replicas, 'spec.replicas'));
  const template = spec.template;
  if (!template) {
    errs.push(fieldError.required('spec.template'));
    return errs;
  }
  const labels = template.metadata?.labels;
  if (selector !== undefined && !matchesLabels(fromLabelMap(selector), labels)) {
    errs.push(templateLabelsMismatch('spec.template', labels));
  }
  errs.push(...validatePodTemplateSpec(template, 'spec.template', ['Always']));
  const deadline = template.spec?.activeDeadlineSeconds;
  if (deadline !== undefined && deadline !== null) errs.push(fieldError.invalid('spec.template.spec.activeDeadlineSeconds', deadline, 'must not be specified'));
  return errs;
}

/** ValidateReplicationControllerStatus. */
function validateReplicationControllerStatus(rc: ReplicationController): FieldError[] {
  const status: Partial<ReplicationControllerStatus> = rc.status ?? {};
  const errs: FieldError[] = [];
  for (const k of ['replicas', 'fullyLabeledReplicas', 'readyReplicas', 'availableReplicas', 'observedGeneration'] as const) errs.push(...nonNegative(status[k], `status.${k}`));
  const replicas = status.replicas ?? 0;
  const fullyLabeled = status.fullyLabeledReplicas ?? 0;
  const ready = status.readyReplicas ?? 0;
  const available = status.availableReplicas ?? 0;
  const msg = 'cannot be greater than status.replicas';
  if (fullyLabeled > replicas) errs.push(fieldError.invalid('status.fullyLabeledReplicas', fullyLabeled, msg));
  if (ready > replicas) errs.push(fieldError.invalid('status.readyReplicas', ready, msg));
  if (available > replicas) errs.push(fieldError.invalid('status.availableReplicas', available, msg));
  if (available > ready) errs.push(fieldError.invalid('status.availableReplicas', available, 'cannot be greater than readyReplicas'));
  return errs;
}

export const replicationControllerDef = defineKind({
  group: '', version: 'v1', kind: 'ReplicationController', plural: 'replicationcontrollers', shortNames: ['rc'], categories: ['all'], namespaced: true,
  tracksGeneration: true, status: true, table: replicationControllerTable,
  scale: { specReplicasPath: ['spec', 'replicas'], statusReplicasPath: ['status', 'replicas'], labelSelectorPath: ['spec', 'selector'], selectorForm: 'labels' },
  fieldSelectors: { 'status.replicas': (o) => String(o.status?.replicas ?? 0) },
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
    validate: (t) => validatePodTemplateSpec(t.template ?? {}, 'template'),
  },
});
