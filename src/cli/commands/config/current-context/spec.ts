import { defineCommand } from '../../../framework/define-command.js';

/** `platformctl config current-context`. */
export const spec = defineCommand({
  name: 'current-context',
  usage: '[flags] [options]',
  summary: 'Display the current-context',
  description: 'Display the current-context.',
  examples: [{ description: 'Display the current-context', command: 'platformctl config current-context' }],
  flags: [],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});
