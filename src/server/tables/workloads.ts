/**
 * Table columns and cells of the workload kinds (apps/v1 and batch/v1).
 */
import type { TableColumnDefinition } from '../../sdk/types/table.js';
import type { PodSpec, PodTemplateSpec, ReplicationController } from '../../sdk/types/generated/core-v1.js';
import type { DaemonSet, Deployment, ReplicaSet, StatefulSet } from '../../sdk/types/generated/apps-v1.js';
import type { CronJob, Job, JobStatus } from '../../sdk/types/generated/batch-v1.js';
import type { TableDef } from '../registry/types.js';
import { humanDuration, timestampAge } from '../../sdk/types/human-duration.js';
import { asString } from '../util/json.js';
import { formatLabels, formatObjectSelector, fromObjectSelector, selectorString } from '../../machinery/labels/selector.js';
import { column, containerCells, int, nameAgeTable, type ColumnRun } from './common.js';

const CONTAINERS = column('Containers', 'string', 'Names of each container in the template.', 1);
const IMAGES = column('Images', 'string', 'Images referenced by each container in the template.', 1);
const SELECTOR = column('Selector', 'string', 'A label query over pods that should match the replica count.', 1);

/** The kinds whose pods are made from `spec.template`. */
type TemplatedWorkload = Deployment | ReplicaSet | ReplicationController | StatefulSet | DaemonSet | Job;

function templateSpec(o: TemplatedWorkload): PodSpec | undefined {
  const template: PodTemplateSpec | undefined = o.spec?.template;
  return template?.spec;
}

/** What a workload kind's table adds between the Name and the Age columns, and its Selector column. */
interface WorkloadColumns<T extends TemplatedWorkload | CronJob> extends ColumnRun<T> {
  /** The Selector column (wide) and its cell; StatefulSets have none. */
  selector?: { column: TableColumnDefinition; cell(o: T): string };
  /** The spec of the pods it runs (a CronJob's is inside its job template). */
  podSpec(o: T): PodSpec | undefined;
}

/**
 * A workload's table as kubectl's printers lay every pod-template kind out: Name, the kind's own
 * columns, Age, then the wide Containers, Images and Selector columns.
 */
function workloadTable<T extends TemplatedWorkload | CronJob>(w: WorkloadColumns<T>): TableDef<T> {
  const selector = w.selector;
  return nameAgeTable(w, {
    columns: [CONTAINERS, IMAGES, ...(selector === undefined ? [] : [selector.column])],
    cells: (o) => [...containerCells(w.podSpec(o)), ...(selector === undefined ? [] : [selector.cell(o)])],
  });
}

/** The Selector column of the kinds whose `spec.selector` is a LabelSelector. */
const LABEL_SELECTOR = { column: SELECTOR, cell: (o: ReplicaSet | DaemonSet | Job) => formatObjectSelector(o.spec?.selector) };

/** The Ready column of Deployments and StatefulSets: ready replicas of the desired ones. */
const READY_OF_DESIRED = column('Ready', 'string', 'Number of the pod with ready state');

function readyOfDesired(o: Deployment | StatefulSet): string {
  return `${int(o.status?.readyReplicas)}/${int(o.spec?.replicas)}`;
}

export const deploymentTable = workloadTable<Deployment>({
  columns: [
    READY_OF_DESIRED,
    column('Up-to-date', 'string', 'Total number of non-terminating pods targeted by this deployment that have the desired template spec.'),
    column('Available', 'string', 'Total number of available non-terminating pods (ready for at least minReadySeconds) targeted by this deployment.'),
  ],
  cells: (d) => [readyOfDesired(d), int(d.status?.updatedReplicas), int(d.status?.availableReplicas)],
  selector: {
    column: SELECTOR,
    cell(d) {
      const selector = d.spec?.selector;
      return selector === undefined ? '' : selectorString(fromObjectSelector(selector));
    },
  },
  podSpec: templateSpec,
});

/** Desired, Current and Ready replicas: the ReplicaSet's and the ReplicationController's own columns. */
function replicaCells(o: ReplicaSet | ReplicationController): unknown[] {
  return [int(o.spec?.replicas), int(o.status?.replicas), int(o.status?.readyReplicas)];
}

export const replicaSetTable = workloadTable<ReplicaSet>({
  columns: [
    column('Desired', 'integer', 'Replicas is the number of desired pods.'),
    column('Current', 'integer', 'Replicas is the most recently observed number of non-terminating pods.'),
    column('Ready', 'integer', 'The number of non-terminating pods targeted by this ReplicaSet with a Ready Condition.'),
  ],
  cells: replicaCells,
  selector: LABEL_SELECTOR,
  podSpec: templateSpec,
});

