/**
 * `platformctl create service loadbalancer NAME [--tcp=port:targetPort]`.
 */
import { BINARY_NAME } from '../../../../../sdk/naming.js';
import type { FlagsOfSpec } from '../../../../framework/define-command.js';
import { serviceCommand } from '../service-command.js';

/** `create service loadbalancer`. */
export const spec = serviceCommand({
  type: 'LoadBalancer',
  usage: '[--tcp=port:targetPort]',
  examples: [{ description: 'Create a new LoadBalancer service named my-lbs', command: `${BINARY_NAME} create service loadbalancer my-lbs --tcp=5678:8080` }],
}, [], async () => (await import('./run.js')).run);

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
