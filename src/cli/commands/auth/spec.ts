/**
 * `platformctl auth`: inspect authorization and identity.
 */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand } from '../../framework/define-command.js';
import { spec as canI } from './can-i/spec.js';
import { spec as reconcile } from './reconcile/spec.js';
import { spec as whoami } from './whoami/spec.js';

/** The `auth` group. */
export const spec = defineCommand({
  name: 'auth',
  usage: 'SUBCOMMAND [options]',
  summary: 'Inspect authorization',
  description: 'Inspect authorization.',
  group: 'Cluster Management Commands',
  examples: [
    { description: 'Check to see if I can create pods in the current namespace', command: `${BINARY_NAME} auth can-i create pods` },
    { description: 'Show who I am', command: `${BINARY_NAME} auth whoami` },
  ],
  flags: [],
  args: 'none',
  subcommands: [canI, reconcile, whoami],
});
