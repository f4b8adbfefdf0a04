/**
 * `platformctl certificate deny (-f FILENAME | NAME...)`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { decisionFlags } from '../shared/decide.js';

/** `certificate deny`. */
export const spec = defineCommand({
  name: 'deny',
  usage: '(-f FILENAME | NAME)',
  summary: 'Deny a certificate signing request',
  description: [
    'Deny a certificate signing request.',
    '',
    ` ${BINARY_NAME} certificate deny allows a cluster admin to deny a certificate signing request (CSR). This action tells a certificate signing controller to not to issue a certificate to the requester.`,
  ].join('\n'),
  examples: [{ description: "Deny CSR 'csr-sqgzp'", command: `${BINARY_NAME} certificate deny csr-sqgzp` }],
  flags: decisionFlags('Denied'),
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
