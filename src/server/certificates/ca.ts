/**
 * The signing CA of the built-in signers and certificate issuance: the request's subject and
 * subject alternative names, the approved usages as key usage and extended key usage, never the
 * CA bit, backdated five minutes, and valid for min(cluster signing duration, expirationSeconds),
 * never past the CA's own expiry.
 */
import { createPrivateKey, randomBytes, webcrypto, X509Certificate } from 'node:crypto';
import type * as X509 from '@peculiar/x509';
import { encodePem, parsePem } from './pem.js';
import type { ParsedRequest } from './request.js';
import { EXT_KEY_USAGE_OIDS, KEY_USAGE_BITS } from './usages.js';
import { loadX509 } from '../../sdk/types/x509-module.js';

/** The kube-controller-manager backdate of issued certificates (clock skew). */
const BACKDATE_MS = 5 * 60 * 1000;

/** A CA that signs requests. */
export class SigningCA {
  private constructor(
    /** PEM of the CA certificate. */
    readonly certPem: string,
    private readonly cert: X509.X509Certificate,
    private readonly key: webcrypto.CryptoKey,
    private readonly algorithm: webcrypto.EcdsaParams | webcrypto.Algorithm,
  ) {}

  /** Loads a CA from PEM certificate and PKCS#8 (or SEC1/PKCS#1) key. */
  static async load(certPem: string, keyPem: string): Promise<SigningCA> {
    const x509 = await loadX509();
    const first = parsePem(certPem).blocks.find((b) => b.type === 'CERTIFICATE');
    if (first === undefined) throw new Error('the signing CA certificate has no CERTIFICATE block');
    const cert = new x509.X509Certificate(first.der);
    const pkcs8 = createPrivateKey(keyPem).export({ format: 'der', type: 'pkcs8' });
    const keyAlg = cert.publicKey.algorithm as webcrypto.EcKeyAlgorithm | webcrypto.RsaHashedKeyAlgorithm;
    let importAlg: webcrypto.EcKeyImportParams | webcrypto.RsaHashedImportParams;
    let signAlg: webcrypto.EcdsaParams | webcrypto.Algorithm;
    if (keyAlg.name === 'ECDSA') {
      const curve = (keyAlg as webcrypto.EcKeyAlgorithm).namedCurve;
      importAlg = { name: 'ECDSA', namedCurve: curve };
      signAlg = { name: 'ECDSA', hash: curve === 'P-384' ? 'SHA-384' : curve === 'P-521' ? 'SHA-512' : 'SHA-256' } as webcrypto.EcdsaParams;
    } else {
      importAlg = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
      signAlg = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as webcrypto.Algorithm;
    }
    const key = await webcrypto.subtle.importKey('pkcs8', pkcs8, importAlg, false, ['sign']);
    return new SigningCA(encodePem('CERTIFICATE', new Uint8Array(first.der)), cert, key, signAlg);
  }

  /** The CA's expiry (ms). */
  notAfter(): number {
    return this.cert.notAfter.getTime();
  }

  /** Issues a certificate for a verified request; returns its PEM. */
  async sign(req: ParsedRequest, usages: readonly string[], now: number, lifetimeMs: number): Promise<string> {
    const x509 = await loadX509();
    let bits = 0;
    const ekus: string[] = [];
    for (const u of usages) {
      const bit = KEY_USAGE_BITS[u];
      if (bit !== undefined) bits |= bit;
      const oid = EXT_KEY_USAGE_OIDS[u];
      if (oid !== undefined && !ekus.includes(oid)) ekus.push(oid);
    }
    const extensions: X509.Extension[] = [new x509.BasicConstraintsExtension(false, undefined, true)];
    if (bits !== 0) extensions.push(new x509.KeyUsagesExtension(bits, true));
    if (ekus.length > 0) extensions.push(new x509.ExtendedKeyUsageExtension(ekus));
    const names: { type: 'dns' | 'ip' | 'email' | 'url'; value: string }[] = [
      ...req.dnsNames.map((value) => ({ type: 'dns' as const, value })),
      ...req.emailAddresses.map((value) => ({ type: 'email' as const, value })),
      ...req.ipAddresses.map((value) => ({ type: 'ip' as const, value })),
      ...req.uris.map((value) => ({ type: 'url' as const, value })),
    ];
    if (names.length > 0) extensions.push(new x509.SubjectAlternativeNameExtension(names));
    extensions.push(await x509.AuthorityKeyIdentifierExtension.create(this.cert));
    const serial = randomBytes(16);
    serial[0] = (serial[0] ?? 0) & 0x7f;
    const notAfter = Math.min(now + lifetimeMs, this.notAfter());
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: serial.toString('hex'),
      subject: req.csr.subjectName,
      issuer: this.cert.subjectName,
      notBefore: new Date(now - BACKDATE_MS),
      notAfter: new Date(notAfter),
      publicKey: req.csr.publicKey,
      signingKey: this.key,
      signingAlgorithm: this.algorithm,
      extensions,
    });
    // Round-trip through node's parser so that only certificates it accepts are stored.
    const pem = cert.toString('pem');
    new X509Certificate(pem);
    return pem.endsWith('\n') ? pem : `${pem}\n`;
  }
}
