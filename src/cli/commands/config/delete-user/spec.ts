import type { CommandSpec, FlagSpec } from '../../../framework/spec.js';
import type { FlagsOf } from '../../../framework/flag-reader.js';

const flags = [] as const satisfies readonly FlagSpec[];

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOf<typeof flags>;

/** `platformctl config delete-user`. */
export const spec: CommandSpec<typeof flags> = {
  name: 'delete-user',
  usage: 'NAME [options]',
  summary: 'Delete the specified user from the kubeconfig',
  description: 'Delete the specified user from the kubeconfig.',
  examples: [{ description: 'Delete the minikube user', command: 'platformctl config delete-user minikube', notRunnable: 'needs a user named minikube' }],
  flags,
  args: 'users',
  load: async () => (await import('./run.js')).run,
};
