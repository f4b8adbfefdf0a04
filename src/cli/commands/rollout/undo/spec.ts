/** `platformctl rollout undo`. */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { DRY_RUN_FLAG } from '../../../writes/dry-run.js';
import { OUTPUT_FLAGS } from '../../../writes/object-output.js';
import { rolloutFlags } from '../shared/flags.js';

/** `rollout undo`. */
export const spec = defineCommand({
  name: 'undo',
  usage: '(TYPE NAME | TYPE/NAME) [flags]',
  summary: 'Undo a previous rollout',
  description: 'Roll back to a previous rollout.',
  examples: [
    { description: 'Roll back to the previous deployment', command: `${BINARY_NAME} rollout undo deployment/abc`, notRunnable: 'needs a deployment with two revisions' },
    { description: 'Roll back to daemonset revision 3', command: `${BINARY_NAME} rollout undo daemonset/abc --to-revision=3`, notRunnable: 'needs a daemonset with three revisions' },
    { description: 'Roll back to the previous deployment with dry-run', command: `${BINARY_NAME} rollout undo --dry-run=server deployment/abc`, notRunnable: 'needs a deployment with two revisions' },
  ],
  flags: [
    ...rolloutFlags('undo'),
    DRY_RUN_FLAG,
    ...OUTPUT_FLAGS,
    { name: 'to-revision', type: 'int', default: 0, description: 'The revision to rollback to. Default to 0 (last revision).' },
  ],
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
