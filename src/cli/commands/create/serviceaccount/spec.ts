/**
 * `platformctl create serviceaccount NAME`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { GENERATOR_FLAGS } from '../../../resource-builders/generated.js';

/** `create serviceaccount`. */
export const spec = defineCommand({
  name: 'serviceaccount',
  aliases: ['sa'],
  usage: 'NAME [--dry-run=server|client|none] [options]',
  summary: 'Create a service account with the specified name',
  description: 'Create a service account with the specified name.',
  examples: [{ description: 'Create a new service account named my-service-account', command: `${BINARY_NAME} create serviceaccount my-service-account` }],
  flags: [...GENERATOR_FLAGS],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
