/**
 * Decoding what `describe csr` shows: the PKCS#10 request of `spec.request` (subject, subject
 * alternative names, with the requested usages from the spec), base64 of PEM as JSON carries
 * `[]byte`.
 */
import type { CertificateRequestDetails } from '../../printers/describe/csr.js';
import type { CertificateSigningRequest } from '../../sdk/types/certificates.js';

/** The request details plus the usages the spec asks for. */
export interface DecodedRequest extends CertificateRequestDetails {
  usages: string[];
}

function pemBlocks(text: string, type: string): string[] {
  return text.match(new RegExp(`-----BEGIN ${type}-----[\\s\\S]+?-----END ${type}-----`, 'g')) ?? [];
}

/** Subject attributes @peculiar/x509 has no short name for (its getField takes OIDs too). */
const OID = { serialNumber: '2.5.4.5', street: '2.5.4.9', postalCode: '2.5.4.17' } as const;

/** The request of a CSR as the describer shows it, or undefined when `spec.request` does not parse. */
export async function decodeRequest(csr: CertificateSigningRequest): Promise<DecodedRequest | undefined> {
  const pem = pemBlocks(Buffer.from(csr.spec.request ?? '', 'base64').toString('latin1'), 'CERTIFICATE REQUEST')[0];
  if (pem === undefined) return undefined;
  const { loadX509 } = await import('../../sdk/types/x509-module.js');
  const x509 = await loadX509();
  let req;
  try {
    req = new x509.Pkcs10CertificateRequest(pem);
  } catch {
    return undefined;
  }
  const name = req.subjectName;
  const out: DecodedRequest = {
    subject: {
      commonName: name.getField('CN')[0] ?? '', serialNumber: name.getField(OID.serialNumber)[0] ?? '', organization: name.getField('O'),
      organizationalUnit: name.getField('OU'), country: name.getField('C'), locality: name.getField('L'), province: name.getField('ST'),
      streetAddress: name.getField(OID.street), postalCode: name.getField(OID.postalCode),
    },
    dnsNames: [], ipAddresses: [], emailAddresses: [], uris: [],
    usages: [...(csr.spec.usages ?? [])],
  };
  const san = req.extensions.find((e): e is InstanceType<typeof x509.SubjectAlternativeNameExtension> => e instanceof x509.SubjectAlternativeNameExtension);
  for (const n of san?.names.items ?? []) {
    if (n.type === 'dns') (out.dnsNames as string[]).push(n.value);
    else if (n.type === 'ip') (out.ipAddresses as string[]).push(n.value);
    else if (n.type === 'email') (out.emailAddresses as string[]).push(n.value);
    else if (n.type === 'url') (out.uris as string[]).push(n.value);
  }
  return out;
}
