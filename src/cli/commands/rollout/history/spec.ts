/** `platformctl rollout history`. */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { OUTPUT_FLAGS } from '../../../writes/object-output.js';
import { rolloutFlags } from '../shared/flags.js';

/** `rollout history`. */
export const spec = defineCommand({
  name: 'history',
  usage: '(TYPE NAME | TYPE/NAME) [flags]',
  summary: 'View rollout history',
  description: 'View previous rollout revisions and configurations.',
  examples: [
    { description: 'View the rollout history of a deployment', command: `${BINARY_NAME} rollout history deployment/web` },
    { description: 'View the details of daemonset revision 3', command: `${BINARY_NAME} rollout history daemonset/abc --revision=3`, notRunnable: 'needs a daemonset with three revisions' },
  ],
  flags: [
    ...rolloutFlags('history'),
    ...OUTPUT_FLAGS,
    { name: 'revision', type: 'int', default: 0, description: 'See the details, including podTemplate of the revision specified' },
  ],
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
