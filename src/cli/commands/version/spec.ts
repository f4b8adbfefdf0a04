import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { run } from './run.js';

export const spec = defineCommand({
  name: 'version',
  usage: '[flags] [options]',
  summary: 'Print the client and server version information',
  description: 'Print the client and server version information for the current context.',
  group: 'Other Commands',
  examples: [
    { description: 'Print the client and server versions for the current context', command: 'platformctl version' },
    { description: 'Print only the client version, without contacting a server', command: 'platformctl version --client' },
    { description: 'Print the versions as JSON', command: 'platformctl version -o json' },
  ],
  flags: [
    { name: 'client', type: 'bool', default: false, description: 'If true, shows client version only (no server required).' },
    { name: 'output', short: 'o', type: 'string', default: '', description: "One of 'yaml' or 'json'.", complete: { kind: 'values', values: ['json', 'yaml'] } },
  ],
  args: 'none',
  load: async () => run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
