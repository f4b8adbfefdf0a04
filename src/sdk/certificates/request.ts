/**
 * Building PKCS#10 certificate signing requests: a fresh key (ECDSA P-256 by default, RSA 2048
 * with `keyType: 'rsa'`), the subject, and DNS/IP subject alternative names.
 */
import { KeyObject, webcrypto } from 'node:crypto';
import { InputError } from '../errors.js';
import { loadX509 } from '../types/x509-module.js';

/** Key algorithms {@link createCertificateRequest} can generate. */
export type KeyType = 'ecdsa' | 'rsa';

/** What the request asks for. */
export interface CertificateRequestOptions {
  /** Subject common name (the user name of a client certificate). */
  commonName?: string | undefined;
  /** Subject organizations (the groups of a client certificate). */
  organizations?: string[] | undefined;
  /** DNS subject alternative names. */
  dnsNames?: string[] | undefined;
  /** IP subject alternative names. */
  ipAddresses?: string[] | undefined;
  /** Key algorithm (default `ecdsa`: P-256). */
  keyType?: KeyType | undefined;
}

/** A request and its private key, both PEM. */
export interface CertificateRequest {
  /** `CERTIFICATE REQUEST` PEM. */
  csrPem: string;
  /** The private key: `EC PRIVATE KEY` (SEC 1) or `RSA PRIVATE KEY` (PKCS#1) PEM, as client-go writes keys. */
  keyPem: string;
}

const ECDSA = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const RSA = { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' } as const;

/** Escapes a value for an RFC 4514 distinguished name string. */
export function escapeDnValue(v: string): string {
  return v.replace(/([,+"\\<>;=])/g, '\\$1').replace(/^([ #])/, '\\$1').replace(/ $/, '\\ ');
}

/** The subject name string (`CN=...,O=...`). */
export function subjectName(o: Pick<CertificateRequestOptions, 'commonName' | 'organizations'>): string {
  const parts: string[] = [];
  if (o.commonName !== undefined && o.commonName !== '') parts.push(`CN=${escapeDnValue(o.commonName)}`);
  for (const org of o.organizations ?? []) parts.push(`O=${escapeDnValue(org)}`);
  return parts.join(', ');
}

/** Private key PEM of a generated key, in the formats client-go writes. */
export function privateKeyPem(key: webcrypto.CryptoKey): string {
  const ko = KeyObject.from(key);
  const type = ko.asymmetricKeyType === 'ec' ? 'sec1' : 'pkcs1';
  return ko.export({ format: 'pem', type }).toString();
}

/** Generates a key and a signed PKCS#10 request for it. */
export async function createCertificateRequest(options: CertificateRequestOptions = {}): Promise<CertificateRequest> {
  const keyType = options.keyType ?? 'ecdsa';
  if (keyType !== 'ecdsa' && keyType !== 'rsa') throw new InputError(`unsupported key type ${JSON.stringify(keyType)}: use ecdsa or rsa`);
  const x509 = await loadX509();
  const alg = keyType === 'rsa' ? RSA : ECDSA;
  const keys = await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify']) as webcrypto.CryptoKeyPair;
  const names = [
    ...(options.dnsNames ?? []).map((value) => ({ type: 'dns' as const, value })),
    ...(options.ipAddresses ?? []).map((value) => ({ type: 'ip' as const, value })),
  ];
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name: subjectName(options),
    keys,
    signingAlgorithm: alg,
    extensions: names.length > 0 ? [new x509.SubjectAlternativeNameExtension(names)] : [],
  });
  return { csrPem: withNewline(csr.toString('pem')), keyPem: privateKeyPem(keys.privateKey) };
}

function withNewline(s: string): string {
  return s.endsWith('\n') ? s : `${s}\n`;
}
