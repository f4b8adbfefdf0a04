/**
 * Go's `tls.X509KeyPair` check of `create secret tls`: the certificate input must hold a
 * CERTIFICATE PEM block, the key input a `... PRIVATE KEY` block, and the key must be the
 * certificate's, with Go's messages for each failure.
 */
import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { InputError } from '../../../../sdk/errors.js';
import { goFormat } from '../../../../machinery/json/values.js';

interface PemBlock {
  type: string;
  der: Buffer;
}

/** The PEM blocks of a text, in order (Go's repeated `pem.Decode`). */
function pemBlocks(text: string): PemBlock[] {
  const blocks: PemBlock[] = [];
  const re = /-----BEGIN ([^\r\n-]*)-----\r?\n([\s\S]*?)-----END \1-----/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    // Headers (`Proc-Type: ...`) end at a blank line; the rest is base64.
    const body = (m[2] ?? '').includes(':') ? (m[2] ?? '').split(/\r?\n\r?\n/).slice(1).join('') : (m[2] ?? '');
    blocks.push({ type: m[1] ?? '', der: Buffer.from(body.replace(/\s+/g, ''), 'base64') });
  }
  return blocks;
}


/** Go's `parsePrivateKey`: PKCS #1, PKCS #8 or SEC 1 DER, whatever the block says. */
function parsePrivateKey(der: Buffer): KeyObject {
  for (const type of ['pkcs1', 'pkcs8', 'sec1'] as const) {
    try {
      return createPrivateKey({ key: der, format: 'der', type });
    } catch {
      // try the next encoding
    }
  }
  throw new InputError('tls: failed to parse private key');
}

/**
 * Checks that `certPem` and `keyPem` are a certificate and its private key.
 *
 * @throws InputError with Go's `crypto/tls` message
 */
export function checkX509KeyPair(certPem: string, keyPem: string): void {
  const certBlocks = pemBlocks(certPem);
  const certificates = certBlocks.filter((b) => b.type === 'CERTIFICATE');
  const skipped = certBlocks.filter((b) => b.type !== 'CERTIFICATE').map((b) => b.type);
  if (certificates.length === 0) {
    if (skipped.length === 0) throw new InputError('tls: failed to find any PEM data in certificate input');
    if (skipped.length === 1 && (skipped[0] ?? '').endsWith('PRIVATE KEY')) {
      throw new InputError('tls: failed to find certificate PEM data in certificate input, but did find a private key; PEM inputs may have been switched');
    }
    throw new InputError(`tls: failed to find "CERTIFICATE" PEM block in certificate input after skipping PEM blocks of the following types: ${goFormat(skipped)}`);
  }
  const keyBlocks = pemBlocks(keyPem);
  const keyBlock = keyBlocks.find((b) => b.type === 'PRIVATE KEY' || b.type.endsWith(' PRIVATE KEY'));
  if (keyBlock === undefined) {
    const types = keyBlocks.map((b) => b.type);
    if (types.length === 0) throw new InputError('tls: failed to find any PEM data in key input');
    if (types.length === 1 && types[0] === 'CERTIFICATE') throw new InputError('tls: found a certificate rather than a key in the PEM for the private key');
    throw new InputError(`tls: failed to find PEM block with type ending in "PRIVATE KEY" in key input after skipping PEM blocks of the following types: ${goFormat(types)}`);
  }
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate((certificates[0] as PemBlock).der);
  } catch {
    throw new InputError('x509: malformed certificate');
  }
  const privateKey = parsePrivateKey(keyBlock.der);
  const publicKey = certificate.publicKey;
  if (publicKey.asymmetricKeyType !== privateKey.asymmetricKeyType) throw new InputError('tls: private key type does not match public key type');
  const derived = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  if (!derived.equals(publicKey.export({ type: 'spki', format: 'der' }))) throw new InputError('tls: private key does not match public key');
}
