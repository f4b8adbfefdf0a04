/**
 * `platformctl create service nodeport NAME [--tcp=port:targetPort]`.
 */
import { BINARY_NAME } from '../../../../../sdk/naming.js';
import type { FlagsOfSpec } from '../../../../framework/define-command.js';
import { serviceCommand } from '../service-command.js';

/** `create service nodeport`. */
export const spec = serviceCommand({
  type: 'NodePort',
  usage: '[--tcp=port:targetPort]',
  examples: [{ description: 'Create a new NodePort service named my-nodeport', command: `${BINARY_NAME} create service nodeport my-nodeport --tcp=5678:8080` }],
}, [
  { name: 'node-port', type: 'int', default: 0, description: 'Port used to expose the service on each node in a cluster.' },
], async () => (await import('./run.js')).run);

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
