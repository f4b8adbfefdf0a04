/**
 * Client-certificate verification. The HTTPS server asks for a client certificate without
 * requiring one (`requestCert`, `rejectUnauthorized: false`), so that bearer tokens and anonymous
 * requests still work; whoever reads the certificate then verifies its chain here against the CA
 * bundle it trusts (the client CA, or the request-header CA of an authenticating proxy).
 */
import { X509Certificate } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { DetailedPeerCertificate, TLSSocket } from 'node:tls';

const CLIENT_AUTH_OID = '1.3.6.1.5.5.7.3.2';
const ANY_EKU_OID = '2.5.29.37.0';
const MAX_CHAIN = 8;

/** The certificates of a PEM bundle (other blocks are ignored). */
export function parseCertificates(pem: string): X509Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((b) => new X509Certificate(b));
}

/** The certificates the client presented: its own first, then the intermediates it sent. */
export function peerChain(req: IncomingMessage): X509Certificate[] {
  const socket = req.socket as Partial<TLSSocket>;
  if (typeof socket.getPeerCertificate !== 'function') return [];
  // Without a client certificate Node returns an empty object.
  const leaf = socket.getPeerCertificate(true) as Partial<DetailedPeerCertificate>;
  if (leaf.raw === undefined) return [];
  const out: X509Certificate[] = [];
  const seen = new Set<string>();
  let cur: Partial<DetailedPeerCertificate> | undefined = leaf;
  while (cur?.raw !== undefined && out.length < MAX_CHAIN) {
    const key = cur.raw.toString('base64');
    if (seen.has(key)) break;
    seen.add(key);
    out.push(new X509Certificate(cur.raw));
    cur = cur.issuerCertificate;
  }
  return out;
}

function checkTime(cert: X509Certificate, now: number): string | undefined {
  const from = Date.parse(cert.validFrom);
  const to = Date.parse(cert.validTo);
  if (now < from) return `x509: certificate has expired or is not yet valid: current time ${new Date(now).toISOString()} is before ${new Date(from).toISOString()}`;
  if (now > to) return `x509: certificate has expired or is not yet valid: current time ${new Date(now).toISOString()} is after ${new Date(to).toISOString()}`;
  return undefined;
}

function issues(issuer: X509Certificate, cert: X509Certificate): boolean {
  try {
    return cert.checkIssued(issuer) && cert.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

/**
 * Verifies a presented chain against trusted roots for client authentication; returns undefined
 * when it is valid, else the reason (as Go's x509 words it).
 */
export function verifyClientChain(chain: X509Certificate[], roots: X509Certificate[], now: number): string | undefined {
  const leaf = chain[0];
  if (leaf === undefined) return 'no client certificate';
  const eku = leaf.keyUsage as string[] | undefined;
  if (eku !== undefined && eku.length > 0 && !eku.includes(CLIENT_AUTH_OID) && !eku.includes(ANY_EKU_OID)) {
    return 'x509: certificate specifies an incompatible key usage';
  }
  const intermediates = chain.slice(1).filter((c) => c.ca);
  let cur = leaf;
  for (let depth = 0; depth < MAX_CHAIN; depth++) {
    const timeError = checkTime(cur, now);
    if (timeError !== undefined) return timeError;
    const root = roots.find((r) => issues(r, cur));
    if (root !== undefined) return checkTime(root, now);
    const next = intermediates.find((c) => c !== cur && issues(c, cur));
    if (next === undefined) break;
    cur = next;
  }
  return 'x509: certificate signed by unknown authority';
}

/** Values of one attribute (`CN`, `O`) of a distinguished name as Node prints it (one per line). */
export function nameAttributes(dn: string, attr: string): string[] {
  const out: string[] = [];
  for (const line of dn.split('\n')) {
    const i = line.indexOf('=');
    if (i > 0 && line.slice(0, i) === attr) out.push(line.slice(i + 1));
  }
  return out;
}
