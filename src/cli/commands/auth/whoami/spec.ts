/**
 * `platformctl auth whoami`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { OBJECT_OUTPUT_FLAGS } from '../../../output/index.js';

/** `auth whoami`. */
export const spec = defineCommand({
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
  flags: [...OBJECT_OUTPUT_FLAGS],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
