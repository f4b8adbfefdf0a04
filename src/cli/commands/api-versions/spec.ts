import { BINARY_NAME } from '../../../sdk/naming.js';
import type { CommandSpec } from '../../framework/spec.js';

/** `platformctl api-versions`. */
export const spec: CommandSpec = {
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
};
