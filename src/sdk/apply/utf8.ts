/**
 * Manifest bytes to text. Invalid UTF-8 is an error naming the file, line and column of the first
 * bad byte: decoding would silently turn it into U+FFFD and send changed data to the server.
 */
import { isUtf8 } from 'node:buffer';
import { InputError } from '../errors.js';

/** Length of the UTF-8 sequence starting at `i`, or 0 when the bytes there are not valid UTF-8. */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const b = bytes[i] as number;
  if (b < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf): boolean => {
    const c = bytes[i + k];
    return c !== undefined && c >= lo && c <= hi;
  };
  if (b >= 0xc2 && b <= 0xdf) return cont(1) ? 2 : 0;
  if (b === 0xe0) return cont(1, 0xa0) && cont(2) ? 3 : 0;
  if (b === 0xed) return cont(1, 0x80, 0x9f) && cont(2) ? 3 : 0;
  if (b >= 0xe1 && b <= 0xef) return cont(1) && cont(2) ? 3 : 0;
  if (b === 0xf0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (b === 0xf4) return cont(1, 0x80, 0x8f) && cont(2) && cont(3) ? 4 : 0;
  if (b >= 0xf1 && b <= 0xf3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

/** Byte offset of the first invalid UTF-8 sequence, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const n = sequenceLength(bytes, i);
    if (n === 0) return i;
    i += n;
  }
  return -1;
}

/**
 * Decodes manifest bytes as UTF-8.
 *
 * @throws {@link InputError} naming `source` and the line and column of the first invalid byte.
 */
export function decodeUtf8(bytes: Buffer, source: string): string {
  if (isUtf8(bytes)) return bytes.toString('utf8');
  const offset = firstInvalidUtf8(bytes);
  const before = bytes.subarray(0, Math.max(0, offset)).toString('utf8');
  const lineStart = before.lastIndexOf('\n') + 1;
  const line = before.split('\n').length;
  const column = [...before.slice(lineStart)].length + 1;
  const byte = (bytes[offset] ?? 0).toString(16).padStart(2, '0');
  return fail(source, line, column, byte);
}

function fail(file: string, line: number, column: number, byte: string): never {
  throw new InputError(`invalid UTF-8 (byte 0x${byte}): manifests must be UTF-8 text; binary data belongs base64-encoded in binaryData`, { file, line, column });
}
