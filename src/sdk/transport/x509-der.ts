/**
 * Reads the few certificate facts that `node:crypto`'s X509Certificate does not expose (the
 * extension list with criticality, basic constraints' path length, key usage bits, the signature
 * algorithm) from the certificate's DER. Only what the fast TLS chain check needs; anything it
 * cannot read makes it answer `undefined`, and the caller then leaves the decision to Node.
 */
import { derElement, oidText, type DerElement } from '../../machinery/der.js';

/** The DER element at `offset`, bounded by `limit`; undefined when malformed. */
function element(der: Uint8Array, offset: number, limit: number): DerElement | undefined {
  const e = derElement(der, offset, limit);
  // High tag numbers never occur in the structures read here.
  return 'fault' in e || (e.tag & 0x1f) === 0x1f ? undefined : e;
}

/** The elements directly inside a constructed element. */
function children(der: Uint8Array, parent: DerElement): DerElement[] | undefined {
  const out: DerElement[] = [];
  let offset = parent.start;
  while (offset < parent.end) {
    const child = element(der, offset, parent.end);
    if (child === undefined) return undefined;
    out.push(child);
    offset = child.end;
  }
  return out;
}

const SEQUENCE = 0x30;
const OID = 0x06;
const BOOLEAN = 0x01;
const INTEGER = 0x02;
const OCTET_STRING = 0x04;
const BIT_STRING = 0x03;
const EXTENSIONS_TAG = 0xa3;

/** Dotted form of an OBJECT IDENTIFIER element. */
function oidOf(der: Uint8Array, e: DerElement): string | undefined {
  return e.tag === OID ? oidText(der.subarray(e.start, e.end)) : undefined;
}

/** One certificate extension. */
export interface CertificateExtension {
  oid: string;
  critical: boolean;
  /** The extension's value (the content of its OCTET STRING). */
  value: DerElement;
}

/** What the chain check needs from a certificate's DER. */
export interface CertificateFacts {
  /** OID of the signature algorithm the issuer signed with. */
  signatureAlgorithm: string;
  extensions: CertificateExtension[];
  /** Basic constraints' pathLenConstraint, when present. */
  pathLength?: number;
  /** Key usage bits (bit 0 = digitalSignature ... bit 8 = decipherOnly), when the extension is present. */
  keyUsage?: number;
  /** Extended key usage OIDs, when the extension is present. */
  extendedKeyUsage?: string[];
}

export const OIDS = {
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extendedKeyUsage: '2.5.29.37',
  subjectAltName: '2.5.29.17',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
  serverAuth: '1.3.6.1.5.5.7.3.1',
} as const;

function readBasicConstraints(der: Uint8Array, value: DerElement): { pathLength?: number } | undefined {
  const seq = element(der, value.start, value.end);
  if (seq?.tag !== SEQUENCE || seq.end !== value.end) return undefined;
  const parts = children(der, seq);
  if (parts === undefined || parts.length > 2) return undefined;
  const out: { pathLength?: number } = {};
  for (const part of parts) {
    if (part.tag === BOOLEAN) continue;
    if (part.tag !== INTEGER || part.end - part.start < 1 || part.end - part.start > 2) return undefined;
    if (((der[part.start] ?? 0) & 0x80) !== 0) return undefined;
    let n = 0;
    for (let i = part.start; i < part.end; i++) n = n * 256 + (der[i] ?? 0);
    out.pathLength = n;
  }
  return out;
}

function readKeyUsage(der: Uint8Array, value: DerElement): number | undefined {
  const bits = element(der, value.start, value.end);
  if (bits?.tag !== BIT_STRING || bits.end !== value.end || bits.end - bits.start < 2 || bits.end - bits.start > 3) return undefined;
  const first = der[bits.start + 1] ?? 0;
  const second = bits.end - bits.start === 3 ? der[bits.start + 2] ?? 0 : 0;
  let usage = 0;
  for (let bit = 0; bit < 8; bit++) if (first & (0x80 >> bit)) usage |= 1 << bit;
  if (second & 0x80) usage |= 1 << 8;
  return usage;
}

function readExtendedKeyUsage(der: Uint8Array, value: DerElement): string[] | undefined {
  const seq = element(der, value.start, value.end);
  if (seq?.tag !== SEQUENCE || seq.end !== value.end) return undefined;
  const parts = children(der, seq);
  if (parts === undefined) return undefined;
  const oids: string[] = [];
  for (const part of parts) {
    const oid = oidOf(der, part);
    if (oid === undefined) return undefined;
    oids.push(oid);
  }
  return oids;
}

/** Key usage bits. */
export const KEY_USAGE = {
  digitalSignature: 1 << 0,
  keyEncipherment: 1 << 2,
  keyAgreement: 1 << 4,
  keyCertSign: 1 << 5,
} as const;

/** The facts of a DER certificate, or undefined when it cannot be read with certainty. */
export function certificateFacts(der: Uint8Array): CertificateFacts | undefined {
  const cert = element(der, 0, der.length);
  if (cert?.tag !== SEQUENCE || cert.end !== der.length) return undefined;
  const top = children(der, cert);
  if (top?.length !== 3) return undefined;
  const [tbs, sigAlg] = top;
  if (tbs?.tag !== SEQUENCE || sigAlg?.tag !== SEQUENCE) return undefined;
  const sigParts = children(der, sigAlg);
  const algorithm = sigParts?.[0] === undefined ? undefined : oidOf(der, sigParts[0]);
  if (algorithm === undefined) return undefined;
  const fields = children(der, tbs);
  if (fields === undefined) return undefined;
  const facts: CertificateFacts = { signatureAlgorithm: algorithm, extensions: [] };
  const extensionsField = fields.find((f) => f.tag === EXTENSIONS_TAG);
  if (extensionsField === undefined) return facts;
  const list = element(der, extensionsField.start, extensionsField.end);
  if (list?.tag !== SEQUENCE) return undefined;
  const entries = children(der, list);
  if (entries === undefined) return undefined;
  const seen = new Set<string>();
  for (const entry of entries) {
    const parts = entry.tag === SEQUENCE ? children(der, entry) : undefined;
    if (parts === undefined || parts.length < 2 || parts.length > 3) return undefined;
    const oid = parts[0] === undefined ? undefined : oidOf(der, parts[0]);
    const value = parts[parts.length - 1];
    if (oid === undefined || value?.tag !== OCTET_STRING) return undefined;
    // A repeated extension makes OpenSSL refuse the certificate; leave that to it.
    if (seen.has(oid)) return undefined;
    seen.add(oid);
    let critical = false;
    if (parts.length === 3) {
      const flag = parts[1];
      if (flag?.tag !== BOOLEAN || flag.end - flag.start !== 1) return undefined;
      critical = der[flag.start] !== 0;
    }
    facts.extensions.push({ oid, critical, value });
    if (oid === OIDS.basicConstraints) {
      const bc = readBasicConstraints(der, value);
      if (bc === undefined) return undefined;
      if (bc.pathLength !== undefined) facts.pathLength = bc.pathLength;
    } else if (oid === OIDS.keyUsage) {
      const usage = readKeyUsage(der, value);
      if (usage === undefined) return undefined;
      facts.keyUsage = usage;
    } else if (oid === OIDS.extendedKeyUsage) {
      const usages = readExtendedKeyUsage(der, value);
      if (usages === undefined) return undefined;
      facts.extendedKeyUsage = usages;
    }
  }
  return facts;
}
