import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';

export const spec = defineCommand({
  name: 'help',
  usage: '[command] [flags] [options]',
  summary: 'Help about any command',
  description: 'Help provides help for any command in the application.\nSimply type platformctl help [path to command] for full details.',
  // cobra's help command is left out of kubectl's root help page, and so is ours.
  hidden: true,
  examples: [
    { description: 'Show the help of the get command', command: 'platformctl help get' },
    { description: 'Show the help of a subcommand', command: 'platformctl help config view' },
  ],
  flags: [],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
