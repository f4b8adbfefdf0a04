import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';

/** `platformctl api-versions`. */
export const spec = defineCommand({
  name: 'api-versions',
  usage: '[options]',
  summary: 'Print the supported API versions on the server, in the form of "group/version"',
  description: 'Print the supported API versions on the server, in the form of "group/version".',
  group: 'Other Commands',
  examples: [
    { description: 'Print the supported API versions', command: `${BINARY_NAME} api-versions` },
  ],
  flags: [],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
