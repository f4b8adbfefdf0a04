import { defineCommand } from '../../framework/define-command.js';

export const spec = defineCommand({
  name: 'options',
  usage: '[flags] [options]',
  summary: 'Print the list of flags inherited by all commands',
  description: 'Print the list of flags inherited by all commands. They select the config file, context, cluster and user, override connection settings, impersonate, and set the log verbosity.',
  group: 'Other Commands',
  examples: [{ description: 'Print flags inherited by all commands', command: 'platformctl options' }],
  flags: [],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});
