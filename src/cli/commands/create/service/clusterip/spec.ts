/**
 * `platformctl create service clusterip NAME [--tcp=<port>:<targetPort>]`.
 */
import { BINARY_NAME } from '../../../../../sdk/naming.js';
import type { FlagsOfSpec } from '../../../../framework/define-command.js';
import { serviceCommand } from '../service-command.js';

/** `create service clusterip`. */
export const spec = serviceCommand({
  type: 'ClusterIP',
  usage: '[--tcp=<port>:<targetPort>]',
  examples: [
    { description: 'Create a new ClusterIP service named my-cs', command: `${BINARY_NAME} create service clusterip my-cs --tcp=5678:8080` },
    { description: 'Create a new ClusterIP service named my-headless (in headless mode)', command: `${BINARY_NAME} create service clusterip my-headless --clusterip="None"` },
  ],
}, [
  { name: 'clusterip', type: 'string', default: '', description: "Assign your own ClusterIP or set to 'None' for a 'headless' service (no loadbalancing)." },
], async () => (await import('./run.js')).run);

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
