/**
 * `platformctl login`: log in to an identity provider and write a config user that fetches
 * credentials through platformctl itself.
 */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand } from '../../framework/define-command.js';
import { spec as oidc } from './oidc/spec.js';

/** The `login` group. */
export const spec = defineCommand({
  name: 'login',
  usage: 'SUBCOMMAND [options]',
  summary: 'Log in to an identity provider',
  description: `Log in to an identity provider and configure a user whose credentials ${BINARY_NAME} fetches itself.\n\n Tokens are kept in the OS keychain (or in a file readable only by you when there is none), never in the config file.`,
  group: 'Other Commands',
  examples: [
    { description: 'Log in with OpenID Connect', command: `${BINARY_NAME} login oidc --issuer https://accounts.example.com --client-id platformctl`, notRunnable: 'needs an OpenID provider and a browser' },
  ],
  flags: [],
  args: 'none',
  subcommands: [oidc],
});
