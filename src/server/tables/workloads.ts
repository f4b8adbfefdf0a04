/**
 * Table columns and cells of the workload kinds (apps/v1 and batch/v1).
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { TableDef } from '../registry/types.js';
import { humanDuration } from '../../sdk/types/human-duration.js';
import { asArray, asObject, asString } from '../util/json.js';
import { formatLabels, formatObjectSelector, fromObjectSelector, selectorString } from '../../machinery/labels/selector.js';
import { AGE_COLUMN, NAME_COLUMN, ageOf, column, containerCells, int, nameOf, since } from './common.js';

function obj(v: unknown): JsonObject {
  return asObject(v) ?? {};
}

const CONTAINERS = column('Containers', 'string', 'Names of each container in the template.', 1);
const IMAGES = column('Images', 'string', 'Images referenced by each container in the template.', 1);
const SELECTOR = column('Selector', 'string', 'A label query over pods that should match the replica count.', 1);

function templateSpec(o: JsonObject): unknown {
  return obj(obj(o.spec).template).spec;
}

export const deploymentTable: TableDef = {
  columns: [
    NAME_COLUMN,
    column('Ready', 'string', 'Number of the pod with ready state'),
    column('Up-to-date', 'string', 'Total number of non-terminating pods targeted by this deployment that have the desired template spec.'),
    column('Available', 'string', 'Total number of available non-terminating pods (ready for at least minReadySeconds) targeted by this deployment.'),
    AGE_COLUMN, CONTAINERS, IMAGES, SELECTOR,
  ],
  cells(d, now) {
    const spec = obj(d.spec);
    const status = obj(d.status);
    const [names, images] = containerCells(templateSpec(d));
    const sel = asObject(spec.selector) === undefined ? '' : selectorString(fromObjectSelector(spec.selector));
    return [nameOf(d), `${int(status.readyReplicas)}/${int(spec.replicas)}`, int(status.updatedReplicas), int(status.availableReplicas), ageOf(d, now), names, images, sel];
  },
};

export const replicaSetTable: TableDef = {
  columns: [
    NAME_COLUMN,
    column('Desired', 'integer', 'Replicas is the number of desired pods.'),
    column('Current', 'integer', 'Replicas is the most recently observed number of non-terminating pods.'),
    column('Ready', 'integer', 'The number of non-terminating pods targeted by this ReplicaSet with a Ready Condition.'),
    AGE_COLUMN, CONTAINERS, IMAGES, SELECTOR,
  ],
  cells(rs, now) {
    const spec = obj(rs.spec);
    const status = obj(rs.status);
    const [names, images] = containerCells(templateSpec(rs));
    return [nameOf(rs), int(spec.replicas), int(status.replicas), int(status.readyReplicas), ageOf(rs, now), names, images, formatObjectSelector(spec.selector)];
  },
};

export const replicationControllerTable: TableDef = {
  columns: [
    NAME_COLUMN,
    column('Desired', 'integer', 'Replicas is the number of desired replicas. This is a pointer to distinguish between explicit zero and unspecified. Defaults to 1. More info: https://platform.io/docs/concepts/workloads/controllers/replicationcontroller#what-is-a-replicationcontroller'),
    column('Current', 'integer', 'Replicas is the most recently observed number of replicas. More info: https://platform.io/docs/concepts/workloads/controllers/replicationcontroller#what-is-a-replicationcontroller'),
    column('Ready', 'integer', 'The number of ready replicas for this replication controller.'),
    AGE_COLUMN, CONTAINERS, IMAGES,
    column('Selector', 'string', 'Selector is a label query over pods that should match the Replicas count. If Selector is empty, it is defaulted to the labels present on the Pod template. Label keys and values that must match in order to be controlled by this replication controller, if empty defaulted to labels on Pod template. More info: https://platform.io/docs/concepts/overview/working-with-objects/labels/#label-selectors', 1),
  ],
  cells(rc, now) {
    const spec = obj(rc.spec);
    const status = obj(rc.status);
    const [names, images] = containerCells(templateSpec(rc));
    return [nameOf(rc), int(spec.replicas), int(status.replicas), int(status.readyReplicas), ageOf(rc, now), names, images, formatLabels(spec.selector)];
  },
};

export const statefulSetTable: TableDef = {
  columns: [NAME_COLUMN, column('Ready', 'string', 'Number of the pod with ready state'), AGE_COLUMN, CONTAINERS, IMAGES],
  cells(s, now) {
    const [names, images] = containerCells(templateSpec(s));
    return [nameOf(s), `${int(obj(s.status).readyReplicas)}/${int(obj(s.spec).replicas)}`, ageOf(s, now), names, images];
  },
};

export const daemonSetTable: TableDef = {
  columns: [
    NAME_COLUMN,
    column('Desired', 'integer', 'The total number of nodes that should be running the daemon pod.'),
    column('Current', 'integer', 'The number of nodes that are running at least 1 daemon pod and are supposed to run the daemon pod.'),
    column('Ready', 'integer', 'The number of nodes that should be running the daemon pod and have one or more of the daemon pod running with a Ready Condition.'),
    column('Up-to-date', 'integer', 'The total number of nodes that are running updated daemon pod'),
    column('Available', 'integer', 'The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and available.'),
    column('Node Selector', 'string', "NodeSelector is a selector which must be true for the pod to fit on a node."),
    AGE_COLUMN, CONTAINERS, IMAGES, SELECTOR,
  ],
  cells(ds, now) {
    const status = obj(ds.status);
    const [names, images] = containerCells(templateSpec(ds));
    return [nameOf(ds), int(status.desiredNumberScheduled), int(status.currentNumberScheduled), int(status.numberReady), int(status.updatedNumberScheduled),
      int(status.numberAvailable), formatLabels(obj(templateSpec(ds)).nodeSelector), ageOf(ds, now), names, images, formatObjectSelector(obj(ds.spec).selector)];
  },
};

function hasCondition(status: JsonObject, type: string): boolean {
  const c = (asArray(status.conditions) ?? []).find((x) => obj(x).type === type);
  return c !== undefined && obj(c).status === 'True';
}

export const jobTable: TableDef = {
  columns: [
    NAME_COLUMN,
    column('Status', 'string', 'Status of the job.'),
    column('Completions', 'string', 'The number of pods which reached phase Succeeded.'),
    column('Duration', 'string', 'Time required to complete the job.'),
    AGE_COLUMN, CONTAINERS, IMAGES, SELECTOR,
  ],
  cells(job, now) {
    const spec = obj(job.spec);
    const status = obj(job.status);
    const succeeded = int(status.succeeded);
    let completions: string;
    if (typeof spec.completions === 'number') completions = `${succeeded}/${int(spec.completions)}`;
    else {
      const parallelism = int(spec.parallelism);
      completions = parallelism > 1 ? `${succeeded}/1 of ${parallelism}` : `${succeeded}/1`;
    }
    let duration = '';
    const start = asString(status.startTime);
    const completion = asString(status.completionTime);
    if (start !== undefined) {
      duration = completion === undefined ? since(start, now) : humanDuration(Date.parse(completion) - Date.parse(start));
    }
    let state: string;
    if (hasCondition(status, 'Complete')) state = 'Complete';
    else if (hasCondition(status, 'Failed')) state = 'Failed';
    else if (typeof obj(job.metadata).deletionTimestamp === 'string') state = 'Terminating';
    else if (hasCondition(status, 'Suspended')) state = 'Suspended';
    else if (hasCondition(status, 'FailureTarget')) state = 'FailureTarget';
    else state = 'Running';
    const [names, images] = containerCells(templateSpec(job));
    return [nameOf(job), state, completions, duration, ageOf(job, now), names, images, formatObjectSelector(spec.selector)];
  },
};

export const cronJobTable: TableDef = {
  columns: [
    NAME_COLUMN,
    column('Schedule', 'string', 'The schedule in Cron format, see https://en.wikipedia.org/wiki/Cron.'),
    column('Timezone', 'string', 'The time zone name for the given schedule.'),
    column('Suspend', 'boolean', 'This flag tells the controller to suspend subsequent executions, it does not apply to already started executions.  Defaults to false.'),
    column('Active', 'integer', 'A list of pointers to currently running jobs.'),
    column('Last Schedule', 'string', 'Information when was the last time the job was successfully scheduled.'),
    AGE_COLUMN, CONTAINERS, IMAGES, SELECTOR,
  ],
  cells(cj, now) {
    const spec = obj(cj.spec);
    const status = obj(cj.status);
    const jobSpec = obj(obj(spec.jobTemplate).spec);
    const [names, images] = containerCells(obj(jobSpec.template).spec);
    const last = asString(status.lastScheduleTime);
    return [nameOf(cj), asString(spec.schedule) ?? '', asString(spec.timeZone) ?? '<none>', typeof spec.suspend === 'boolean' ? (spec.suspend ? 'True' : 'False') : '<unset>',
      (asArray(status.active) ?? []).length, last === undefined ? '<none>' : since(last, now), ageOf(cj, now), names, images, formatObjectSelector(jobSpec.selector)];
  },
};
