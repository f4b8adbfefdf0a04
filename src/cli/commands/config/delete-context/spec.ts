import { defineCommand } from '../../../framework/define-command.js';

/** `platformctl config delete-context`. */
export const spec = defineCommand({
  name: 'delete-context',
  usage: 'NAME [options]',
  summary: 'Delete the specified context from the kubeconfig',
  description: 'Delete the specified context from the kubeconfig.',
  examples: [{ description: 'Delete the context for the minikube cluster', command: 'platformctl config delete-context minikube', notRunnable: 'needs a context named minikube' }],
  flags: [],
  args: 'contexts',
  load: async () => (await import('./run.js')).run,
});
