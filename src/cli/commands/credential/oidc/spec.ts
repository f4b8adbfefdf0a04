/**
 * `platformctl credential oidc`.
 */
import { BINARY_NAME, EXEC_INFO_ENV } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { OIDC_FLAGS } from '../../login/shared/oidc-flags.js';

/** `credential oidc`. */
export const spec = defineCommand({
  name: 'oidc',
  usage: '--issuer URL --client-id ID [options]',
  summary: 'Print an ExecCredential with the ID token of an OpenID Connect login',
  description: [
    `Print an ExecCredential with the ID token stored by "${BINARY_NAME} login oidc", refreshing it with the refresh token when it has expired.`,
    '',
    ` The apiVersion is the one in $${EXEC_INFO_ENV}, else client.authentication.platform.io/v1.`,
  ].join('\n'),
  examples: [
    { description: 'Print the credential of a login', command: `${BINARY_NAME} credential oidc --issuer https://accounts.example.com --client-id platformctl`, notRunnable: 'needs a stored login' },
  ],
  flags: [...OIDC_FLAGS],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
