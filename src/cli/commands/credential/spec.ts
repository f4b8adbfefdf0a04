/**
 * `platformctl credential`: credential helpers that exec plugin entries run (not meant for people).
 */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand } from '../../framework/define-command.js';
import { spec as oidc } from './oidc/spec.js';

/** The `credential` group. */
export const spec = defineCommand({
  name: 'credential',
  usage: 'SUBCOMMAND [options]',
  summary: 'Print credentials for exec credential plugins',
  description: 'Credential helpers run by exec credential plugin entries of the config file (as written by "login"). They print an ExecCredential object on stdout.',
  group: 'Other Commands',
  hidden: true,
  examples: [
    { description: 'Print the credential of an OpenID Connect login (as the exec plugin entry written by "login oidc" does)', command: `${BINARY_NAME} credential oidc --issuer https://accounts.example.com --client-id platformctl`, notRunnable: 'needs a stored login' },
  ],
  flags: [],
  args: 'none',
  subcommands: [oidc],
});
