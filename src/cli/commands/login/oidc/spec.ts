/**
 * `platformctl login oidc`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { OIDC_FLAGS } from '../shared/oidc-flags.js';

/** `login oidc`. */
export const spec = defineCommand({
  name: 'oidc',
  usage: '--issuer URL --client-id ID [--client-secret SECRET] [--scope SCOPE ...] [--no-browser] [options]',
  summary: 'Log in with OpenID Connect (authorization code flow with PKCE)',
  description: [
    "Log in with OpenID Connect: opens the provider's login page in a browser (or prints its URL with --no-browser), receives the answer on a loopback address (authorization code flow with PKCE), and stores the ID token and refresh token in the OS keychain (or, without one, in a file only you can read).",
    '',
    ` Then it writes a config user (--user, default "oidc") whose exec credential plugin is "${BINARY_NAME} credential oidc", which hands the ID token to every request and refreshes it when it expires; no token is written to the config file. With --context, that context is set to use the user.`,
  ].join('\n'),
  examples: [
    { description: 'Log in and configure the user "oidc"', command: `${BINARY_NAME} login oidc --issuer https://accounts.example.com --client-id platformctl`, notRunnable: 'needs an OpenID provider and a browser' },
    { description: 'Log in without opening a browser, asking for the groups scope, for the context "prod"', command: `${BINARY_NAME} login oidc --issuer https://accounts.example.com --client-id platformctl --scope groups --no-browser --context prod`, notRunnable: 'needs an OpenID provider' },
  ],
  flags: [
    ...OIDC_FLAGS,
    { name: 'no-browser', type: 'bool', default: false, description: 'Print the login URL instead of opening a browser' },
    { name: 'login-timeout', type: 'duration', default: '5m0s', description: 'How long to wait for the login to complete in the browser' },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
