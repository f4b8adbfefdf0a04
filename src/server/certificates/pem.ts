/**
 * PEM blocks as Go's `encoding/pem` sees them: a type, the DER bytes, and what follows the last
 * block (CSR and certificate validation refuse trailing data).
 */

/** One PEM block. */
export interface PemBlock {
  type: string;
  der: Buffer;
}

const BLOCK_RE = /-----BEGIN ([A-Z0-9 ]+)-----\r?\n([\s\S]*?)-----END \1-----/g;

/** The blocks of a PEM text, in order, and the non-blank text after the last one. */
export function parsePem(text: string): { blocks: PemBlock[]; rest: string } {
  const blocks: PemBlock[] = [];
  let end = 0;
  for (const m of text.matchAll(BLOCK_RE)) {
    const body = (m[2] ?? '').split(/\r?\n/).filter((l) => !l.includes(':')).join('');
    blocks.push({ type: m[1] ?? '', der: Buffer.from(body.replace(/\s+/g, ''), 'base64') });
    end = (m.index ?? 0) + m[0].length;
  }
  return { blocks, rest: text.slice(end).trim() };
}

/** PEM text of one DER block. */
export function encodePem(type: string, der: Uint8Array): string {
  const lines = Buffer.from(der).toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${type}-----\n${lines.join('\n')}\n-----END ${type}-----\n`;
}

/** The PEM text a CSR field holds (JSON carries `[]byte` as base64). */
export function decodeBytesField(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  return Buffer.from(v, 'base64').toString('latin1');
}
