/**
 * Table columns and cells of the workload kinds (apps/v1 and batch/v1).
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { TableColumnDefinition } from '../../sdk/types/table.js';
import type { TableDef } from '../registry/types.js';
import { humanDuration } from '../../sdk/types/human-duration.js';
import { asArray, asObject, asString, objectOrEmpty as obj, nameOf } from '../util/json.js';
import { formatLabels, formatObjectSelector, fromObjectSelector, selectorString } from '../../machinery/labels/selector.js';
import { AGE_COLUMN, NAME_COLUMN, ageOf, column, containerCells, int, since } from './common.js';

const CONTAINERS = column('Containers', 'string', 'Names of each container in the template.', 1);
const IMAGES = column('Images', 'string', 'Images referenced by each container in the template.', 1);
const SELECTOR = column('Selector', 'string', 'A label query over pods that should match the replica count.', 1);

function templateSpec(o: JsonObject): unknown {
  return obj(obj(o.spec).template).spec;
}

/** What a workload kind's table adds between the Name and the Age columns, and its Selector column. */
interface WorkloadColumns {
  /** The kind's own columns, after Name. */
  columns: TableColumnDefinition[];
  /** Their cells, in column order. */
  cells(o: JsonObject, now: number): unknown[];
  /** The Selector column (wide) and its cell; StatefulSets have none. */
  selector?: { column: TableColumnDefinition; cell(o: JsonObject): string };
  /** The spec of the pods it runs (a CronJob's is inside its job template). */
  podSpec?(o: JsonObject): unknown;
}

/**
 * A workload's table as kubectl's printers lay every pod-template kind out: Name, the kind's own
 * columns, Age, then the wide Containers, Images and Selector columns.
 */
function workloadTable(w: WorkloadColumns): TableDef {
  const podSpec = w.podSpec ?? templateSpec;
  const selector = w.selector;
  return {
    columns: [NAME_COLUMN, ...w.columns, AGE_COLUMN, CONTAINERS, IMAGES, ...(selector === undefined ? [] : [selector.column])],
    cells(o, now) {
      const [names, images] = containerCells(podSpec(o));
      return [nameOf(o), ...w.cells(o, now), ageOf(o, now), names, images, ...(selector === undefined ? [] : [selector.cell(o)])];
    },
  };
}

/** The Selector column of the kinds whose `spec.selector` is a LabelSelector. */
const LABEL_SELECTOR = { column: SELECTOR, cell: (o: JsonObject) => formatObjectSelector(obj(o.spec).selector) };

export const deploymentTable = workloadTable({
  columns: [
    column('Ready', 'string', 'Number of the pod with ready state'),
    column('Up-to-date', 'string', 'Total number of non-terminating pods targeted by this deployment that have the desired template spec.'),
    column('Available', 'string', 'Total number of available non-terminating pods (ready for at least minReadySeconds) targeted by this deployment.'),
  ],
  cells(d) {
    const spec = obj(d.spec);
    const status = obj(d.status);
    return [`${int(status.readyReplicas)}/${int(spec.replicas)}`, int(status.updatedReplicas), int(status.availableReplicas)];
  },
  selector: {
    column: SELECTOR,
    cell(d) {
      const selector = obj(d.spec).selector;
      return asObject(selector) === undefined ? '' : selectorString(fromObjectSelector(selector));
    },
  },
});

/** Desired, Current and Ready replicas: the ReplicaSet's and the ReplicationController's own columns. */
function replicaCells(o: JsonObject): unknown[] {
  const status = obj(o.status);
  return [int(obj(o.spec).replicas), int(status.replicas), int(status.readyReplicas)];
}

export const replicaSetTable = workloadTable({
  columns: [
    column('Desired', 'integer', 'Replicas is the number of desired pods.'),
    column('Current', 'integer', 'Replicas is the most recently observed number of non-terminating pods.'),
    column('Ready', 'integer', 'The number of non-terminating pods targeted by this ReplicaSet with a Ready Condition.'),
  ],
  cells: replicaCells,
  selector: LABEL_SELECTOR,
});

