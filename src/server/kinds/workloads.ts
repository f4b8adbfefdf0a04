/**
 * Workload kinds: Deployment, ReplicaSet, StatefulSet, DaemonSet (apps/v1), Job and CronJob
 * (batch/v1), with their defaults, selector checks and scale/status sub-resources.
 */
import { LABELS } from '../../sdk/naming.js';
import type { DaemonSet, Deployment, DeploymentSpec, ReplicaSet, StatefulSet } from '../../sdk/types/generated/apps-v1.js';
import type { CronJob, Job, JobSpec } from '../../sdk/types/generated/batch-v1.js';
import { childOf } from '../util/json.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import { fieldError, supportedValue, type FieldError } from '../validation/field-errors.js';
import { fromObjectSelector, matchesLabels } from '../../machinery/labels/selector.js';
import type { KindHooks } from '../registry/types.js';
import { defineKind, WORKLOAD_SCALE } from './define.js';
import { defaultPodTemplate, validatePodSpec } from './pod-spec.js';
import { specDefaults } from './spec-defaults.js';
import { templateLabelsMismatch } from './template-labels.js';
import { cronJobTable, daemonSetTable, deploymentTable, jobTable, replicaSetTable, statefulSetTable } from '../tables/workloads.js';

/** What the defaults and checks of a workload read of its spec. */
type SelectedTemplate = Partial<Pick<DeploymentSpec, 'replicas' | 'selector' | 'template'>>;

/** A workload whose spec has a selector and a pod template. */
type TemplatedWorkload = Deployment | ReplicaSet | StatefulSet | DaemonSet | Job;

/** Selector required, non-empty, and matching the template's labels. */
function validateSelectorAndTemplate(o: TemplatedWorkload, templatePath: string, restartPolicies?: string[], requireSelector = true): FieldError[] {
  const errs: FieldError[] = [];
  const s: SelectedTemplate = o.spec ?? {};
  const selector = s.selector;
  if (!selector) {
    if (requireSelector) errs.push(fieldError.required('spec.selector'));
  } else if (Object.keys(selector.matchLabels ?? {}).length === 0 && (selector.matchExpressions ?? []).length === 0) {
    errs.push(fieldError.invalid('spec.selector', selector, 'empty selector is invalid for deployment'));
  }
  const template = s.template;
  if (!template) {
    errs.push(fieldError.required(templatePath));
    return errs;
  }
  const labels = template.metadata?.labels;
  if (selector && !matchesLabels(fromObjectSelector(selector), labels)) {
    errs.push(templateLabelsMismatch(templatePath, labels));
  }
  errs.push(...validatePodSpec(template.spec, `${templatePath}.spec`, restartPolicies));
  return errs;
}

function validateReplicas(o: Deployment | ReplicaSet | StatefulSet): FieldError[] {
  const r = o.spec?.replicas;
  if (r !== undefined && (typeof r !== 'number' || r < 0 || !Number.isInteger(r))) {
    return [fieldError.invalid('spec.replicas', r, 'must be greater than or equal to 0')];
  }
  return [];
}

function selectorImmutable(o: TemplatedWorkload, old: TemplatedWorkload): FieldError[] {
  if (!jsonEqual(o.spec?.selector, old.spec?.selector)) {
    return [fieldError.immutable('spec.selector', o.spec?.selector ?? null)];
  }
  return [];
}

/**
 * The hooks of the replicated pod-template kinds (Deployment, ReplicaSet, StatefulSet):
 * `spec.replicas` defaults to 1 before the kind's own defaults and the template's, and is checked
 * with the selector and the template (pods restart Always), the selector immutable.
 */
function replicatedHooks<W extends Deployment | ReplicaSet | StatefulSet>(defaultSpec: (s: NonNullable<W['spec']>) => void = () => undefined): KindHooks<W> {
  return {
    defaults: specDefaults<W>((s) => {
      const read: SelectedTemplate = s;
      read.replicas ??= 1;
      defaultSpec(s);
      defaultPodTemplate(read.template);
    }),
    validate: (o) => [...validateReplicas(o), ...validateSelectorAndTemplate(o, 'spec.template', ['Always'])],
    validateUpdate: (o, old) => selectorImmutable(o, old),
  };
}

export const deploymentDef = defineKind({
  group: 'apps', version: 'v1', kind: 'Deployment', plural: 'deployments', shortNames: ['deploy'], categories: ['all'], namespaced: true,
  tracksGeneration: true, status: true, scale: WORKLOAD_SCALE, table: deploymentTable,
  hooks: replicatedHooks<Deployment>((s) => {
    const strategy = (s.strategy ??= { type: 'RollingUpdate' });
    if (strategy.type === undefined) strategy.type = 'RollingUpdate';
    if (strategy.type === 'RollingUpdate') {
      const ru = (strategy.rollingUpdate ??= {});
      ru.maxUnavailable ??= '25%';
      ru.maxSurge ??= '25%';
    }
    s.revisionHistoryLimit ??= 10;
    s.progressDeadlineSeconds ??= 600;
  }),
});

export const replicaSetDef = defineKind({
  group: 'apps', version: 'v1', kind: 'ReplicaSet', plural: 'replicasets', shortNames: ['rs'], categories: ['all'], namespaced: true,
  tracksGeneration: true, status: true, scale: WORKLOAD_SCALE, table: replicaSetTable,
  fieldSelectors: { 'status.replicas': (o) => String(o.status?.replicas ?? 0) },
  hooks: replicatedHooks<ReplicaSet>(),
});

