/**
 * `platformctl bootstrap`: joining a cluster with a bootstrap token.
 */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand } from '../../framework/define-command.js';
import { spec as discover } from './discover/spec.js';

/** `platformctl bootstrap`. */
export const spec = defineCommand({
  name: 'bootstrap',
  usage: 'SUBCOMMAND',
  summary: 'Discover a cluster with a bootstrap token',
  description: 'Discover a cluster with a bootstrap token.',
  group: 'Cluster Management Commands',
  examples: [
    { description: 'Check a cluster against a bootstrap token and print a config for joining it', command: `${BINARY_NAME} bootstrap discover --server https://10.0.0.1:6443 --token abcdef.0123456789abcdef`, notRunnable: 'needs a cluster at that address running the bootstrap signer with that token' },
  ],
  flags: [],
  subcommands: [discover],
});
