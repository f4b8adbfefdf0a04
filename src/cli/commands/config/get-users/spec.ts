import type { CommandSpec, FlagSpec } from '../../../framework/spec.js';
import type { FlagsOf } from '../../../framework/flag-reader.js';

const flags = [] as const satisfies readonly FlagSpec[];

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOf<typeof flags>;

/** `platformctl config get-users`. */
export const spec: CommandSpec<typeof flags> = {
  name: 'get-users',
  usage: '[flags] [options]',
  summary: 'Display users defined in the kubeconfig',
  description: 'Display users defined in the kubeconfig.',
  examples: [{ description: 'List the users that platformctl knows about', command: 'platformctl config get-users' }],
  flags,
  args: 'none',
  load: async () => (await import('./run.js')).run,
};
