/**
 * `platformctl certificate approve (-f FILENAME | NAME...)`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { decisionCommand } from '../shared/decide.js';

/** `certificate approve`. */
export const spec = decisionCommand('Approved', [
  ` ${BINARY_NAME} certificate approve allows a cluster admin to approve a certificate signing request (CSR). This action tells a certificate signing controller to issue a certificate to the requester with the attributes requested in the CSR.`,
  ' SECURITY NOTICE: Depending on the requested attributes, the issued certificate can potentially grant a requester access to cluster resources or to authenticate as a requested identity. Before approving a CSR, ensure you understand what the signed certificate can do.',
]);
