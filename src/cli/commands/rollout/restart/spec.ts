/** `platformctl rollout restart`. */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { OUTPUT_FLAGS } from '../../../writes/object-output.js';
import { rolloutFlags } from '../shared/flags.js';

/** `rollout restart`. */
export const spec = defineCommand({
  name: 'restart',
  usage: 'RESOURCE',
  summary: 'Restart a resource',
  description: [
    'Restart a resource.',
    '',
    '        Resource rollout will be restarted.',
  ].join('\n'),
  examples: [
    { description: 'Restart all deployments in the test-namespace namespace', command: `${BINARY_NAME} rollout restart deployment -n test-namespace`, notRunnable: 'needs the namespace test-namespace' },
    { description: 'Restart a deployment', command: `${BINARY_NAME} rollout restart deployment/web` },
    { description: 'Restart a daemon set', command: `${BINARY_NAME} rollout restart daemonset/abc`, notRunnable: 'needs a daemonset' },
    { description: 'Restart deployments with the app=web label', command: `${BINARY_NAME} rollout restart deployment --selector=app=web` },
  ],
  flags: [...rolloutFlags('restart', `${BINARY_NAME}-rollout`), ...OUTPUT_FLAGS],
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
