/**
 * Schemas of batch/v1: Jobs and CronJobs.
 * Field numbers are those of the published generated.proto; descriptions are our own.
 */
import { GROUPS } from '../../../naming.js';
import type { StructSchema } from '../../../../machinery/schema/type-schema.js';
import { atomicList, kind, message, named, setList } from './build.js';
import { POD_TEMPLATE_SPEC } from './core-pods.js';
import { CONDITION_STATUS, POD_CONDITION_TYPE } from './core-values.js';
import { OBJECT_REFERENCE } from './core-volumes.js';
import { LABEL_SELECTOR, OBJECT_META, UID } from './meta.js';
import { BOOLEAN, INT32, INT64, STRING, TIME } from './scalars.js';

/** Values of `v1.CompletionMode`. */
export const COMPLETION_MODE = named(STRING, 'v1.CompletionMode', ['Indexed', 'NonIndexed']);
/** Values of `v1.PodReplacementPolicy`. */
export const POD_REPLACEMENT_POLICY = named(STRING, 'v1.PodReplacementPolicy', ['Failed', 'TerminatingOrFailed']);
/** Values of `v1.PodFailurePolicyAction`. */
export const POD_FAILURE_POLICY_ACTION = named(STRING, 'v1.PodFailurePolicyAction', ['Count', 'FailIndex', 'FailJob', 'Ignore']);
/** Values of `v1.PodFailurePolicyOnExitCodesOperator`. */
export const POD_FAILURE_POLICY_ON_EXIT_CODES_OPERATOR = named(STRING, 'v1.PodFailurePolicyOnExitCodesOperator', ['In', 'NotIn']);
/** `v1.JobConditionType`. */
export const JOB_CONDITION_TYPE = named(STRING, 'v1.JobConditionType');
/** Values of `v1.ConcurrencyPolicy`. */
export const CONCURRENCY_POLICY = named(STRING, 'v1.ConcurrencyPolicy', ['Allow', 'Forbid', 'Replace']);

/** PodFailurePolicyOnExitCodesRequirement (batch/v1). */
export const POD_FAILURE_POLICY_ON_EXIT_CODES_REQUIREMENT: StructSchema = message('api.batch.v1', 'PodFailurePolicyOnExitCodesRequirement', 'A condition on the exit codes of a failed pod\'s containers.', {
  containerName: [1, STRING, 'Only this container; any container when empty.', 'p'],
  operator: [2, POD_FAILURE_POLICY_ON_EXIT_CODES_OPERATOR, 'In or NotIn the values.', 're'],
  values: [3, setList({}, INT32), 'Exit codes, unique and sorted; 0 is not allowed with In.', 're'],
});

/** PodFailurePolicyOnPodConditionsPattern (batch/v1). */
export const POD_FAILURE_POLICY_ON_POD_CONDITIONS_PATTERN: StructSchema = message('api.batch.v1', 'PodFailurePolicyOnPodConditionsPattern', 'A pod condition to match.', {
  type: [1, POD_CONDITION_TYPE, 'Condition type.', 're'],
  status: [2, CONDITION_STATUS, 'Condition status; True by default.', 're'],
});

/** PodFailurePolicyRule (batch/v1). */
export const POD_FAILURE_POLICY_RULE: StructSchema = message('api.batch.v1', 'PodFailurePolicyRule', 'What to do when a failed pod matches.', {
  action: [1, POD_FAILURE_POLICY_ACTION, 'FailJob, FailIndex, Ignore (does not count against backoffLimit) or Count (counts, the default behaviour).', 're'],
  onExitCodes: [2, POD_FAILURE_POLICY_ON_EXIT_CODES_REQUIREMENT, 'Match by container exit codes.', 'p'],
  onPodConditions: [3, atomicList(POD_FAILURE_POLICY_ON_POD_CONDITIONS_PATTERN), 'Match by pod conditions; any pattern matches.'],
});

/** PodFailurePolicy (batch/v1). */
export const POD_FAILURE_POLICY: StructSchema = message('api.batch.v1', 'PodFailurePolicy', 'Rules that decide what a pod failure means for a job; the first matching rule applies.', {
  rules: [1, atomicList(POD_FAILURE_POLICY_RULE), 'The rules, in order.', 're'],
});