export const replicationControllerTable = workloadTable({
  columns: [
    column('Desired', 'integer', 'Replicas is the number of desired replicas. This is a pointer to distinguish between explicit zero and unspecified. Defaults to 1. More info: https://platform.io/docs/concepts/workloads/controllers/replicationcontroller#what-is-a-replicationcontroller'),
    column('Current', 'integer', 'Replicas is the most recently observed number of replicas. More info: https://platform.io/docs/concepts/workloads/controllers/replicationcontroller#what-is-a-replicationcontroller'),
    column('Ready', 'integer', 'The number of ready replicas for this replication controller.'),
  ],
  cells: replicaCells,
  selector: {
    column: column('Selector', 'string', 'Selector is a label query over pods that should match the Replicas count. If Selector is empty, it is defaulted to the labels present on the Pod template. Label keys and values that must match in order to be controlled by this replication controller, if empty defaulted to labels on Pod template. More info: https://platform.io/docs/concepts/overview/working-with-objects/labels/#label-selectors', 1),
    cell: (rc) => formatLabels(obj(rc.spec).selector),
  },
});

export const statefulSetTable = workloadTable({
  columns: [column('Ready', 'string', 'Number of the pod with ready state')],
  cells: (s) => [`${int(obj(s.status).readyReplicas)}/${int(obj(s.spec).replicas)}`],
});

export const daemonSetTable = workloadTable({
  columns: [
    column('Desired', 'integer', 'The total number of nodes that should be running the daemon pod.'),
    column('Current', 'integer', 'The number of nodes that are running at least 1 daemon pod and are supposed to run the daemon pod.'),
    column('Ready', 'integer', 'The number of nodes that should be running the daemon pod and have one or more of the daemon pod running with a Ready Condition.'),
    column('Up-to-date', 'integer', 'The total number of nodes that are running updated daemon pod'),
    column('Available', 'integer', 'The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and available.'),
    column('Node Selector', 'string', "NodeSelector is a selector which must be true for the pod to fit on a node."),
  ],
  cells(ds) {
    const status = obj(ds.status);
    return [int(status.desiredNumberScheduled), int(status.currentNumberScheduled), int(status.numberReady), int(status.updatedNumberScheduled),
      int(status.numberAvailable), formatLabels(obj(templateSpec(ds)).nodeSelector)];
  },
  selector: LABEL_SELECTOR,
});

function hasCondition(status: JsonObject, type: string): boolean {
  const c = (asArray(status.conditions) ?? []).find((x) => obj(x).type === type);
  return c !== undefined && obj(c).status === 'True';
}

export const jobTable = workloadTable({
  columns: [
    column('Status', 'string', 'Status of the job.'),
    column('Completions', 'string', 'The number of pods which reached phase Succeeded.'),
    column('Duration', 'string', 'Time required to complete the job.'),
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
    return [state, completions, duration];
  },
  selector: LABEL_SELECTOR,
});

function jobTemplateSpec(cj: JsonObject): JsonObject {
  return obj(obj(obj(cj.spec).jobTemplate).spec);
}

export const cronJobTable = workloadTable({
  columns: [
    column('Schedule', 'string', 'The schedule in Cron format, see https://en.wikipedia.org/wiki/Cron.'),
    column('Timezone', 'string', 'The time zone name for the given schedule.'),
    column('Suspend', 'boolean', 'This flag tells the controller to suspend subsequent executions, it does not apply to already started executions.  Defaults to false.'),
    column('Active', 'integer', 'A list of pointers to currently running jobs.'),
    column('Last Schedule', 'string', 'Information when was the last time the job was successfully scheduled.'),
  ],
  cells(cj, now) {
    const spec = obj(cj.spec);
    const status = obj(cj.status);
    const last = asString(status.lastScheduleTime);
    return [asString(spec.schedule) ?? '', asString(spec.timeZone) ?? '<none>', typeof spec.suspend === 'boolean' ? (spec.suspend ? 'True' : 'False') : '<unset>',
      (asArray(status.active) ?? []).length, last === undefined ? '<none>' : since(last, now)];
  },
  selector: { column: SELECTOR, cell: (cj) => formatObjectSelector(jobTemplateSpec(cj).selector) },
  podSpec: (cj) => obj(jobTemplateSpec(cj).template).spec,
});
