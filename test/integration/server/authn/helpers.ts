/**
 * Helpers of the authentication tests: requests with a bearer token and/or a client certificate
 * and extra headers, and a tiny CA issuing client certificates.
 */
import { webcrypto } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';
import { call, type Answer, type Call } from '../../../support/tls-call.js';

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);


export { call, type Answer, type Call };

/** Sends one request to the server (fresh connection, so each request presents its own certificate). */

/** `whoami` through SelfSubjectReview: the user info, or the failed answer's status. */
export async function whoami(server: { url: string; caPem: string }, c: Call = {}): Promise<{ status: number; user: Record<string, unknown> }> {
  const r = await call(server, 'POST', '/apis/authentication.platform.io/v1/selfsubjectreviews', {
    ...c, body: { apiVersion: 'authentication.platform.io/v1', kind: 'SelfSubjectReview' },
  });
  const status = r.body.status as { userInfo?: Record<string, unknown> } | undefined;
  return { status: r.status, user: status?.userInfo ?? {} };
}

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };

function pem(label: string, der: ArrayBuffer): string {
  const b64 = Buffer.from(der).toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${b64.join('\n')}\n-----END ${label}-----\n`;
}

/** A CA that issues client certificates. */
export interface TestCA {
  certPem: string;
  keyPem: string;
  issue(o: { cn: string; o?: string[]; notBefore?: Date; notAfter?: Date }): Promise<{ cert: string; key: string }>;
}

async function importKey(keyPem: string): Promise<CryptoKey> {
  const b64 = keyPem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
  return webcrypto.subtle.importKey('pkcs8', Buffer.from(b64, 'base64'), ALG, true, ['sign']) as Promise<CryptoKey>;
}

/** Wraps an existing CA (the server's, from its TLS material). */
export async function caFrom(certPem: string, keyPem: string): Promise<TestCA> {
  const caCert = new x509.X509Certificate(certPem);
  const caKey = await importKey(keyPem);
  return {
    certPem,
    keyPem,
    async issue(o) {
      const keys = await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']) as CryptoKeyPair;
      const subject = [`CN=${o.cn}`, ...(o.o ?? []).map((g) => `O=${g}`)].join(', ');
      const cert = await x509.X509CertificateGenerator.create({
        serialNumber: webcrypto.getRandomValues(new Uint8Array(8)).reduce((s, b) => s + (b & 0x7f).toString(16).padStart(2, '0'), ''),
        subject, issuer: caCert.subject,
        notBefore: o.notBefore ?? new Date(Date.now() - 3600_000), notAfter: o.notAfter ?? new Date(Date.now() + 3600_000),
        signingKey: caKey, publicKey: keys.publicKey, signingAlgorithm: ALG,
        extensions: [new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth])],
      });
      return { cert: cert.toString('pem'), key: pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)) };
    },
  };
}

/** A new self-signed CA. */
export async function newCA(name: string): Promise<TestCA> {
  const keys = await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01', name: `CN=${name}`, notBefore: new Date(Date.now() - 3600_000), notAfter: new Date(Date.now() + 86400_000), keys, signingAlgorithm: ALG,
    extensions: [new x509.BasicConstraintsExtension(true, undefined, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign, true)],
  });
  return caFrom(cert.toString('pem'), pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)));
}

/** A temp directory removed by the returned function. */
export async function tempDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-authn-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
