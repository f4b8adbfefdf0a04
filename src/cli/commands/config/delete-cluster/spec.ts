import type { CommandSpec, FlagSpec } from '../../../framework/spec.js';
import type { FlagsOf } from '../../../framework/flag-reader.js';

const flags = [] as const satisfies readonly FlagSpec[];

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOf<typeof flags>;

/** `platformctl config delete-cluster`. */
export const spec: CommandSpec<typeof flags> = {
  name: 'delete-cluster',
  usage: 'NAME [options]',
  summary: 'Delete the specified cluster from the kubeconfig',
  description: 'Delete the specified cluster from the kubeconfig.',
  examples: [{ description: 'Delete the minikube cluster', command: 'platformctl config delete-cluster minikube', notRunnable: 'needs a cluster named minikube' }],
  flags,
  args: 'clusters',
  load: async () => (await import('./run.js')).run,
};
