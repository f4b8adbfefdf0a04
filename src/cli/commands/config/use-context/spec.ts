import type { CommandSpec } from '../../../framework/spec.js';

/** `platformctl config use-context` (alias `use`). */
export const spec: CommandSpec = {
  name: 'use-context',
  aliases: ['use'],
  usage: 'CONTEXT_NAME [options]',
  summary: 'Set the current-context in a kubeconfig file',
  description: 'Set the current-context in a kubeconfig file.',
  examples: [{ description: 'Use the context for the minikube cluster', command: 'platformctl config use-context minikube', notRunnable: 'needs a context named minikube' }],
  flags: [],
  args: 'contexts',
  load: async () => (await import('./run.js')).run,
};
