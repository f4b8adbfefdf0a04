/** `platformctl rollout resume`. */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { OUTPUT_FLAGS } from '../../../writes/object-output.js';
import { rolloutFlags } from '../shared/flags.js';

/** `rollout resume`. */
export const spec = defineCommand({
  name: 'resume',
  usage: 'RESOURCE',
  summary: 'Resume a paused resource',
  description: `Resume a paused resource.

 Paused resources will not be reconciled by a controller. By resuming a resource, we allow it to be reconciled again. Currently only deployments support being resumed.`,
  examples: [{ description: 'Resume an already paused deployment', command: `${BINARY_NAME} rollout resume deployment/web`, notRunnable: 'needs a paused deployment' }],
  flags: [...rolloutFlags('resume', `${BINARY_NAME}-rollout`), ...OUTPUT_FLAGS],
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
