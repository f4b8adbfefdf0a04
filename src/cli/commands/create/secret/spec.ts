/**
 * `platformctl create secret`: the group of Secret generators.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import type { CommandSpec } from '../../../framework/spec.js';
import { spec as generic } from './generic/spec.js';

/** `create secret`. */
export const spec: CommandSpec = {
  name: 'secret',
  usage: '(generic) [flags] [options]',
  summary: 'Create a secret using a specified subcommand',
  description: 'Create a secret with specified type.\n\n A generic secret holds keys and values from files, directories, env files or literals.',
  examples: [{ description: 'Create a new secret named my-secret with keys for each file in folder examples/config', command: `${BINARY_NAME} create secret generic my-secret --from-file=examples/config` }],
  flags: [],
  subcommands: [generic],
};
