/**
 * `platformctl create service loadbalancer NAME [--tcp=port:targetPort]`.
 */
import { BINARY_NAME } from '../../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../../framework/define-command.js';
import { GENERATOR_FLAGS } from '../../../../resource-builders/generated.js';
import { TCP_FLAG } from '../shared.js';

/** `create service loadbalancer`. */
export const spec = defineCommand({
  name: 'loadbalancer',
  usage: 'NAME [--tcp=port:targetPort] [--dry-run=server|client|none] [options]',
  summary: 'Create a LoadBalancer service',
  description: 'Create a LoadBalancer service with the specified name.',
  examples: [{ description: 'Create a new LoadBalancer service named my-lbs', command: `${BINARY_NAME} create service loadbalancer my-lbs --tcp=5678:8080` }],
  flags: [...GENERATOR_FLAGS, TCP_FLAG],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
