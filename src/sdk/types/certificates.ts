/**
 * Kinds of `certificates.platform.io` (`v1`): CertificateSigningRequest.
 */
export type { CertificateSigningRequest, CertificateSigningRequestCondition, CertificateSigningRequestSpec } from './generated/certificates-v1.js';

/** A key usage a signing request may ask for. */
export type KeyUsage =
  | 'signing' | 'digital signature' | 'content commitment' | 'key encipherment' | 'key agreement'
  | 'data encipherment' | 'cert sign' | 'crl sign' | 'encipher only' | 'decipher only' | 'any'
  | 'server auth' | 'client auth' | 'code signing' | 'email protection' | 's/mime' | 'ipsec end system'
  | 'ipsec tunnel' | 'ipsec user' | 'timestamping' | 'ocsp signing' | 'microsoft sgc' | 'netscape sgc';
