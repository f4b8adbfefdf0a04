import type { CommandSpec, FlagSpec } from '../../../framework/spec.js';
import type { FlagsOf } from '../../../framework/flag-reader.js';

const flags = [] as const satisfies readonly FlagSpec[];

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOf<typeof flags>;

/** `platformctl config delete-context`. */
export const spec: CommandSpec<typeof flags> = {
  name: 'delete-context',
  usage: 'NAME [options]',
  summary: 'Delete the specified context from the kubeconfig',
  description: 'Delete the specified context from the kubeconfig.',
  examples: [{ description: 'Delete the context for the minikube cluster', command: 'platformctl config delete-context minikube', notRunnable: 'needs a context named minikube' }],
  flags,
  args: 'contexts',
  load: async () => (await import('./run.js')).run,
};
