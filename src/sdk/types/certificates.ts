/**
 * Kinds of `certificates.platform.io` (`v1`): CertificateSigningRequest.
 */
import type { ObjectBase } from './meta.js';

/** A key usage a signing request may ask for. */
export type KeyUsage =
  | 'signing' | 'digital signature' | 'content commitment' | 'key encipherment' | 'key agreement'
  | 'data encipherment' | 'cert sign' | 'crl sign' | 'encipher only' | 'decipher only' | 'any'
  | 'server auth' | 'client auth' | 'code signing' | 'email protection' | 's/mime' | 'ipsec end system'
  | 'ipsec tunnel' | 'ipsec user' | 'timestamping' | 'ocsp signing' | 'microsoft sgc' | 'netscape sgc';

/** A condition of a signing request: `Approved`, `Denied` or `Failed`. */
export interface CertificateSigningRequestCondition {
  type: 'Approved' | 'Denied' | 'Failed' | string;
  status: 'True' | 'False' | 'Unknown' | string;
  reason?: string;
  message?: string;
  lastUpdateTime?: string;
  lastTransitionTime?: string;
}

/** The request: a PEM PKCS#10 CSR (base64 in JSON), the signer, usages and the requester's identity. */
export interface CertificateSigningRequestSpec {
  /** Base64 of the PEM-encoded PKCS#10 request. */
  request: string;
  signerName: string;
  expirationSeconds?: number;
  usages?: (KeyUsage | string)[];
  /** Filled by the server from the requester's identity. */
  username?: string;
  uid?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
}

/** A certificate signing request (cluster-scoped). */
export interface CertificateSigningRequest extends ObjectBase {
  kind?: 'CertificateSigningRequest';
  spec: CertificateSigningRequestSpec;
  status?: {
    conditions?: CertificateSigningRequestCondition[];
    /** Base64 of the PEM certificate chain, once issued. */
    certificate?: string;
  };
}
