/**
 * `platformctl create service clusterip NAME [--tcp=<port>:<targetPort>]`.
 */
import { BINARY_NAME } from '../../../../../sdk/naming.js';
import type { CommandSpec, FlagSpec } from '../../../../framework/spec.js';
import type { FlagsOf } from '../../../../framework/flag-reader.js';
import { GENERATOR_FLAGS } from '../../../../resource-builders/generated.js';
import { TCP_FLAG } from '../shared.js';

const flags = [
  ...GENERATOR_FLAGS,
  { name: 'clusterip', type: 'string', default: '', description: "Assign your own ClusterIP or set to 'None' for a 'headless' service (no loadbalancing)." },
  TCP_FLAG,
] as const satisfies readonly FlagSpec[];

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOf<typeof flags>;

/** `create service clusterip`. */
export const spec: CommandSpec<typeof flags> = {
  name: 'clusterip',
  usage: 'NAME [--tcp=<port>:<targetPort>] [--dry-run=server|client|none] [options]',
  summary: 'Create a ClusterIP service',
  description: 'Create a ClusterIP service with the specified name.',
  examples: [
    { description: 'Create a new ClusterIP service named my-cs', command: `${BINARY_NAME} create service clusterip my-cs --tcp=5678:8080` },
    { description: 'Create a new ClusterIP service named my-headless (in headless mode)', command: `${BINARY_NAME} create service clusterip my-headless --clusterip="None"` },
  ],
  flags,
  args: 'none',
  load: async () => (await import('./run.js')).run,
};
