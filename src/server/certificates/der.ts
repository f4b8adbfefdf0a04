/**
 * The few DER facts signature verification needs from a PKCS#10 request: the raw
 * `CertificationRequestInfo` (the signed bytes), the signature algorithm OID and the signature.
 */
import { derElement, oidText, type DerFault } from '../../machinery/der.js';

interface Tlv {
  tag: number;
  /** Whole element (tag, length, content). */
  raw: Buffer;
  content: Buffer;
  next: number;
}

/** Go's encoding/asn1 words for an element it cannot read. */
const FAULTS: Record<DerFault, string> = {
  'truncated header': 'asn1: truncated element',
  'invalid length': 'asn1: invalid length',
  'truncated content': 'asn1: data truncated',
};

function readTlv(buf: Buffer, at: number): Tlv {
  const e = derElement(buf, at, buf.length);
  if ('fault' in e) throw new Error(FAULTS[e.fault]);
  return { tag: e.tag, raw: buf.subarray(at, e.end), content: buf.subarray(e.start, e.end), next: e.end };
}

/** The signed part, algorithm and signature of a PKCS#10 request (or an X.509 certificate). */
export interface SignedParts {
  tbs: Buffer;
  algorithmOid: string;
  signature: Buffer;
}

/** Splits a DER `SEQUENCE { tbs, AlgorithmIdentifier, BIT STRING }`. */
export function signedParts(der: Buffer): SignedParts {
  const outer = readTlv(der, 0);
  if (outer.tag !== 0x30) throw new Error('asn1: structure error: not a sequence');
  if (outer.next !== der.length) throw new Error('asn1: syntax error: trailing data');
  const tbs = readTlv(outer.content, 0);
  const alg = readTlv(outer.content, tbs.next);
  const sig = readTlv(outer.content, alg.next);
  if (tbs.tag !== 0x30 || alg.tag !== 0x30 || sig.tag !== 0x03) throw new Error('asn1: structure error');
  const oid = readTlv(alg.content, 0);
  if (oid.tag !== 0x06) throw new Error('asn1: structure error: no algorithm identifier');
  return { tbs: tbs.raw, algorithmOid: oidText(oid.content) ?? '', signature: sig.content.subarray(1) };
}
