/**
 * The few DER facts signature verification needs from a PKCS#10 request: the raw
 * `CertificationRequestInfo` (the signed bytes), the signature algorithm OID and the signature.
 */

interface Tlv {
  tag: number;
  /** Whole element (tag, length, content). */
  raw: Buffer;
  content: Buffer;
  next: number;
}

function readTlv(buf: Buffer, at: number): Tlv {
  if (at + 2 > buf.length) throw new Error('asn1: truncated element');
  const tag = buf[at] ?? 0;
  let len = buf[at + 1] ?? 0;
  let off = at + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4 || off + n > buf.length) throw new Error('asn1: invalid length');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + (buf[off + i] ?? 0);
    off += n;
  }
  if (off + len > buf.length) throw new Error('asn1: data truncated');
  return { tag, raw: buf.subarray(at, off + len), content: buf.subarray(off, off + len), next: off + len };
}

function oidText(content: Buffer): string {
  const parts: number[] = [];
  let v = 0;
  for (const b of content) {
    v = v * 128 + (b & 0x7f);
    if ((b & 0x80) === 0) {
      if (parts.length === 0) parts.push(v < 80 ? Math.floor(v / 40) : 2, v < 80 ? v % 40 : v - 80);
      else parts.push(v);
      v = 0;
    }
  }
  return parts.join('.');
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
  return { tbs: tbs.raw, algorithmOid: oidText(oid.content), signature: sig.content.subarray(1) };
}