export const statefulSetDef = defineKind({
  group: 'apps', version: 'v1', kind: 'StatefulSet', plural: 'statefulsets', shortNames: ['sts'], categories: ['all'], namespaced: true,
  tracksGeneration: true, status: true, scale: WORKLOAD_SCALE, table: statefulSetTable,
  hooks: replicatedHooks<StatefulSet>((s) => {
    s.podManagementPolicy ??= 'OrderedReady';
    s.updateStrategy ??= { type: 'RollingUpdate', rollingUpdate: { partition: 0 } };
    s.revisionHistoryLimit ??= 10;
    s.persistentVolumeClaimRetentionPolicy ??= { whenDeleted: 'Retain', whenScaled: 'Retain' };
  }),
});

export const daemonSetDef = defineKind({
  group: 'apps', version: 'v1', kind: 'DaemonSet', plural: 'daemonsets', shortNames: ['ds'], categories: ['all'], namespaced: true,
  tracksGeneration: true, status: true, table: daemonSetTable,
  hooks: {
    defaults: specDefaults<DaemonSet>((s) => {
      s.updateStrategy ??= { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } };
      s.revisionHistoryLimit ??= 10;
      defaultPodTemplate(s.template);
    }),
    validate: (o) => validateSelectorAndTemplate(o, 'spec.template', ['Always']),
    validateUpdate: (o, old) => selectorImmutable(o, old),
  },
});

const JOB_UID_LABEL = LABELS.jobControllerUid;
const JOB_NAME_LABEL = LABELS.jobName;

function generateJobSelector(job: Job): void {
  childOf(job, 'spec');
  const s = job.spec;
  if (!s || s.manualSelector === true) return;
  const uid = job.metadata?.uid ?? '';
  const name = job.metadata?.name ?? '';
  const template = (s.template ??= {});
  const tmeta = (template.metadata ??= {});
  const labels = (tmeta.labels ??= {});
  labels[JOB_UID_LABEL] = uid;
  labels[JOB_NAME_LABEL] = name;
  labels['controller-uid'] = uid;
  labels['job-name'] = name;
  if (s.selector === undefined) s.selector = { matchLabels: { [JOB_UID_LABEL]: uid } };
}

/** The defaults of a job's spec that a CronJob's job template gets too (not the completions and parallelism). */
function defaultJobSpec(s: JobSpec): void {
  s.backoffLimit ??= 6;
  s.completionMode ??= 'NonIndexed';
  s.suspend ??= false;
  s.podReplacementPolicy ??= 'TerminatingOrFailed';
  defaultPodTemplate(s.template);
}

export const jobDef = defineKind({
  group: 'batch', version: 'v1', kind: 'Job', plural: 'jobs', categories: ['all'], namespaced: true,
  tracksGeneration: true, status: true, defaultPropagation: 'Orphan', table: jobTable,
  fieldSelectors: { 'status.successful': (o) => String(o.status?.succeeded ?? 0) },
  hooks: {
    defaults: specDefaults<Job>((s) => {
      if (s.completions === undefined && s.parallelism === undefined) {
        s.completions = 1;
        s.parallelism = 1;
      }
      s.parallelism ??= 1;
      defaultJobSpec(s);
    }),
    prepareForCreate(o) {
      generateJobSelector(o);
    },
    validate: (o) => validateSelectorAndTemplate(o, 'spec.template', ['OnFailure', 'Never'], false),
    validateUpdate(o, old) {
      const errs = selectorImmutable(o, old);
      const a = o.spec;
      const b = old.spec;
      if (!jsonEqual(a?.template, b?.template) && b?.suspend !== true) {
        errs.push(fieldError.immutable('spec.template', '{...}'));
      }
      if (!jsonEqual(a?.completions, b?.completions)) errs.push(fieldError.immutable('spec.completions', a?.completions ?? null));
      return errs;
    },
  },
});

export const cronJobDef = defineKind({
  group: 'batch', version: 'v1', kind: 'CronJob', plural: 'cronjobs', shortNames: ['cj'], categories: ['all'], namespaced: true,
  tracksGeneration: true, status: true, table: cronJobTable,
  hooks: {
    defaults: specDefaults<CronJob>((s) => {
      s.concurrencyPolicy ??= 'Allow';
      s.suspend ??= false;
      s.successfulJobsHistoryLimit ??= 3;
      s.failedJobsHistoryLimit ??= 1;
      const jobSpec = s.jobTemplate?.spec;
      if (jobSpec) defaultJobSpec(jobSpec);
    }),
    validate(o) {
      const errs: FieldError[] = [];
      const s = o.spec;
      const schedule = s?.schedule ?? '';
      if (schedule === '') errs.push(fieldError.required('spec.schedule'));
      else if (!validSchedule(schedule)) errs.push(fieldError.invalid('spec.schedule', schedule, 'unparseable schedule'));
      supportedValue(errs, 'spec.concurrencyPolicy', s?.concurrencyPolicy, ['Allow', 'Forbid', 'Replace']);
      const jobTemplate = s?.jobTemplate;
      if (!jobTemplate) errs.push(fieldError.required('spec.jobTemplate'));
      else errs.push(...validatePodSpec(jobTemplate.spec?.template?.spec, 'spec.jobTemplate.spec.template.spec', ['OnFailure', 'Never']));
      return errs;
    },
  },
});
/** Five cron fields, or a `@hourly`-style macro. */
function validSchedule(schedule: string): boolean {
  if (/^@(yearly|annually|monthly|weekly|daily|midnight|hourly)$/.test(schedule)) return true;
  if (/^@every\s+\S+$/.test(schedule)) return true;
  const fields = schedule.replace(/^(TZ|CRON_TZ)=\S+\s+/, '').trim().split(/\s+/);
  return fields.length === 5 && fields.every((f) => /^[\d*/,\-?A-Za-z]+$/.test(f));
}
