/**
 * TLS material of the local server: a CA generated on first start and a serving certificate for
 * 127.0.0.1, ::1 and localhost signed by it, both ECDSA P-256. With a data directory they are kept
 * there (keys 0600) and reused; without one, one set is generated per process and shared.
 */
import { webcrypto } from 'node:crypto';

type KeyPair = webcrypto.CryptoKeyPair;
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadX509 } from '../../sdk/types/x509-module.js';

/** PEM-encoded TLS material. */
export interface TlsMaterial {
  caPem: string;
  caKeyPem: string;
  certPem: string;
  keyPem: string;
}

const FILES = { ca: 'ca.crt', caKey: 'ca.key', cert: 'server.crt', key: 'server.key' } as const;
const YEAR_MS = 365 * 24 * 3600 * 1000;

function pem(label: string, der: ArrayBuffer): string {
  const b64 = Buffer.from(der).toString('base64');
  const lines = b64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

function randomSerial(): string {
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return Buffer.from(bytes).toString('hex');
}

/** Generates a fresh CA and serving certificate. */
export async function generateTlsMaterial(now: number): Promise<TlsMaterial> {
  const x509 = await loadX509();
  const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const subtle = webcrypto.subtle;
  const caKeys = await subtle.generateKey(alg, true, ['sign', 'verify']) as KeyPair;
  const notBefore = new Date(now - 60 * 60 * 1000);
  const caCert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: `CN=platform-local-ca-${Math.floor(now / 1000)}`,
    notBefore,
    notAfter: new Date(now + 10 * YEAR_MS),
    keys: caKeys,
    signingAlgorithm: alg,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign | x509.KeyUsageFlags.digitalSignature, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  const serverKeys = await subtle.generateKey(alg, true, ['sign', 'verify']) as KeyPair;
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: 'CN=platform-apiserver',
    issuer: caCert.subject,
    notBefore,
    notAfter: new Date(now + YEAR_MS),
    signingKey: caKeys.privateKey,
    publicKey: serverKeys.publicKey,
    signingAlgorithm: alg,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([
        { type: 'dns', value: 'localhost' },
        { type: 'ip', value: '127.0.0.1' },
        { type: 'ip', value: '::1' },
      ]),
      await x509.AuthorityKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  return {
    caPem: caCert.toString('pem') + '\n',
    caKeyPem: pem('PRIVATE KEY', await subtle.exportKey('pkcs8', caKeys.privateKey)),
    certPem: cert.toString('pem') + '\n',
    keyPem: pem('PRIVATE KEY', await subtle.exportKey('pkcs8', serverKeys.privateKey)),
  };
}

/** Writes a file atomically with mode 0600. */
export async function writeSecretFile(path: string, content: string): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}`;
  await writeFile(tmp, content, { mode: 0o600 });
  await chmod(tmp, 0o600);
  await rename(tmp, path);
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/** Loads the material kept in `dataDir`, generating and saving it on first start. */
export async function loadOrCreateTlsMaterial(dataDir: string, now: number): Promise<TlsMaterial> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const [caPem, caKeyPem, certPem, keyPem] = await Promise.all([
    readIfExists(join(dataDir, FILES.ca)), readIfExists(join(dataDir, FILES.caKey)),
    readIfExists(join(dataDir, FILES.cert)), readIfExists(join(dataDir, FILES.key)),
  ]);
  if (caPem !== undefined && caKeyPem !== undefined && certPem !== undefined && keyPem !== undefined) return { caPem, caKeyPem, certPem, keyPem };
  const m = await generateTlsMaterial(now);
  await writeSecretFile(join(dataDir, FILES.caKey), m.caKeyPem);
  await writeSecretFile(join(dataDir, FILES.key), m.keyPem);
  await writeSecretFile(join(dataDir, FILES.cert), m.certPem);
  await writeSecretFile(join(dataDir, FILES.ca), m.caPem);
  return m;
}

let ephemeral: Promise<TlsMaterial> | undefined;

/** One generated set per process for servers without a data directory (tests start many). */
export function ephemeralTlsMaterial(now: number): Promise<TlsMaterial> {
  ephemeral ??= generateTlsMaterial(now);
  return ephemeral;
}
