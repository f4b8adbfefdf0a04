/**
 * `platformctl certificate deny (-f FILENAME | NAME...)`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import type { CommandSpec } from '../../../framework/spec.js';
import type { FlagsOf } from '../../../framework/flag-reader.js';
import { decisionFlags } from '../shared/decide.js';

const flags = decisionFlags('Denied');

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOf<typeof flags>;

/** `certificate deny`. */
export const spec: CommandSpec<typeof flags> = {
  name: 'deny',
  usage: '(-f FILENAME | NAME)',
  summary: 'Deny a certificate signing request',
  description: [
    'Deny a certificate signing request.',
    '',
    ` ${BINARY_NAME} certificate deny allows a cluster admin to deny a certificate signing request (CSR). This action tells a certificate signing controller to not to issue a certificate to the requester.`,
  ].join('\n'),
  examples: [{ description: "Deny CSR 'csr-sqgzp'", command: `${BINARY_NAME} certificate deny csr-sqgzp` }],
  flags,
  args: 'none',
  load: async () => (await import('./run.js')).run,
};
