/**
 * `platformctl create service clusterip NAME [--tcp=<port>:<targetPort>]`.
 */
import { BINARY_NAME } from '../../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../../framework/define-command.js';
import { GENERATOR_FLAGS } from '../../../../resource-builders/generated.js';
import { TCP_FLAG } from '../shared.js';

/** `create service clusterip`. */
export const spec = defineCommand({
  name: 'clusterip',
  usage: 'NAME [--tcp=<port>:<targetPort>] [--dry-run=server|client|none] [options]',
  summary: 'Create a ClusterIP service',
  description: 'Create a ClusterIP service with the specified name.',
  examples: [
    { description: 'Create a new ClusterIP service named my-cs', command: `${BINARY_NAME} create service clusterip my-cs --tcp=5678:8080` },
    { description: 'Create a new ClusterIP service named my-headless (in headless mode)', command: `${BINARY_NAME} create service clusterip my-headless --clusterip="None"` },
  ],
  flags: [
    ...GENERATOR_FLAGS,
    { name: 'clusterip', type: 'string', default: '', description: "Assign your own ClusterIP or set to 'None' for a 'headless' service (no loadbalancing)." },
    TCP_FLAG,
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
