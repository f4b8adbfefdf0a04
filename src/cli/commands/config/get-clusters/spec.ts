import type { CommandSpec, FlagSpec } from '../../../framework/spec.js';
import type { FlagsOf } from '../../../framework/flag-reader.js';

const flags = [] as const satisfies readonly FlagSpec[];

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOf<typeof flags>;

/** `platformctl config get-clusters`. */
export const spec: CommandSpec<typeof flags> = {
  name: 'get-clusters',
  usage: '[flags] [options]',
  summary: 'Display clusters defined in the kubeconfig',
  description: 'Display clusters defined in the kubeconfig.',
  examples: [{ description: 'List the clusters that platformctl knows about', command: 'platformctl config get-clusters' }],
  flags,
  args: 'none',
  load: async () => (await import('./run.js')).run,
};
