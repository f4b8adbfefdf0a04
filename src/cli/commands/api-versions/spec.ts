import { BINARY_NAME } from '../../../sdk/naming.js';
import type { CommandSpec, FlagSpec } from '../../framework/spec.js';
import type { FlagsOf } from '../../framework/flag-reader.js';

const flags = [] as const satisfies readonly FlagSpec[];

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOf<typeof flags>;

/** `platformctl api-versions`. */
export const spec: CommandSpec<typeof flags> = {
  name: 'api-versions',
  usage: '[options]',
  summary: 'Print the supported API versions on the server, in the form of "group/version"',
  description: 'Print the supported API versions on the server, in the form of "group/version".',
  group: 'Other Commands',
  examples: [
    { description: 'Print the supported API versions', command: `${BINARY_NAME} api-versions` },
  ],
  flags,
  args: 'none',
  load: async () => (await import('./run.js')).run,
};
