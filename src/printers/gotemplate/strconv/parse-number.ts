/**
 * Go's strconv number parsing as text/template's parser uses it: `ParseInt(s, 0, 64)`,
 * `ParseUint(s, 0, 64)` (base prefixes `0x`, `0o`, `0b`, a leading `0` for octal, `_` separators)
 * and `ParseFloat(s, 64)` (decimal and hexadecimal floats). Each returns undefined where Go
 * returns an error.
 */

const MAX_UINT64 = (1n << 64n) - 1n;
const MAX_INT64 = (1n << 63n) - 1n;

/** Go's `underscoreOK`: underscores only between digits (or after a base prefix). */
export function underscoreOK(text: string): boolean {
  let s = text;
  let saw = '^';
  let i = 0;
  if (s.startsWith('-') || s.startsWith('+')) s = s.slice(1);
  let hex = false;
  if (s.length >= 2 && s[0] === '0' && 'boxBOX'.includes(s[1] ?? ' ')) {
    i = 2;
    saw = '0';
    hex = s[1] === 'x' || s[1] === 'X';
  }
  for (; i < s.length; i++) {
    const c = s[i] ?? '';
    if ((c >= '0' && c <= '9') || (hex && /^[a-fA-F]$/.test(c))) {
      saw = '0';
      continue;
    }
    if (c === '_') {
      if (saw !== '0') return false;
      saw = '_';
      continue;
    }
    if (saw === '_') return false;
    saw = '!';
  }
  return saw !== '_';
}

/** `strconv.ParseUint(s, 0, 64)`. */
export function parseUint(text: string): bigint | undefined {
  if (text === '') return undefined;
  let s = text;
  let base = 10n;
  if (s[0] === '0') {
    const p = (s[1] ?? '').toLowerCase();
    if (s.length >= 3 && p === 'b') { base = 2n; s = s.slice(2); }
    else if (s.length >= 3 && p === 'o') { base = 8n; s = s.slice(2); }
    else if (s.length >= 3 && p === 'x') { base = 16n; s = s.slice(2); }
    else { base = 8n; s = s.slice(1); }
  }
  let n = 0n;
  let underscores = false;
  for (const c of s) {
    if (c === '_') {
      underscores = true;
      continue;
    }
    const digit = parseInt(c, 36);
    if (Number.isNaN(digit) || BigInt(digit) >= base) return undefined;
    n = n * base + BigInt(digit);
    if (n > MAX_UINT64) return undefined;
  }
  if (underscores && !underscoreOK(text)) return undefined;
  return n;
}

/** `strconv.ParseInt(s, 0, 64)`. */
export function parseInt64(text: string): bigint | undefined {
  if (text === '') return undefined;
  const neg = text[0] === '-';
  const body = text[0] === '-' || text[0] === '+' ? text.slice(1) : text;
  const u = parseUint(body);
  if (u === undefined) return undefined;
  if (neg) return u > MAX_INT64 + 1n ? undefined : -u;
  return u > MAX_INT64 ? undefined : u;
}

function isDigit(c: string, hex: boolean): boolean {
  return (c >= '0' && c <= '9') || (hex && ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')));
}

/** Splits a float literal into its parts (Go's `readFloat` syntax), or undefined when malformed. */
function floatParts(s: string): { neg: boolean; hex: boolean; whole: string; fraction: string; exponent: number } | undefined {
  let i = 0;
  const neg = s[0] === '-';
  if (s[0] === '-' || s[0] === '+') i++;
  const hex = s[i] === '0' && (s[i + 1] === 'x' || s[i + 1] === 'X');
  if (hex) i += 2;
  let whole = '';
  let fraction = '';
  while (i < s.length && isDigit(s[i] ?? '', hex)) whole += s[i++];
  if (s[i] === '.') {
    i++;
    while (i < s.length && isDigit(s[i] ?? '', hex)) fraction += s[i++];
  }
  if (whole === '' && fraction === '') return undefined;
  let exponent = 0;
  const expChar = hex ? 'p' : 'e';
  if ((s[i] ?? '').toLowerCase() === expChar) {
    i++;
    let sign = 1;
    if (s[i] === '-' || s[i] === '+') sign = s[i++] === '-' ? -1 : 1;
    let digits = '';
    while (i < s.length && isDigit(s[i] ?? '', false)) digits += s[i++];
    if (digits === '') return undefined;
    exponent = sign * Math.min(Number(digits), 100000);
  } else if (hex) {
    return undefined;
  }
  return i === s.length ? { neg, hex, whole, fraction, exponent } : undefined;
}

/** `strconv.ParseFloat(s, 64)`; out-of-range values (Go's ErrRange) are undefined too. */
export function parseFloat64(text: string): number | undefined {
  if (text.includes('_') && !underscoreOK(text)) return undefined;
  const s = text.replaceAll('_', '');
  const parts = floatParts(s);
  if (parts === undefined) return undefined;
  let value: number;
  if (!parts.hex) {
    value = Number(s);
  } else {
    const digits = `${parts.whole}${parts.fraction}`.replace(/^0+/, '') || '0';
    value = Number(BigInt(`0x${digits}`)) * 2 ** (parts.exponent - 4 * parts.fraction.length);
    if (parts.neg) value = -value;
  }
  return Number.isFinite(value) ? value : undefined;
}
