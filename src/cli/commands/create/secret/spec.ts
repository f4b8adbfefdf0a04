/**
 * `platformctl create secret`: the group of Secret generators.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand } from '../../../framework/define-command.js';
import { spec as dockerRegistry } from './docker-registry/spec.js';
import { spec as generic } from './generic/spec.js';
import { spec as tls } from './tls/spec.js';

/** `create secret`. */
export const spec = defineCommand({
  name: 'secret',
  usage: '(docker-registry | generic | tls) [options]',
  summary: 'Create a secret using a specified subcommand',
  description: [
    'Create a secret with specified type.',
    '',
    ' A docker-registry type secret is for accessing a container registry.',
    '',
    ' A generic type secret indicate an Opaque secret type.',
    '',
    ' A tls type secret holds TLS certificate and its associated key.',
  ].join('\n'),
  examples: [{ description: 'Create a generic secret from a literal value', command: `${BINARY_NAME} create secret generic my-literal-secret --from-literal=password=s3cret` }],
  flags: [],
  subcommands: [dockerRegistry, generic, tls],
});
