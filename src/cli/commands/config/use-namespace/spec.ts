import { BINARY_NAME, NAMESPACE_ENV } from '../../../../sdk/naming.js';
import { defineCommand } from '../../../framework/define-command.js';

/** `platformctl config use-namespace` (alias `use-ns`). */
export const spec = defineCommand({
  name: 'use-namespace',
  aliases: ['use-ns'],
  usage: 'NAMESPACE [options]',
  summary: 'Set the namespace of the current context',
  description: [
    'Set the namespace of the current context (or of the context --context names), after checking that the namespace exists: a namespace the server does not know is set all the same, with a warning.',
    '',
    ` Use - as the name to go back to the namespace the context had before the last use-namespace. $${NAMESPACE_ENV} sets the namespace for one shell instead, without changing the file.`,
  ].join('\n'),
  examples: [
    { description: 'Work in the namespace team-a from now on', command: `${BINARY_NAME} config use-namespace team-a`, notRunnable: 'needs a cluster' },
    { description: 'Go back to the namespace before', command: `${BINARY_NAME} config use-namespace -`, notRunnable: 'needs an earlier use-namespace' },
  ],
  flags: [],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});
