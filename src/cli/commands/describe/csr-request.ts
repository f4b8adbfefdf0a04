/**
 * Decodes the PKCS#10 request of a CertificateSigningRequest (`spec.request`, base64 of PEM) into
 * the subject and alternative names `describe` shows, with @peculiar/x509 (loaded only here).
 */
import type { CertificateRequestDetails } from '../../../printers/describe/csr.js';
import { loadX509 } from '../../../sdk/certificates/x509-loader.js';

const SUBJECT_FIELDS: [keyof CertificateRequestDetails['subject'], string][] = [
  ['organization', 'O'], ['organizationalUnit', 'OU'], ['country', 'C'], ['locality', 'L'],
  ['province', 'ST'], ['streetAddress', 'STREET'], ['postalCode', 'PostalCode'],
];

/** The details of a request; an unreadable request gives empty details (kubectl prints what it can). */
export async function decodeCertificateRequest(requestBase64: string): Promise<CertificateRequestDetails> {
  const details: CertificateRequestDetails = { subject: {} };
  try {
    const x509 = await loadX509();
    const pem = Buffer.from(requestBase64, 'base64').toString('utf8');
    const csr = new x509.Pkcs10CertificateRequest(pem);
    const subject = csr.subjectName;
    const cn = subject.getField('CN')[0];
    if (cn !== undefined) details.subject.commonName = cn;
    const serial = subject.getField('serialNumber')[0];
    if (serial !== undefined) details.subject.serialNumber = serial;
    const target = details.subject as Record<string, readonly string[] | string | undefined>;
    for (const [key, short] of SUBJECT_FIELDS) {
      const values = subject.getField(short);
      if (values.length > 0) target[key] = values;
    }
    const raw = csr.getExtension('2.5.29.17');
    if (raw !== null) {
      const san = new x509.SubjectAlternativeNameExtension(raw.rawData);
      const json = san.names.toJSON();
      const of = (type: string): string[] => json.filter((n) => n.type === type).map((n) => n.value);
      if (of('dns').length > 0) details.dnsNames = of('dns');
      if (of('email').length > 0) details.emailAddresses = of('email');
      if (of('url').length > 0) details.uris = of('url');
      if (of('ip').length > 0) details.ipAddresses = of('ip');
    }
  } catch {
    // Not a readable request: the describer shows the fields of the object only.
  }
  return details;
}
