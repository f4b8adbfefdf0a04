import { defineCommand } from '../../../framework/define-command.js';

/** `platformctl config use-context` (alias `use`). */
export const spec = defineCommand({
  name: 'use-context',
  aliases: ['use'],
  usage: 'CONTEXT_NAME [options]',
  summary: 'Set the current-context in a kubeconfig file',
  description: 'Set the current-context in a kubeconfig file.\n\n Use - as the name to go back to the context that was current before the last use-context (it is kept in the file\'s preferences).',
  examples: [
    { description: 'Use the context for the minikube cluster', command: 'platformctl config use-context minikube', notRunnable: 'needs a context named minikube' },
    { description: 'Go back to the previous context', command: 'platformctl config use-context -', notRunnable: 'needs an earlier use-context' },
  ],
  flags: [],
  args: 'contexts',
  load: async () => (await import('./run.js')).run,
});
