import { defineCommand } from '../../../framework/define-command.js';

/** `platformctl config get-clusters`. */
export const spec = defineCommand({
  name: 'get-clusters',
  usage: '[flags] [options]',
  summary: 'Display clusters defined in the kubeconfig',
  description: 'Display clusters defined in the kubeconfig.',
  examples: [{ description: 'List the clusters that platformctl knows about', command: 'platformctl config get-clusters' }],
  flags: [],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});
