/**
 * `platformctl create service nodeport NAME [--tcp=port:targetPort]`.
 */
import { BINARY_NAME } from '../../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../../framework/define-command.js';
import { GENERATOR_FLAGS } from '../../../../resource-builders/generated.js';
import { TCP_FLAG } from '../shared.js';

/** `create service nodeport`. */
export const spec = defineCommand({
  name: 'nodeport',
  usage: 'NAME [--tcp=port:targetPort] [--dry-run=server|client|none] [options]',
  summary: 'Create a NodePort service',
  description: 'Create a NodePort service with the specified name.',
  examples: [{ description: 'Create a new NodePort service named my-nodeport', command: `${BINARY_NAME} create service nodeport my-nodeport --tcp=5678:8080` }],
  flags: [
    ...GENERATOR_FLAGS,
    { name: 'node-port', type: 'int', default: 0, description: 'Port used to expose the service on each node in a cluster.' },
    TCP_FLAG,
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
