import { defineCommand } from '../../../framework/define-command.js';

/** `platformctl config unset`. */
export const spec = defineCommand({
  name: 'unset',
  usage: 'PROPERTY_NAME [options]',
  summary: 'Unset an individual value in a kubeconfig file',
  description:
    'Unset an individual value in a kubeconfig file.\n\n PROPERTY_NAME is a dot delimited name where each token represents either an attribute name or a map key.  Map keys may not contain dots.',
  examples: [
    { description: 'Unset the current-context', command: 'platformctl config unset current-context' },
    { description: 'Unset namespace in foo context', command: 'platformctl config unset contexts.foo.namespace', notRunnable: 'needs a context named foo' },
  ],
  flags: [],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});
