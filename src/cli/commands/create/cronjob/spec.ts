/**
 * `platformctl create cronjob NAME --image=image --schedule='0/5 * * * ?' [-- COMMAND [args...]]`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { GENERATOR_FLAGS } from '../../../resource-builders/generated.js';
import { IMAGE_FLAG } from '../shared/image-flag.js';

/** `create cronjob`. */
export const spec = defineCommand({
  name: 'cronjob',
  aliases: ['cj'],
  usage: "NAME --image=image --schedule='0/5 * * * ?' -- [COMMAND] [args...] [flags] [options]",
  summary: 'Create a cron job with the specified name',
  description: 'Create a cron job with the specified name.',
  examples: [
    { description: 'Create a cron job', command: `${BINARY_NAME} create cronjob my-job --image=busybox --schedule="*/1 * * * *"` },
    { description: 'Create a cron job with a command', command: `${BINARY_NAME} create cronjob my-job-date --image=busybox --schedule="*/1 * * * *" -- date` },
  ],
  flags: [
    ...GENERATOR_FLAGS,
    IMAGE_FLAG,
    { name: 'restart', type: 'string', default: '', description: "job's restart policy. supported values: OnFailure, Never", complete: { kind: 'values', values: ['OnFailure', 'Never'] } },
    { name: 'schedule', type: 'string', default: '', description: 'A schedule in the Cron format the job should be run with.' },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
