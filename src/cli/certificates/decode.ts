/**
 * Decoding what `describe csr` shows: the PKCS#10 request of `spec.request` (subject, subject
 * alternative names, with the requested usages from the spec) and the issued certificates of
 * `status.certificate` (subject, issuer, validity, serial, alternative names). Both fields are
 * base64 of PEM, as JSON carries `[]byte`.
 */
import { X509Certificate } from 'node:crypto';
import type { CertificateRequestDetails } from '../../printers/describe/csr.js';
import type { CertificateSigningRequest } from '../../sdk/types/certificates.js';

/** The request details plus the usages the spec asks for. */
export interface DecodedRequest extends CertificateRequestDetails {
  usages: string[];
}

/** One issued certificate. */
export interface DecodedCertificate {
  subject: string;
  issuer: string;
  serialNumber: string;
  /** RFC 3339 times. */
  notBefore: string;
  notAfter: string;
  dnsNames: string[];
  ipAddresses: string[];
  emailAddresses: string[];
  uris: string[];
  isCA: boolean;
  /** Extended key usage OIDs (empty when the certificate has none). */
  extendedKeyUsages: string[];
}

function pemBlocks(text: string, type: string): string[] {
  return text.match(new RegExp(`-----BEGIN ${type}-----[\\s\\S]+?-----END ${type}-----`, 'g')) ?? [];
}

/** Splits node's `subjectAltName` text (`DNS:a, IP Address:1.2.3.4, ...`). */
function altNames(text: string | undefined): Pick<DecodedCertificate, 'dnsNames' | 'ipAddresses' | 'emailAddresses' | 'uris'> {
  const out = { dnsNames: [] as string[], ipAddresses: [] as string[], emailAddresses: [] as string[], uris: [] as string[] };
  for (const part of (text ?? '').split(', ')) {
    const i = part.indexOf(':');
    if (i < 0) continue;
    const kind = part.slice(0, i);
    const value = part.slice(i + 1);
    if (kind === 'DNS') out.dnsNames.push(value);
    else if (kind === 'IP Address') out.ipAddresses.push(value);
    else if (kind === 'email') out.emailAddresses.push(value);
    else if (kind === 'URI') out.uris.push(value);
  }
  return out;
}

function rfc3339(s: string): string {
  return new Date(s).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The issued certificates of a request (none when not issued or not parseable). */
export function decodeIssuedCertificates(csr: CertificateSigningRequest): DecodedCertificate[] {
  const b64 = csr.status?.certificate ?? '';
  if (b64 === '') return [];
  const out: DecodedCertificate[] = [];
  for (const block of pemBlocks(Buffer.from(b64, 'base64').toString('latin1'), 'CERTIFICATE')) {
    let cert: X509Certificate;
    try {
      cert = new X509Certificate(block);
    } catch {
      continue;
    }
    out.push({
      subject: cert.subject.split('\n').join(', '), issuer: cert.issuer.split('\n').join(', '), serialNumber: cert.serialNumber,
      notBefore: rfc3339(cert.validFrom), notAfter: rfc3339(cert.validTo), isCA: cert.ca, extendedKeyUsages: cert.keyUsage ?? [],
      ...altNames(cert.subjectAltName),
    });
  }
  return out;
}

/** Subject attributes @peculiar/x509 has no short name for (its getField takes OIDs too). */
const OID = { serialNumber: '2.5.4.5', street: '2.5.4.9', postalCode: '2.5.4.17' } as const;

/** The request of a CSR as the describer shows it, or undefined when `spec.request` does not parse. */
export async function decodeRequest(csr: CertificateSigningRequest): Promise<DecodedRequest | undefined> {
  const pem = pemBlocks(Buffer.from(csr.spec.request ?? '', 'base64').toString('latin1'), 'CERTIFICATE REQUEST')[0];
  if (pem === undefined) return undefined;
  const { loadX509 } = await import('../../sdk/certificates/x509-loader.js');
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

/** Both parts, for the describe command. */
export async function decodeSigningRequest(csr: CertificateSigningRequest): Promise<{ request: DecodedRequest | undefined; certificates: DecodedCertificate[] }> {
  return { request: await decodeRequest(csr), certificates: decodeIssuedCertificates(csr) };
}
