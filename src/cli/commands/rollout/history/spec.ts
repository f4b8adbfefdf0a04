/** `platformctl rollout history`. */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import type { CommandSpec, FlagSpec } from '../../../framework/spec.js';
import type { FlagsOf } from '../../../framework/flag-reader.js';
import { OUTPUT_FLAGS } from '../../../writes/object-output.js';
import { rolloutFlags } from '../shared/flags.js';

const flags = [
  ...rolloutFlags('history'),
  ...OUTPUT_FLAGS,
  { name: 'revision', type: 'int', default: 0, description: 'See the details, including podTemplate of the revision specified' },
] as const satisfies readonly FlagSpec[];

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOf<typeof flags>;

/** `rollout history`. */
export const spec: CommandSpec<typeof flags> = {
  name: 'history',
  usage: '(TYPE NAME | TYPE/NAME) [flags]',
  summary: 'View rollout history',
  description: 'View previous rollout revisions and configurations.',
  examples: [
    { description: 'View the rollout history of a deployment', command: `${BINARY_NAME} rollout history deployment/web` },
    { description: 'View the details of daemonset revision 3', command: `${BINARY_NAME} rollout history daemonset/abc --revision=3`, notRunnable: 'needs a daemonset with three revisions' },
  ],
  flags,
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
};
