import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { NO_HEADERS_FLAG } from '../../../output/flags.js';

/** `platformctl config get-contexts`. */
export const spec = defineCommand({
  name: 'get-contexts',
  usage: '[(-o|--output=)name)] [options]',
  summary: 'Describe one or many contexts',
  description: 'Display one or many contexts from the kubeconfig file.',
  examples: [
    { description: 'List all the contexts in your kubeconfig file', command: 'platformctl config get-contexts' },
    { description: 'Describe one context in your kubeconfig file', command: 'platformctl config get-contexts my-context', notRunnable: 'needs a context named my-context' },
  ],
  flags: [
    NO_HEADERS_FLAG,
    { name: 'output', short: 'o', type: 'string', default: '', description: 'Output format. One of: (name).', complete: { kind: 'values', values: ['name'] } },
  ],
  args: 'contexts',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
