/**
 * Kinds of the `batch` group (`batch/v1`): Job and CronJob.
 */
import type { Condition, KubeObject, LabelSelector, ObjectMeta } from './meta.js';
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
}

/** A Job. */
export interface Job extends KubeObject {
  spec?: JobSpec;
  status?: {
    conditions?: Condition[];
    startTime?: string;
    completionTime?: string;
    active?: number;
    succeeded?: number;
    failed?: number;
    ready?: number;
    completedIndexes?: string;
  };
}

/** A CronJob. */
export interface CronJob extends KubeObject {
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
