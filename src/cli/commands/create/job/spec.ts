/**
 * `platformctl create job NAME --image=image [--from=cronjob/name] [-- COMMAND [args...]]`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { GENERATOR_FLAGS } from '../../../resource-builders/generated.js';
import { IMAGE_FLAG } from '../shared/image-flag.js';

/** `create job`. */
export const spec = defineCommand({
  name: 'job',
  usage: 'NAME --image=image [--from=cronjob/name] -- [COMMAND] [args...] [options]',
  summary: 'Create a job with the specified name',
  description: 'Create a job with the specified name.',
  examples: [
    { description: 'Create a job', command: `${BINARY_NAME} create job my-job --image=busybox` },
    { description: 'Create a job with a command', command: `${BINARY_NAME} create job my-job-date --image=busybox -- date` },
    { description: 'Create a job from a cron job named "a-cronjob"', command: `${BINARY_NAME} create job test-job --from=cronjob/a-cronjob`, notRunnable: 'needs the cron job a-cronjob' },
  ],
  flags: [
    ...GENERATOR_FLAGS,
    { name: 'from', type: 'string', default: '', description: 'The name of the resource to create a Job from (only cronjob is supported).' },
    IMAGE_FLAG,
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