/** SuccessPolicyRule (batch/v1). */
export const SUCCESS_POLICY_RULE: StructSchema = message('api.batch.v1', 'SuccessPolicyRule', 'A success criterion of an Indexed job.', {
  succeededIndexes: [1, STRING, 'Indexes that must succeed, as a list of numbers and ranges (`1,3-5`).', 'p'],
  succeededCount: [2, INT32, 'How many of those indexes must succeed.', 'p'],
});

/** SuccessPolicy (batch/v1). */
export const SUCCESS_POLICY: StructSchema = message('api.batch.v1', 'SuccessPolicy', 'When an Indexed job succeeds early; any rule suffices.', {
  rules: [1, atomicList(SUCCESS_POLICY_RULE), 'The rules.', 're'],
});

/** JobSpec (batch/v1). */
export const JOB_SPEC: StructSchema = message('api.batch.v1', 'JobSpec', 'The desired behaviour of a job.', {
  parallelism: [1, INT32, 'The most pods running at once; 1 by default. 0 pauses the job.', 'p'],
  completions: [2, INT32, 'How many pods must succeed; unset means the first success completes the job once no pod runs.', 'p'],
  activeDeadlineSeconds: [3, INT64, 'Seconds the job may run (from its start) before it is failed and its pods stopped.', 'p'],
  podFailurePolicy: [11, POD_FAILURE_POLICY, 'How pod failures count against backoffLimit, by exit code or pod condition.', 'p'],
  successPolicy: [16, SUCCESS_POLICY, 'When an Indexed job counts as succeeded before all indexes complete.', 'p'],
  backoffLimit: [7, INT32, 'Retries before the job is failed; 6 by default.', 'p'],
  backoffLimitPerIndex: [12, INT32, 'Retries per index of an Indexed job before that index fails.', 'p'],
  maxFailedIndexes: [13, INT32, 'With backoffLimitPerIndex: how many indexes may fail before the whole job fails.', 'p'],
  selector: [4, LABEL_SELECTOR, 'Labels of the job\'s pods; generated by the server unless manualSelector is set.', 'p'],
  manualSelector: [5, BOOLEAN, 'Use the given selector instead of a generated one; rarely needed.', 'p'],
  template: [6, POD_TEMPLATE_SPEC, 'The pods to run; restartPolicy must be Never or OnFailure.', 're'],
  ttlSecondsAfterFinished: [8, INT32, 'Seconds after the job finishes before it is deleted automatically; never when unset.', 'p'],
  completionMode: [9, COMPLETION_MODE, 'NonIndexed (the default: every completion counts) or Indexed (each index 0 .. completions-1 must succeed once).', 'p'],
  suspend: [10, BOOLEAN, 'Stop running the job: its pods are deleted and none are created until it is resumed.', 'p'],
  podReplacementPolicy: [14, POD_REPLACEMENT_POLICY, 'When a replacement pod is made: TerminatingOrFailed (as soon as the old one terminates) or Failed (once it has fully failed).', 'p'],
  managedBy: [15, STRING, 'The controller in charge of the job; the built-in one when unset. Cannot be changed.', 'p'],
});

/** JobCondition (batch/v1). */
export const JOB_CONDITION: StructSchema = message('api.batch.v1', 'JobCondition', 'A condition of a job.', {
  type: [1, JOB_CONDITION_TYPE, 'Complete, Failed, Suspended, FailureTarget or SuccessCriteriaMet.', 're'],
  status: [2, CONDITION_STATUS, 'Whether the condition holds: True, False or Unknown.', 're'],
  lastProbeTime: [3, TIME, 'When the condition was last checked.'],
  lastTransitionTime: [4, TIME, 'When the status last changed.'],
  reason: [5, STRING, 'A CamelCase word for why the condition has its status, for programs.'],
  message: [6, STRING, 'A human-readable explanation of the condition.'],
});

/** UncountedTerminatedPods (batch/v1). */
export const UNCOUNTED_TERMINATED_PODS: StructSchema = message('api.batch.v1', 'UncountedTerminatedPods', 'UIDs of finished pods the controller has not yet counted.', {
  succeeded: [1, setList({}, UID), 'Pods that succeeded.'],
  failed: [2, setList({}, UID), 'Pods that failed.'],
});

