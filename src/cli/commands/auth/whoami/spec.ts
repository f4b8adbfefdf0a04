/**
 * `platformctl auth whoami`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import type { CommandSpec, FlagSpec } from '../../../framework/spec.js';
import type { FlagsOf } from '../../../framework/flag-reader.js';
import { OBJECT_OUTPUT_FLAGS } from '../../../output/index.js';

const flags = [...OBJECT_OUTPUT_FLAGS] as const satisfies readonly FlagSpec[];

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOf<typeof flags>;

/** `auth whoami`. */
export const spec: CommandSpec<typeof flags> = {
  name: 'whoami',
  usage: '',
  summary: 'Check self subject attributes',
  description: [
    'Check who you are and your attributes (groups, extra).',
    '',
    ' This command is helpful to get yourself aware of the current user attributes, especially when dynamic authentication, e.g., token webhook, auth proxy, or OIDC provider, is enabled in the cluster.',
  ].join('\n'),
  examples: [
    { description: 'Get your subject attributes', command: `${BINARY_NAME} auth whoami` },
    { description: 'Get your subject attributes in JSON format', command: `${BINARY_NAME} auth whoami -o json` },
  ],
  flags,
  args: 'none',
  load: async () => (await import('./run.js')).run,
};
