/**
 * A fast, deliberately narrow check of a server's certificate chain against the cluster's CA
 * bundle with `node:crypto`, so that a process need not build a TLS context with a custom `ca`
 * (which makes Node parse its whole bundled root store first: about 17 ms of every command).
 *
 * It answers only "trusted" or "undecided". "Trusted" is given only when every rule that OpenSSL
 * applies to a TLS server chain is certainly met: a path from the presented leaf through presented
 * intermediates to a self-signed certificate of the bundle, each link signed by the next
 * (`checkIssued`, which includes the issuer's keyCertSign usage, and `verify`), every certificate
 * in its validity period, every issuer a CA within its path length, server-auth purpose wherever an
 * extended key usage is present, a leaf key usage fit for TLS, no extension that OpenSSL would
 * enforce beyond these (name constraints, policies, unknown critical ones), and only keys and
 * signature algorithms that every OpenSSL security level up to 2 accepts. Everything else is
 * "undecided", and the caller lets Node's own verification decide (and word the error), so a
 * refusal or an unusual chain behaves exactly as without this check.
 */
import { X509Certificate } from 'node:crypto';
import { KEY_USAGE, OIDS, certificateFacts, type CertificateFacts } from './x509-der.js';

/** Extensions whose meaning the rules above cover (or that OpenSSL does not enforce). */
const UNDERSTOOD_EXTENSIONS = new Set<string>([
  OIDS.basicConstraints, OIDS.keyUsage, OIDS.extendedKeyUsage, OIDS.subjectAltName,
  OIDS.subjectKeyIdentifier, OIDS.authorityKeyIdentifier,
]);
/** Informational extensions, accepted only when not critical. */
const INFORMATIONAL_EXTENSIONS = new Set<string>([
  '1.3.6.1.5.5.7.1.1', // authorityInfoAccess
  '2.5.29.31', // cRLDistributionPoints
  '2.5.29.18', // issuerAltName
  '1.3.6.1.4.1.11129.2.4.2', // certificate transparency SCT list
]);
/** sha256/384/512 with RSA (PKCS #1 v1.5), ECDSA with SHA-256/384/512, Ed25519. */
const STRONG_SIGNATURES = new Set<string>([
  '1.2.840.113549.1.1.11', '1.2.840.113549.1.1.12', '1.2.840.113549.1.1.13',
  '1.2.840.10045.4.3.2', '1.2.840.10045.4.3.3', '1.2.840.10045.4.3.4',
  '1.3.101.112',
]);
const STRONG_CURVES = new Set<string>(['prime256v1', 'secp384r1', 'secp521r1']);
/** Longest chain (leaf + intermediates + anchor) the fast check follows. */
const MAX_PATH = 6;

/** A certificate with the facts read from its DER. */
interface Parsed {
  cert: X509Certificate;
  facts: CertificateFacts;
}

function parse(cert: X509Certificate): Parsed | undefined {
  const facts = certificateFacts(cert.raw);
  return facts === undefined ? undefined : { cert, facts };
}

/** The certificates of a PEM bundle; undefined when any block is not a plain certificate. */
export function parseCaBundle(pem: string): X509Certificate[] | undefined {
  const blocks = pem.match(/-----BEGIN [^-]+-----[\s\S]*?-----END [^-]+-----/g) ?? [];
  if (blocks.length === 0) return undefined;
  const certs: X509Certificate[] = [];
  for (const block of blocks) {
    if (!block.startsWith('-----BEGIN CERTIFICATE-----')) return undefined;
    try {
      certs.push(new X509Certificate(block));
    } catch {
      return undefined;
    }
  }
  return certs;
}

function strongKey(cert: X509Certificate): boolean {
  const key = cert.publicKey;
  const details = key.asymmetricKeyDetails;
  switch (key.asymmetricKeyType) {
    case 'rsa':
      return (details?.modulusLength ?? 0) >= 2048;
    case 'ec':
      return STRONG_CURVES.has(details?.namedCurve ?? '');
    case 'ed25519':
      return true;
    default:
      return false;
  }
}

