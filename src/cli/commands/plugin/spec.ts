import { BINARY_NAME, PLUGIN_PREFIX } from '../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';

const list = defineCommand({
  name: 'list',
  usage: '[flags] [options]',
  summary: "List all visible plugin executables on a user's PATH",
  description: [
    `List all available plugin files on a user's PATH. To see plugins binary names without the full path use --name-only flag.`,
    `Available plugin files are those that are: - executable - anywhere on the user's PATH - begin with "${PLUGIN_PREFIX}"`,
    'A warning is printed for a plugin that is not executable, that is overshadowed by an earlier plugin of the same ' +
      'name on PATH, or whose name is that of a built-in command (built-in commands always win). The command exits ' +
      '1 when it printed a warning or found no plugin. kubectl\'s plugins (kubectl-*, as krew installs them) are ' +
      `listed on stderr as seen and skipped: ${BINARY_NAME} does not run them.`,
  ].join('\n\n'),
  examples: [
    { description: 'List all available plugins', command: `${BINARY_NAME} plugin list` },
    { description: 'List only binary names of available plugins without paths', command: `${BINARY_NAME} plugin list --name-only` },
  ],
  flags: [
    { name: 'name-only', type: 'bool', default: false, description: 'If true, display only the binary name of each plugin, rather than its full path' },
  ],
  args: 'none',
  load: async () => (await import('./list.js')).run,
});

/** The flags of `plugin list` as its runner (`list.ts`) reads them. */
export type ListFlags = FlagsOfSpec<typeof list>;

export const spec = defineCommand({
  name: 'plugin',
  usage: '[flags] [options]',
  summary: 'Provides utilities for interacting with plugins',
  description: [
    'Provides utilities for interacting with plugins.',
    'Plugins provide extended functionality that is not part of the major command-line distribution. A plugin is ' +
      `an executable named ${PLUGIN_PREFIX}NAME anywhere on PATH; "${BINARY_NAME} NAME args..." runs it with the ` +
      'remaining arguments and the environment, and exits with its exit code. Longer names are tried first ' +
      `("${BINARY_NAME} foo bar" runs ${PLUGIN_PREFIX}foo-bar before ${PLUGIN_PREFIX}foo), and a dash inside a word may ` +
      `be an underscore in the file name (${PLUGIN_PREFIX}foo_bar for "${BINARY_NAME} foo-bar"). Built-in commands ` +
      'cannot be replaced by plugins.',
    `Shell completion lists the commands plugins add, and completes a plugin's arguments by running ` +
      `${BINARY_NAME}_complete-NAME from PATH when the plugin provides one: it gets the words after the plugin ` +
      `name, the last one being the word to complete, and prints candidates as "${BINARY_NAME} __complete" does.`,
  ].join('\n\n'),
  group: 'Other Commands',
  examples: [
    { description: 'List all available plugins', command: `${BINARY_NAME} plugin list` },
    { description: 'List only binary names of available plugins without paths', command: `${BINARY_NAME} plugin list --name-only` },
  ],
  flags: [],
  subcommands: [list],
});
