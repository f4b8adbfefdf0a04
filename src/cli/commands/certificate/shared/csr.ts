/**
 * The CertificateSigningRequest resource as the certificate commands address it.
 */
import { GROUPS } from '../../../../sdk/naming.js';
import type { ResourceDescriptor } from '../../../../sdk/rest/resource-client.js';

/** certificates.platform.io/v1 certificatesigningrequests. */
export const CSR_RESOURCE: ResourceDescriptor = {
  group: GROUPS.certificates, version: 'v1', resource: 'certificatesigningrequests', namespaced: false, kind: 'CertificateSigningRequest',
};

/** `certificatesigningrequest.certificates.platform.io/<name>`, as kubectl names results. */
export function csrRef(name: string): string {
  return `certificatesigningrequest.${GROUPS.certificates}/${name}`;
}
