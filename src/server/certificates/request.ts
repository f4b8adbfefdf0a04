/**
 * A PKCS#10 request as the signers and validation see it (Go's x509.CertificateRequest): subject,
 * names and public key, with its signature checked by node:crypto.
 */
import { createPublicKey, verify } from 'node:crypto';
import { signedParts } from './der.js';
import { parsePem } from './pem.js';
import { x509Sync } from '../../sdk/types/x509-module.js';
import type * as X509 from '@peculiar/x509';

/** What the certificate rules look at in a request. */
export interface ParsedRequest {
  commonName: string;
  organizations: string[];
  dnsNames: string[];
  ipAddresses: string[];
  emailAddresses: string[];
  uris: string[];
  /** The request's extensions ask for a CA certificate. */
  requestsCA: boolean;
  /** The x509 object (subject name and public key for signing). */
  csr: X509.Pkcs10CertificateRequest;
}

/** Hash per signature algorithm OID (null: the algorithm hashes itself, Ed25519). */
const SIGNATURE_HASHES: Readonly<Record<string, string | null>> = {
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.3.101.112': null,
};

/** Thrown with Go's wording when a request does not parse or its signature does not verify. */
export class RequestParseError extends Error {}

/** Parses PEM text holding one `CERTIFICATE REQUEST` block and checks its signature. */
export function parseRequestPem(pem: string): ParsedRequest {
  const { blocks } = parsePem(pem);
  const block = blocks[0];
  if (block === undefined || block.type !== 'CERTIFICATE REQUEST') throw new RequestParseError('PEM block type must be CERTIFICATE REQUEST');
  let parts;
  try {
    parts = signedParts(block.der);
  } catch (e) {
    throw new RequestParseError(e instanceof Error ? e.message : String(e));
  }
  const x509 = x509Sync();
  let csr: X509.Pkcs10CertificateRequest;
  try {
    csr = new x509.Pkcs10CertificateRequest(block.der);
  } catch (e) {
    throw new RequestParseError(`asn1: ${e instanceof Error ? e.message : String(e)}`);
  }
  const hash = SIGNATURE_HASHES[parts.algorithmOid];
  if (hash === undefined) throw new RequestParseError('x509: cannot verify signature: algorithm unimplemented');
  let ok = false;
  try {
    const key = createPublicKey({ key: Buffer.from(csr.publicKey.rawData), format: 'der', type: 'spki' });
    ok = verify(hash, parts.tbs, key, parts.signature);
  } catch {
    ok = false;
  }
  if (!ok) throw new RequestParseError(verificationFailure(parts.algorithmOid));
  return describeRequest(x509, csr);
}

/** Go's error texts of a failed signature check. */
function verificationFailure(oid: string): string {
  if (oid.startsWith('1.2.840.10045.')) return 'x509: ECDSA verification failure';
  if (oid === '1.3.101.112') return 'x509: Ed25519 verification failure';
  return 'crypto/rsa: verification error';
}

function describeRequest(x509: typeof X509, csr: X509.Pkcs10CertificateRequest): ParsedRequest {
  const out: ParsedRequest = {
    commonName: csr.subjectName.getField('CN')[0] ?? '',
    organizations: csr.subjectName.getField('O'),
    dnsNames: [], ipAddresses: [], emailAddresses: [], uris: [], requestsCA: false, csr,
  };
  for (const ext of csr.extensions) {
    if (ext instanceof x509.SubjectAlternativeNameExtension) {
      for (const n of ext.names.items) {
        if (n.type === 'dns') out.dnsNames.push(n.value);
        else if (n.type === 'ip') out.ipAddresses.push(n.value);
        else if (n.type === 'email') out.emailAddresses.push(n.value);
        else if (n.type === 'url') out.uris.push(n.value);
      }
    } else if (ext instanceof x509.BasicConstraintsExtension && ext.ca) {
      out.requestsCA = true;
    }
  }
  return out;
}
