/**
 * `platformctl logout`.
 */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { CLIENT_ID_FLAG, ISSUER_FLAG } from '../login/shared/oidc-flags.js';

/** `logout`. */
export const spec = defineCommand({
  name: 'logout',
  usage: '[--issuer URL --client-id ID] [--delete-user] [options]',
  summary: 'Remove the stored tokens of a login',
  description: [
    `Remove the tokens "${BINARY_NAME} login" stored for a user from the OS keychain (or the credentials file).`,
    '',
    ' The login is the one of the config user given with --user (else the current context\'s user), or the one named by --issuer and --client-id.',
    ' With --delete-user the config user is removed too.',
  ].join('\n'),
  group: 'Other Commands',
  examples: [
    { description: 'Log out the current context\'s user', command: `${BINARY_NAME} logout`, notRunnable: 'needs a stored login' },
    { description: 'Log out the user "oidc" and remove it from the config', command: `${BINARY_NAME} logout --user oidc --delete-user`, notRunnable: 'needs a stored login' },
  ],
  flags: [
    ISSUER_FLAG,
    CLIENT_ID_FLAG,
    { name: 'delete-user', type: 'bool', default: false, description: 'Also remove the config user of the login' },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
