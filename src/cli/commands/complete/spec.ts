import { defineCommand } from '../../framework/define-command.js';

/**
 * The hidden `__complete` command the shell scripts call. `run` hands it the raw words (no flag
 * parsing, like cobra's DisableFlagParsing) through its fast path; this spec makes it a known
 * command (never taken for a plugin) and documents it.
 */
export const spec = defineCommand({
  name: '__complete',
  usage: '[command-line words...]',
  summary: 'Request shell completion choices for the specified command-line',
  description:
    'Request shell completion choices for the specified command-line. The completion scripts call it with the words ' +
    'typed so far, the last one being the word under the cursor (possibly empty). It prints one candidate per line, ' +
    'each optionally followed by a tab and a description, then a line ":<directive>" with the shell completion ' +
    'directive bits (1 error, 2 no space, 4 no file completion, 8 filter file extensions, 16 directories only, 32 keep order).',
  hidden: true,
  examples: [
    { description: 'List the commands that start with "ver"', command: 'platformctl __complete ver' },
    { description: 'List the values of --output for version', command: "platformctl __complete version -o ''" },
  ],
  flags: [],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});
