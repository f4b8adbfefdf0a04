/**
 * `create job --from=cronjob/X`: the Job kubectl makes from a CronJob: the job template's labels,
 * its annotations plus `cronjob.platform.io/instantiate: manual`, the cron job as controlling owner,
 * and the template's spec. kubectl reads the cron job into a typed object, so the spec comes back
 * with the fields Go always prints (`creationTimestamp: null` in the pod template, `resources: {}`
 * on containers) even when the server left them out; the same are added here.
 */
import { ANNOTATIONS } from '../../../../sdk/naming.js';
import type { KubeObject } from '../../../../sdk/types/meta.js';
import { jobSpecInFieldOrder } from './pod-field-order.js';
import { isStruct, type Struct, typedObject } from '../../../resource-builders/typed.js';

/** The resource of the Jobs `create job` makes. */
export const JOBS = { group: 'batch', version: 'v1', resource: 'jobs', namespaced: true, kind: 'Job' } as const;

function field(value: unknown, key: string): unknown {
  return isStruct(value) ? value[key] : undefined;
}

function stringMap(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (isStruct(value)) for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** Containers as Go prints them: `resources` is a struct, never left out. */
function typedContainers(list: unknown): unknown {
  if (!Array.isArray(list)) return list;
  return list.map((c: unknown) => (isStruct(c) && c.resources === undefined ? { ...c, resources: {} } : c));
}

/** A `PodTemplateSpec` as Go prints it after decoding. */
function typedPodTemplate(template: unknown): Struct {
  const t = isStruct(template) ? template : {};
  const metadata = isStruct(t.metadata) ? t.metadata : {};
  const spec = isStruct(t.spec) ? t.spec : {};
  const typedSpec: Struct = { ...spec };
  for (const key of ['initContainers', 'containers', 'ephemeralContainers']) {
    if (typedSpec[key] !== undefined) typedSpec[key] = typedContainers(typedSpec[key]);
  }
  if (typedSpec.containers === undefined) typedSpec.containers = null;
  return { ...t, metadata: { creationTimestamp: null, ...metadata }, spec: typedSpec };
}

/** The Job made from `cronJob` (an object the server returned). */
export function jobFromCronJob(name: string, namespace: string | undefined, cronJob: KubeObject): Struct {
  const jobTemplate = field(cronJob.spec, 'jobTemplate');
  const templateMeta = field(jobTemplate, 'metadata');
  const annotations = { [ANNOTATIONS.cronJobInstantiate]: 'manual', ...stringMap(field(templateMeta, 'annotations')) };
  const spec = field(jobTemplate, 'spec');
  const jobSpec = jobSpecInFieldOrder(isStruct(spec) ? { ...spec, template: typedPodTemplate(spec.template) } : { template: typedPodTemplate(undefined) });
  const ownerReferences = [{ apiVersion: 'batch/v1', kind: 'CronJob', name: cronJob.metadata?.name ?? '', uid: cronJob.metadata?.uid ?? '', controller: true }];
  return typedObject(JOBS, { name, namespace, labels: stringMap(field(templateMeta, 'labels')), annotations, ownerReferences }, { spec: jobSpec, status: {} });
}
