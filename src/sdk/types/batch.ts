/**
 * Kinds of the `batch` group (`batch/v1`): Job and CronJob.
 */
export type { CronJob, Job, JobSpec } from './generated/batch-v1.js';
