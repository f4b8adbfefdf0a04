import { defineCommand } from '../../../framework/define-command.js';

/** `platformctl config delete-user`. */
export const spec = defineCommand({
  name: 'delete-user',
  usage: 'NAME [options]',
  summary: 'Delete the specified user from the kubeconfig',
  description: 'Delete the specified user from the kubeconfig.',
  examples: [{ description: 'Delete the minikube user', command: 'platformctl config delete-user minikube', notRunnable: 'needs a user named minikube' }],
  flags: [],
  args: 'users',
  load: async () => (await import('./run.js')).run,
});