function withinValidity(cert: X509Certificate, now: number): boolean {
  const from = Date.parse(cert.validFrom);
  const to = Date.parse(cert.validTo);
  return Number.isFinite(from) && Number.isFinite(to) && from <= now && now <= to;
}

function extensionsUnderstood(facts: CertificateFacts): boolean {
  return facts.extensions.every((e) => UNDERSTOOD_EXTENSIONS.has(e.oid) || (!e.critical && INFORMATIONAL_EXTENSIONS.has(e.oid)));
}

function serverAuthAllowed(facts: CertificateFacts): boolean {
  return facts.extendedKeyUsage === undefined || facts.extendedKeyUsage.includes(OIDS.serverAuth);
}

/** Rules every certificate of the path meets, whatever its place. */
function soundCertificate(p: Parsed, now: number): boolean {
  return withinValidity(p.cert, now) && strongKey(p.cert) && STRONG_SIGNATURES.has(p.facts.signatureAlgorithm)
    && extensionsUnderstood(p.facts) && serverAuthAllowed(p.facts);
}

/** Rules of an issuer `below` certificates under it (not counting the leaf) in the path. */
function soundIssuer(p: Parsed, below: number): boolean {
  if (!p.cert.ca) return false;
  if (p.facts.keyUsage !== undefined && (p.facts.keyUsage & KEY_USAGE.keyCertSign) === 0) return false;
  return p.facts.pathLength === undefined || p.facts.pathLength >= below;
}

function soundLeaf(p: Parsed): boolean {
  const usage = p.facts.keyUsage;
  return usage === undefined || (usage & (KEY_USAGE.digitalSignature | KEY_USAGE.keyEncipherment | KEY_USAGE.keyAgreement)) !== 0;
}

function signedBy(subject: X509Certificate, issuer: X509Certificate): boolean {
  return subject.checkIssued(issuer) && subject.verify(issuer.publicKey);
}

function selfSigned(cert: X509Certificate): boolean {
  return signedBy(cert, cert);
}

function sameCertificate(a: X509Certificate, b: X509Certificate): boolean {
  return a.raw.equals(b.raw);
}

/**
 * True only when the presented chain (leaf first) certainly leads to a self-signed certificate of
 * `anchors` under the rules above; false means "undecided", not "untrusted".
 */
export function chainCertainlyTrusted(presented: readonly X509Certificate[], anchors: readonly X509Certificate[], now: number): boolean {
  const leafCert = presented[0];
  if (leafCert === undefined) return false;
  const leaf = parse(leafCert);
  if (leaf === undefined || !soundCertificate(leaf, now) || !soundLeaf(leaf)) return false;
  // A self-signed leaf is trusted only as itself, when the bundle holds exactly it.
  if (selfSigned(leafCert)) return anchors.some((a) => sameCertificate(a, leafCert));
  const intermediates = presented.slice(1);
  let current = leaf;
  for (let depth = 0; depth < MAX_PATH; depth++) {
    // OpenSSL looks in the trust store first: an issuer there ends the path.
    const trusted = anchors.filter((a) => signedBy(current.cert, a));
    if (trusted.length > 1) return false;
    const anchorCert = trusted[0];
    if (anchorCert !== undefined) {
      const anchor = parse(anchorCert);
      return anchor !== undefined && selfSigned(anchorCert) && soundCertificate(anchor, now) && soundIssuer(anchor, depth);
    }
    const next = intermediates.filter((c) => !selfSigned(c) && signedBy(current.cert, c));
    const issuerCert = next.length === 1 ? next[0] : undefined;
    if (issuerCert === undefined) return false;
    const issuer = parse(issuerCert);
    if (issuer === undefined || !soundCertificate(issuer, now) || !soundIssuer(issuer, depth)) return false;
    current = issuer;
  }
  return false;
}
