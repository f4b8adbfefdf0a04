import type { CommandSpec } from '../../../framework/spec.js';

/** `platformctl config delete-user`. */
export const spec: CommandSpec = {
  name: 'delete-user',
  usage: 'NAME [options]',
  summary: 'Delete the specified user from the kubeconfig',
  description: 'Delete the specified user from the kubeconfig.',
  examples: [{ description: 'Delete the minikube user', command: 'platformctl config delete-user minikube', notRunnable: 'needs a user named minikube' }],
  flags: [],
  args: 'users',
  load: async () => (await import('./run.js')).run,
};
