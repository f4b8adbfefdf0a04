/**
 * `platformctl create namespace NAME`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { GENERATOR_FLAGS } from '../../../resource-builders/generated.js';

/** `create namespace`. */
export const spec = defineCommand({
  name: 'namespace',
  aliases: ['ns'],
  usage: 'NAME [--dry-run=server|client|none] [options]',
  summary: 'Create a namespace with the specified name',
  description: 'Create a namespace with the specified name.',
  examples: [{ description: 'Create a new namespace named my-namespace', command: `${BINARY_NAME} create namespace my-namespace` }],
  flags: [...GENERATOR_FLAGS],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
