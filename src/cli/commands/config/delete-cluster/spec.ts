import { defineCommand } from '../../../framework/define-command.js';

/** `platformctl config delete-cluster`. */
export const spec = defineCommand({
  name: 'delete-cluster',
  usage: 'NAME [options]',
  summary: 'Delete the specified cluster from the kubeconfig',
  description: 'Delete the specified cluster from the kubeconfig.',
  examples: [{ description: 'Delete the minikube cluster', command: 'platformctl config delete-cluster minikube', notRunnable: 'needs a cluster named minikube' }],
  flags: [],
  args: 'clusters',
  load: async () => (await import('./run.js')).run,
});
