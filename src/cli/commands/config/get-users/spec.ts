import { defineCommand } from '../../../framework/define-command.js';

/** `platformctl config get-users`. */
export const spec = defineCommand({
  name: 'get-users',
  usage: '[flags] [options]',
  summary: 'Display users defined in the kubeconfig',
  description: 'Display users defined in the kubeconfig.',
  examples: [{ description: 'List the users that platformctl knows about', command: 'platformctl config get-users' }],
  flags: [],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});
