/**
 * `platformctl create serviceaccount NAME`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import type { CommandSpec, FlagSpec } from '../../../framework/spec.js';
import type { FlagsOf } from '../../../framework/flag-reader.js';
import { GENERATOR_FLAGS } from '../../../resource-builders/generated.js';

const flags = [...GENERATOR_FLAGS] as const satisfies readonly FlagSpec[];

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOf<typeof flags>;

/** `create serviceaccount`. */
export const spec: CommandSpec<typeof flags> = {
  name: 'serviceaccount',
  aliases: ['sa'],
  usage: 'NAME [--dry-run=server|client|none] [options]',
  summary: 'Create a service account with the specified name',
  description: 'Create a service account with the specified name.',
  examples: [{ description: 'Create a new service account named my-service-account', command: `${BINARY_NAME} create serviceaccount my-service-account` }],
  flags,
  args: 'none',
  load: async () => (await import('./run.js')).run,
};
