/**
 * Go's `base64.StdEncoding`, run over the bytes as Go does: padding required, `\r` and `\n`
 * ignored, anything else refused with Go's `illegal base64 data at input byte N` (the byte offset
 * of the UTF-8 text). kubectl's `base64decode` template function, the `[]byte` fields of Go's JSON
 * decoder (the API server's, kubeconfig's) and `config set` read base64 this way; Node's decoder
 * silently skips bad characters instead.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Int16Array(256).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

const PAD = 0x3d;
const isNewline = (c: number | undefined): boolean => c === 0x0a || c === 0x0d;

/** Go's `base64.CorruptInputError`. */
export class CorruptInputError extends Error {
  constructor(readonly offset: number) {
    super(`illegal base64 data at input byte ${offset}`);
  }
}

/** Decodes one quantum (Go's decodeQuantum); returns the next index and the bytes. */
function decodeQuantum(src: Uint8Array, start: number, out: number[]): number {
  const dbuf = [0, 0, 0, 0];
  let dlen = 4;
  let si = start;
  let trailing: CorruptInputError | undefined;
  for (let j = 0; j < 4; j++) {
    if (si === src.length) {
      if (j === 0) return si;
      throw new CorruptInputError(si - j);
    }
    const c = src[si] ?? 0;
    si++;
    const v = DECODE[c] ?? -1;
    if (v >= 0) {
      dbuf[j] = v;
      continue;
    }
    if (isNewline(c)) {
      j--;
      continue;
    }
    if (c !== PAD) throw new CorruptInputError(si - 1);
    if (j === 0 || j === 1) throw new CorruptInputError(si - 1);
    if (j === 2) {
      while (si < src.length && isNewline(src[si])) si++;
      if (si === src.length) throw new CorruptInputError(src.length);
      if (src[si] !== PAD) throw new CorruptInputError(si - 1);
      si++;
    }
    while (si < src.length && isNewline(src[si])) si++;
    if (si < src.length) trailing = new CorruptInputError(si);
    dlen = j;
    break;
  }
  const val = ((dbuf[0] ?? 0) << 18) | ((dbuf[1] ?? 0) << 12) | ((dbuf[2] ?? 0) << 6) | (dbuf[3] ?? 0);
  const bytes = [(val >> 16) & 0xff, (val >> 8) & 0xff, val & 0xff];
  out.push(...bytes.slice(0, dlen - 1));
  if (trailing !== undefined) throw trailing;
  return si;
}

/**
 * Decodes standard, padded base64 to bytes (Go's `DecodeString`).
 *
 * @throws CorruptInputError naming the offset of the first bad byte
 */
export function decodeGoBase64(text: string): Uint8Array {
  const src = Buffer.from(text, 'utf8');
  const out: number[] = [];
  let si = 0;
  while (si < src.length) {
    const next = decodeQuantum(src, si, out);
    if (next === si) break;
    si = next;
  }
  return Uint8Array.from(out);
}

/** Go's error for `text`, or undefined when it decodes. */
export function goBase64Problem(text: string): string | undefined {
  try {
    decodeGoBase64(text);
    return undefined;
  } catch (err) {
    if (err instanceof CorruptInputError) return err.message;
    throw err;
  }
}

/** The canonical encoding (no line breaks) of base64 `text`, as Go encodes the bytes it decodes to. */
export function canonicalGoBase64(text: string): string {
  return Buffer.from(decodeGoBase64(text)).toString('base64');
}
