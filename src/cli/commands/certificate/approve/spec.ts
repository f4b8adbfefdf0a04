/**
 * `platformctl certificate approve (-f FILENAME | NAME...)`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { decisionFlags } from '../shared/decide.js';

/** `certificate approve`. */
export const spec = defineCommand({
  name: 'approve',
  usage: '(-f FILENAME | NAME)',
  summary: 'Approve a certificate signing request',
  description: [
    'Approve a certificate signing request.',
    '',
    ` ${BINARY_NAME} certificate approve allows a cluster admin to approve a certificate signing request (CSR). This action tells a certificate signing controller to issue a certificate to the requester with the attributes requested in the CSR.`,
    '',
    ' SECURITY NOTICE: Depending on the requested attributes, the issued certificate can potentially grant a requester access to cluster resources or to authenticate as a requested identity. Before approving a CSR, ensure you understand what the signed certificate can do.',
  ].join('\n'),
  examples: [{ description: "Approve CSR 'csr-sqgzp'", command: `${BINARY_NAME} certificate approve csr-sqgzp` }],
  flags: decisionFlags('Approved'),
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
