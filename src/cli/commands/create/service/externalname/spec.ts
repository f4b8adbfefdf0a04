/**
 * `platformctl create service externalname NAME --external-name external.name`.
 */
import { BINARY_NAME } from '../../../../../sdk/naming.js';
import type { FlagsOfSpec } from '../../../../framework/define-command.js';
import { serviceCommand } from '../service-command.js';

/** `create service externalname`. */
export const spec = serviceCommand({
  type: 'ExternalName',
  usage: '--external-name external.name',
  more: 'ExternalName service references to an external DNS address instead of only pods, which will allow application authors to reference services that exist off platform, on other clusters, or locally.',
  examples: [{ description: 'Create a new ExternalName service named my-ns', command: `${BINARY_NAME} create service externalname my-ns --external-name bar.com` }],
}, [
  { name: 'external-name', type: 'string', default: '', description: 'External name of service' },
], async () => (await import('./run.js')).run);

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
