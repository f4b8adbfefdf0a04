/** `platformctl rollout status`. */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { rolloutFlags } from '../shared/flags.js';

/** `rollout status`. */
export const spec = defineCommand({
  name: 'status',
  usage: '(TYPE NAME | TYPE/NAME) [flags]',
  summary: 'Show the status of the rollout',
  description: [
    'Show the status of the rollout.',
    '',
    " By default 'rollout status' will watch the status of the latest rollout until it's done. If you don't want to wait for the rollout to finish then you can use --watch=false. Note that if a new rollout starts in-between, then 'rollout status' will continue watching the latest revision. If you want to pin to a specific revision and abort if it is rolled over by another revision, use --revision=N where N is the revision you need to watch for.",
  ].join('\n'),
  examples: [
    { description: 'Watch the rollout status of a deployment', command: `${BINARY_NAME} rollout status deployment/nginx`, notRunnable: 'waits until the deployment nginx is rolled out' },
    { description: 'Show the rollout status of a deployment once, without waiting', command: `${BINARY_NAME} rollout status deployment/web --watch=false` },
  ],
  flags: [
    ...rolloutFlags('status'),
    { name: 'revision', type: 'int', default: 0, description: 'Pin to a specific revision for showing its status. Defaults to 0 (last revision).' },
    { name: 'timeout', type: 'duration', default: '0s', description: 'The length of time to wait before ending watch, zero means never. Any other values should contain a corresponding time unit (e.g. 1s, 2m, 3h).' },
    { name: 'watch', short: 'w', type: 'bool', default: true, description: 'Watch the status of the rollout until it\'s done.' },
  ],
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
