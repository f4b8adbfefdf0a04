/**
 * Service-account signing and verification keys. The server signs with one private key (from
 * `--service-account-signing-key-file`, else one generated in the data directory, else one per
 * process) and verifies with its public key plus those of `--service-account-key-file`.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeSecretFile } from '../../../tls/certificates.js';

/** File name of the generated signing key in the data directory. */
export const SA_KEY_FILE = 'sa.key';

/** A signing key with the JWS algorithm it signs with and its key id. */
export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  alg: string;
  kid: string;
}

/** A verification key. */
export interface VerifyKey {
  publicKey: KeyObject;
  alg: string;
  kid: string;
}

/** The JWS algorithm of a key (RS256 for RSA, ES256/384/512 by curve). */
export function algorithmOf(key: KeyObject): string {
  if (key.asymmetricKeyType === 'rsa') return 'RS256';
  if (key.asymmetricKeyType === 'ec') {
    const curve = key.asymmetricKeyDetails?.namedCurve;
    if (curve === 'prime256v1') return 'ES256';
    if (curve === 'secp384r1') return 'ES384';
    if (curve === 'secp521r1') return 'ES512';
  }
  throw new Error(`unsupported service account key type ${key.asymmetricKeyType ?? 'unknown'}`);
}

/** The key id the API server derives: base64url of the SHA-256 of the public key's DER. */
export function keyIdOf(publicKey: KeyObject): string {
  return createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('base64url');
}

function verifyKey(publicKey: KeyObject): VerifyKey {
  return { publicKey, alg: algorithmOf(publicKey), kid: keyIdOf(publicKey) };
}

/** A signing key from a private key PEM. */
export function signingKeyFromPem(pem: string): SigningKey {
  const privateKey = createPrivateKey(pem);
  const publicKey = createPublicKey(privateKey);
  return { privateKey, publicKey, alg: algorithmOf(privateKey), kid: keyIdOf(publicKey) };
}

function generatePem(): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** Reads the signing key of a file. */
export async function readSigningKey(path: string): Promise<SigningKey> {
  try {
    return signingKeyFromPem(await readFile(path, 'utf8'));
  } catch (e) {
    throw new Error(`failed to read service account signing key file ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The key kept in the data directory, generated on first start. */
export async function loadOrCreateSigningKey(dataDir: string): Promise<SigningKey> {
  const path = join(dataDir, SA_KEY_FILE);
  try {
    return signingKeyFromPem(await readFile(path, 'utf8'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const pem = generatePem();
  await writeSecretFile(path, pem);
  return signingKeyFromPem(pem);
}

let ephemeral: SigningKey | undefined;

/** One key per process for servers without a data directory. */
export function ephemeralSigningKey(): SigningKey {
  ephemeral ??= signingKeyFromPem(generatePem());
  return ephemeral;
}

/** The public keys of a PEM file (public keys, private keys or certificates, several allowed). */
export function verifyKeysFromPem(pem: string): VerifyKey[] {
  const blocks = pem.match(/-----BEGIN ([A-Z ]+)-----[\s\S]+?-----END \1-----/g) ?? [];
  const keys: VerifyKey[] = [];
  for (const b of blocks) {
    if (b.includes('CERTIFICATE')) keys.push(verifyKey(createPublicKey(b)));
    else if (b.includes('PRIVATE KEY')) keys.push(verifyKey(createPublicKey(createPrivateKey(b))));
    else if (b.includes('PUBLIC KEY')) keys.push(verifyKey(createPublicKey(b)));
  }
  return keys;
}

/** Reads the verification keys of files. */
export async function readVerifyKeys(paths: string[]): Promise<VerifyKey[]> {
  const out: VerifyKey[] = [];
  for (const p of paths) {
    const keys = verifyKeysFromPem(await readFile(p, 'utf8'));
    if (keys.length === 0) throw new Error(`no public keys found in service account key file ${p}`);
    out.push(...keys);
  }
  return out;
}
