/**
 * `platformctl create service loadbalancer NAME [--tcp=port:targetPort]`.
 */
import { BINARY_NAME } from '../../../../../sdk/naming.js';
import type { CommandSpec, FlagSpec } from '../../../../framework/spec.js';
import type { FlagsOf } from '../../../../framework/flag-reader.js';
import { GENERATOR_FLAGS } from '../../../../resource-builders/generated.js';
import { TCP_FLAG } from '../shared.js';

const flags = [...GENERATOR_FLAGS, TCP_FLAG] as const satisfies readonly FlagSpec[];

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOf<typeof flags>;

/** `create service loadbalancer`. */
export const spec: CommandSpec<typeof flags> = {
  name: 'loadbalancer',
  usage: 'NAME [--tcp=port:targetPort] [--dry-run=server|client|none] [options]',
  summary: 'Create a LoadBalancer service',
  description: 'Create a LoadBalancer service with the specified name.',
  examples: [{ description: 'Create a new LoadBalancer service named my-lbs', command: `${BINARY_NAME} create service loadbalancer my-lbs --tcp=5678:8080` }],
  flags,
  args: 'none',
  load: async () => (await import('./run.js')).run,
};