export const replicationControllerTable = workloadTable<ReplicationController>({
  columns: [
    column('Desired', 'integer', 'Replicas is the number of desired replicas. This is a pointer to distinguish between explicit zero and unspecified. Defaults to 1. More info: https://platform.io/docs/concepts/workloads/controllers/replicationcontroller#what-is-a-replicationcontroller'),
    column('Current', 'integer', 'Replicas is the most recently observed number of replicas. More info: https://platform.io/docs/concepts/workloads/controllers/replicationcontroller#what-is-a-replicationcontroller'),
    column('Ready', 'integer', 'The number of ready replicas for this replication controller.'),
  ],
  cells: replicaCells,
  selector: {
    column: column('Selector', 'string', 'Selector is a label query over pods that should match the Replicas count. If Selector is empty, it is defaulted to the labels present on the Pod template. Label keys and values that must match in order to be controlled by this replication controller, if empty defaulted to labels on Pod template. More info: https://platform.io/docs/concepts/overview/working-with-objects/labels/#label-selectors', 1),
    cell: (rc) => formatLabels(rc.spec?.selector),
  },
  podSpec: templateSpec,
});

export const statefulSetTable = workloadTable<StatefulSet>({
  columns: [READY_OF_DESIRED],
  cells: (s) => [readyOfDesired(s)],
  podSpec: templateSpec,
});

export const daemonSetTable = workloadTable<DaemonSet>({
  columns: [
    column('Desired', 'integer', 'The total number of nodes that should be running the daemon pod.'),
    column('Current', 'integer', 'The number of nodes that are running at least 1 daemon pod and are supposed to run the daemon pod.'),
    column('Ready', 'integer', 'The number of nodes that should be running the daemon pod and have one or more of the daemon pod running with a Ready Condition.'),
    column('Up-to-date', 'integer', 'The total number of nodes that are running updated daemon pod'),
    column('Available', 'integer', 'The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and available.'),
    column('Node Selector', 'string', "NodeSelector is a selector which must be true for the pod to fit on a node."),
  ],
  cells(ds) {
    const status = ds.status;
    return [int(status?.desiredNumberScheduled), int(status?.currentNumberScheduled), int(status?.numberReady), int(status?.updatedNumberScheduled),
      int(status?.numberAvailable), formatLabels(templateSpec(ds)?.nodeSelector)];
  },
  selector: LABEL_SELECTOR,
  podSpec: templateSpec,
});

function hasCondition(status: JobStatus | undefined, type: string): boolean {
  const c = (status?.conditions ?? []).find((x) => x.type === type);
  return c !== undefined && c.status === 'True';
}

export const jobTable = workloadTable<Job>({
  columns: [
    column('Status', 'string', 'Status of the job.'),
    column('Completions', 'string', 'The number of pods which reached phase Succeeded.'),
    column('Duration', 'string', 'Time required to complete the job.'),
  ],
  cells(job, now) {
    const spec = job.spec;
    const status = job.status;
    const succeeded = int(status?.succeeded);
    let completions: string;
    if (typeof spec?.completions === 'number') completions = `${succeeded}/${int(spec.completions)}`;
    else {
      const parallelism = int(spec?.parallelism);
      completions = parallelism > 1 ? `${succeeded}/1 of ${parallelism}` : `${succeeded}/1`;
    }
    let duration = '';
    // Times through asString: a time the server wrote itself may be null.
    const start = asString(status?.startTime);
    const completion = asString(status?.completionTime);
    if (start !== undefined) {
      duration = completion === undefined ? timestampAge(start, now) : humanDuration(Date.parse(completion) - Date.parse(start));
    }
    let state: string;
    if (hasCondition(status, 'Complete')) state = 'Complete';
    else if (hasCondition(status, 'Failed')) state = 'Failed';
    else if (typeof job.metadata?.deletionTimestamp === 'string') state = 'Terminating';
    else if (hasCondition(status, 'Suspended')) state = 'Suspended';
    else if (hasCondition(status, 'FailureTarget')) state = 'FailureTarget';
    else state = 'Running';
    return [state, completions, duration];
  },
  selector: LABEL_SELECTOR,
  podSpec: templateSpec,
});

export const cronJobTable = workloadTable<CronJob>({
  columns: [
    column('Schedule', 'string', 'The schedule in Cron format, see https://en.wikipedia.org/wiki/Cron.'),
    column('Timezone', 'string', 'The time zone name for the given schedule.'),
    column('Suspend', 'boolean', 'This flag tells the controller to suspend subsequent executions, it does not apply to already started executions.  Defaults to false.'),
    column('Active', 'integer', 'A list of pointers to currently running jobs.'),
    column('Last Schedule', 'string', 'Information when was the last time the job was successfully scheduled.'),
  ],
  cells(cj, now) {
    const spec = cj.spec;
    const last = asString(cj.status?.lastScheduleTime);
    return [spec?.schedule ?? '', spec?.timeZone ?? '<none>', typeof spec?.suspend === 'boolean' ? (spec.suspend ? 'True' : 'False') : '<unset>',
      (cj.status?.active ?? []).length, last === undefined ? '<none>' : timestampAge(last, now)];
  },
  selector: { column: SELECTOR, cell: (cj) => formatObjectSelector(cj.spec?.jobTemplate?.spec?.selector) },
  podSpec: (cj) => cj.spec?.jobTemplate?.spec?.template?.spec,
});
