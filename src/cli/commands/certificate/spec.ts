/**
 * `platformctl certificate`: approve, deny and request certificates.
 */
import { BINARY_NAME, SIGNERS } from '../../../sdk/naming.js';
import { defineCommand } from '../../framework/define-command.js';
import { spec as approve } from './approve/spec.js';
import { spec as deny } from './deny/spec.js';
import { spec as request } from './request/spec.js';

/** `platformctl certificate`. */
export const spec = defineCommand({
  name: 'certificate',
  usage: 'SUBCOMMAND',
  summary: 'Modify certificate resources',
  description: 'Modify certificate resources.',
  group: 'Cluster Management Commands',
  examples: [
    { description: 'Approve a pending certificate signing request', command: `${BINARY_NAME} certificate approve csr-sqgzp` },
    { description: 'Request a client certificate for jane from the API server signer and wait for it', command: `${BINARY_NAME} certificate request jane --signer ${SIGNERS.apiserverClient} --cn jane --approve --wait --key-out jane.key --cert-out jane.crt`, notRunnable: 'writes a key and a certificate into the current directory' },
  ],
  flags: [],
  subcommands: [approve, deny, request],
});
