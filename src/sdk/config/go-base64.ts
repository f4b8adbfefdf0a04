/**
 * Base64 with Go's `encoding/base64.StdEncoding` rules: padding required, `\r` and `\n` ignored,
 * anything else rejected with Go's `illegal base64 data at input byte N`. Node's decoder silently
 * skips bad characters, which would let a corrupt `certificate-authority-data` through.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

/** Thrown for input Go would reject; the message is Go's. */
export class Base64Error extends Error {
  override name = 'Base64Error';
  constructor(readonly offset: number) {
    super(`illegal base64 data at input byte ${offset}`);
  }
}

function isNewline(c: number): boolean {
  return c === 0x0a || c === 0x0d;
}

function valueOf(c: number): number {
  return c < 128 ? (DECODE[c] as number) : -1;
}

/** Checks `text` as Go would decode it; throws {@link Base64Error} at the first bad byte. */
export function validateGoBase64(text: string): void {
  // Go works on bytes; base64 text is ASCII, so a non-ASCII character is rejected where it starts.
  const src = Buffer.from(text, 'utf8');
  let si = 0;
  while (si < src.length) {
    let j = 0;
    for (; j < 4; j++) {
      if (si === src.length) {
        if (j === 0) return;
        throw new Base64Error(si - j);
      }
      const c = src[si] as number;
      si++;
      if (valueOf(c) >= 0) continue;
      if (isNewline(c)) {
        j--;
        continue;
      }
      if (c !== 0x3d) throw new Base64Error(si - 1);
      // Padding: only after two or three data characters, and then only padding and newlines.
      if (j === 0 || j === 1) throw new Base64Error(si - 1);
      if (j === 2) {
        while (si < src.length && isNewline(src[si] as number)) si++;
        if (si === src.length) throw new Base64Error(src.length);
        if (src[si] !== 0x3d) throw new Base64Error(si - 1);
        si++;
      }
      while (si < src.length && isNewline(src[si] as number)) si++;
      if (si < src.length) throw new Base64Error(si);
      return;
    }
  }
}

/** Validates with Go's rules and returns the canonical encoding (no newlines). */
export function canonicalBase64(text: string): string {
  validateGoBase64(text);
  return Buffer.from(text.replace(/[\r\n]/g, ''), 'base64').toString('base64');
}

/** Decodes validated base64 into a UTF-8 string (PEM data). */
export function decodeBase64Text(text: string): string {
  return Buffer.from(text.replace(/[\r\n]/g, ''), 'base64').toString('utf8');
}