/** JobStatus (batch/v1). */
export const JOB_STATUS: StructSchema = message('api.batch.v1', 'JobStatus', 'The observed state of a job.', {
  conditions: [1, atomicList(JOB_CONDITION, { key: 'type' }), 'The job\'s conditions (Complete, Failed, Suspended, FailureTarget, SuccessCriteriaMet).'],
  startTime: [2, TIME, 'When the job controller started working on the job.', 'p'],
  completionTime: [3, TIME, 'When the job completed successfully.', 'p'],
  active: [4, INT32, 'Pods running or pending.'],
  succeeded: [5, INT32, 'Pods that succeeded.'],
  failed: [6, INT32, 'Pods that failed.'],
  terminating: [11, INT32, 'Pods terminating (with a deletion timestamp).', 'p'],
  completedIndexes: [7, STRING, 'Indexes that succeeded, as numbers and ranges (`1,3-5`).'],
  failedIndexes: [10, STRING, 'Indexes that failed, as numbers and ranges.', 'p'],
  uncountedTerminatedPods: [8, UNCOUNTED_TERMINATED_PODS, 'Finished pods not yet counted in the status.', 'p'],
  ready: [9, INT32, 'Pods that are ready.', 'p'],
});

/** Job (batch/v1). */
export const JOB: StructSchema = kind('api.batch.v1', 'Job', [{ group: GROUPS.batch, version: 'v1', kind: 'Job' }], 'A task run by pods until a given number of them succeed.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, JOB_SPEC, 'The desired behaviour of the job.'],
  status: [3, JOB_STATUS, 'The observed state of the job. Read-only.'],
});

/** JobTemplateSpec (batch/v1). */
export const JOB_TEMPLATE_SPEC: StructSchema = message('api.batch.v1', 'JobTemplateSpec', 'The job a cron job creates.', {
  metadata: [1, OBJECT_META, 'Labels and annotations of the created jobs.'],
  spec: [2, JOB_SPEC, 'The spec of the created jobs.'],
});

/** CronJobSpec (batch/v1). */
export const CRON_JOB_SPEC: StructSchema = message('api.batch.v1', 'CronJobSpec', 'The schedule of a cron job and the job it creates.', {
  schedule: [1, STRING, 'The schedule in cron format (`*/5 * * * *`, `@hourly` ...).', 're'],
  timeZone: [8, STRING, 'Time zone of the schedule (`Europe/Paris`); the controller\'s local time when empty.', 'p'],
  startingDeadlineSeconds: [2, INT64, 'Seconds after a missed start time during which the job may still start; missed runs after that are skipped.', 'p'],
  concurrencyPolicy: [3, CONCURRENCY_POLICY, 'Allow (the default), Forbid (skip a run while the last still runs) or Replace (cancel the running one).'],
  suspend: [4, BOOLEAN, 'Stop creating new jobs; running ones continue.', 'p'],
  jobTemplate: [5, JOB_TEMPLATE_SPEC, 'The job to create.', 're'],
  successfulJobsHistoryLimit: [6, INT32, 'Successful jobs to keep; 3 by default.', 'p'],
  failedJobsHistoryLimit: [7, INT32, 'Failed jobs to keep; 1 by default.', 'p'],
});

/** CronJobStatus (batch/v1). */
export const CRON_JOB_STATUS: StructSchema = message('api.batch.v1', 'CronJobStatus', 'The observed state of a cron job.', {
  active: [1, atomicList(OBJECT_REFERENCE), 'Jobs currently running.'],
  lastScheduleTime: [4, TIME, 'When a job was last scheduled.', 'p'],
  lastSuccessfulTime: [5, TIME, 'When a job last completed successfully.', 'p'],
});

/** CronJob (batch/v1). */
export const CRON_JOB: StructSchema = kind('api.batch.v1', 'CronJob', [{ group: GROUPS.batch, version: 'v1', kind: 'CronJob' }], 'A job created on a schedule.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, CRON_JOB_SPEC, 'The schedule and the job to create.'],
  status: [3, CRON_JOB_STATUS, 'The observed state of the cron job. Read-only.'],
});
