/**
 * The two DER (ASN.1) facts both sides read by hand: one element's tag and extent, and the dotted
 * text of an OBJECT IDENTIFIER. The client reads certificate extensions with them for its TLS
 * chain check, the server the parts of a certificate signing request that it verifies.
 */

/** One DER element: its tag, where its content starts and where the element ends. */
export interface DerElement {
  tag: number;
  start: number;
  end: number;
}

/** Why no element could be read: its header is cut short, its length is malformed, or its content is cut short. */
export type DerFault = 'truncated header' | 'invalid length' | 'truncated content';

/**
 * The element at `offset`, read no further than `limit` (definite lengths of up to four bytes,
 * as DER writes them), or why it cannot be read.
 */
export function derElement(der: Uint8Array, offset: number, limit: number): DerElement | { fault: DerFault } {
  if (offset + 2 > limit) return { fault: 'truncated header' };
  const tag = der[offset] ?? 0;
  const first = der[offset + 1] ?? 0;
  let length = first;
  let start = offset + 2;
  if (first & 0x80) {
    const count = first & 0x7f;
    if (count === 0 || count > 4 || start + count > limit) return { fault: 'invalid length' };
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (der[start + i] ?? 0);
    start += count;
  }
  const end = start + length;
  if (end > limit) return { fault: 'truncated content' };
  return { tag, start, end };
}

/** The dotted form of an OBJECT IDENTIFIER's content; undefined when empty or an arc passes 2^53. */
export function oidText(content: Uint8Array): string | undefined {
  if (content.length === 0) return undefined;
  const arcs: number[] = [];
  let value = 0;
  for (const byte of content) {
    value = value * 128 + (byte & 0x7f);
    if (value > Number.MAX_SAFE_INTEGER / 128) return undefined;
    if ((byte & 0x80) === 0) {
      // The first subidentifier holds the first two arcs.
      if (arcs.length === 0) arcs.push(value < 80 ? Math.floor(value / 40) : 2, value < 80 ? value % 40 : value - 80);
      else arcs.push(value);
      value = 0;
    }
  }
  return arcs.join('.');
}
