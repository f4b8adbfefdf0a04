/**
 * Kinds of the `batch` group (`batch/v1`): Job and CronJob.
 */
import type { Condition, LabelSelector, ObjectBase, ObjectMeta } from './meta.js';
import type { ObjectReference, PodTemplateSpec } from './core.js';

/** The desired state of a Job. */
export interface JobSpec {
  parallelism?: number;
  completions?: number;
  completionMode?: 'NonIndexed' | 'Indexed' | string;
  activeDeadlineSeconds?: number;
  backoffLimit?: number;
  selector?: LabelSelector;
  manualSelector?: boolean;
  template?: PodTemplateSpec;
  ttlSecondsAfterFinished?: number;
  suspend?: boolean;
  backoffLimitPerIndex?: number;
  maxFailedIndexes?: number;
  podReplacementPolicy?: 'TerminatingOrFailed' | 'Failed' | string;
  podFailurePolicy?: {
    rules: {
      action: 'FailJob' | 'FailIndex' | 'Ignore' | 'Count' | string;
      onExitCodes?: { containerName?: string; operator: 'In' | 'NotIn' | string; values: number[] };
      onPodConditions?: { type: string; status: string }[];
    }[];
  };
  successPolicy?: { rules: { succeededIndexes?: string; succeededCount?: number }[] };
  managedBy?: string;
}

/** A Job. */
export interface Job extends ObjectBase {
  kind?: 'Job';
  spec?: JobSpec;
  status?: {
    conditions?: Condition[];
    startTime?: string;
    completionTime?: string;
    active?: number;
    succeeded?: number;
    failed?: number;
    ready?: number;
    terminating?: number;
    completedIndexes?: string;
    failedIndexes?: string;
    uncountedTerminatedPods?: { succeeded?: string[]; failed?: string[] };
  };
}

/** A CronJob. */
export interface CronJob extends ObjectBase {
  kind?: 'CronJob';
  spec?: {
    schedule: string;
    timeZone?: string;
    startingDeadlineSeconds?: number;
    concurrencyPolicy?: 'Allow' | 'Forbid' | 'Replace' | string;
    suspend?: boolean;
    jobTemplate: { metadata?: ObjectMeta; spec?: JobSpec };
    successfulJobsHistoryLimit?: number;
    failedJobsHistoryLimit?: number;
  };
  status?: { active?: ObjectReference[]; lastScheduleTime?: string; lastSuccessfulTime?: string };
}
