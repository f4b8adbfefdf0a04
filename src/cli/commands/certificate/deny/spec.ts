/**
 * `platformctl certificate deny (-f FILENAME | NAME...)`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { decisionCommand } from '../shared/decide.js';

/** `certificate deny`. */
export const spec = decisionCommand('Denied', [
  ` ${BINARY_NAME} certificate deny allows a cluster admin to deny a certificate signing request (CSR). This action tells a certificate signing controller to not to issue a certificate to the requester.`,
]);
