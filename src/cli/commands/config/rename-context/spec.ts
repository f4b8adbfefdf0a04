import { defineCommand } from '../../../framework/define-command.js';

/** `platformctl config rename-context`. */
export const spec = defineCommand({
  name: 'rename-context',
  usage: 'CONTEXT_NAME NEW_NAME [options]',
  summary: 'Rename a context from the kubeconfig file',
  description: [
    'Renames a context from the kubeconfig file.',
    '',
    ' CONTEXT_NAME is the context name that you want to change.',
    '',
    ' NEW_NAME is the new name you want to set.',
    '',
    " Note: If the context being renamed is the 'current-context', this field will also be updated.",
  ].join('\n'),
  examples: [{ description: "Rename the context 'old-name' to 'new-name' in your kubeconfig file", command: 'platformctl config rename-context old-name new-name', notRunnable: 'needs a context named old-name' }],
  flags: [],
  args: 'contexts',
  load: async () => (await import('./run.js')).run,
});
