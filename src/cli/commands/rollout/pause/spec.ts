/** `platformctl rollout pause`. */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { OUTPUT_FLAGS } from '../../../writes/object-output.js';
import { rolloutFlags } from '../shared/flags.js';

/** `rollout pause`. */
export const spec = defineCommand({
  name: 'pause',
  usage: 'RESOURCE',
  summary: 'Mark the provided resource as paused',
  description: `Mark the provided resource as paused.

 Paused resources will not be reconciled by a controller. Use "${BINARY_NAME} rollout resume" to resume a paused resource. Currently only deployments support being paused.`,
  examples: [{ description: 'Mark the nginx deployment as paused; any current state of the deployment will continue its function; new updates to the deployment will not have an effect as long as the deployment is paused', command: `${BINARY_NAME} rollout pause deployment/web` }],
  flags: [...rolloutFlags('pause', `${BINARY_NAME}-rollout`), ...OUTPUT_FLAGS],
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
