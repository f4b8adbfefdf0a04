/**
 * `platformctl create service externalname NAME --external-name external.name`.
 */
import { BINARY_NAME } from '../../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../../framework/define-command.js';
import { GENERATOR_FLAGS } from '../../../../resource-builders/generated.js';
import { TCP_FLAG } from '../shared.js';

/** `create service externalname`. */
export const spec = defineCommand({
  name: 'externalname',
  usage: 'NAME --external-name external.name [--dry-run=server|client|none] [options]',
  summary: 'Create an ExternalName service',
  description: 'Create an ExternalName service with the specified name.\n\n ExternalName service references to an external DNS address instead of only pods, which will allow application authors to reference services that exist off platform, on other clusters, or locally.',
  examples: [{ description: 'Create a new ExternalName service named my-ns', command: `${BINARY_NAME} create service externalname my-ns --external-name bar.com` }],
  flags: [
    ...GENERATOR_FLAGS,
    { name: 'external-name', type: 'string', default: '', description: 'External name of service' },
    TCP_FLAG,
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
