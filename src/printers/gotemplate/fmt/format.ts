/**
 * The formatter under Go's `fmt` verbs (Go's `fmt.fmt`): flags, width and precision, padding,
 * and the formatting of integers, floats, strings and characters.
 */
import { formatFloat, type FloatFormat } from '../strconv/format-float.js';
import { canBackquote, isPrint, quote, quoteRune, quoteToASCII } from '../strconv/quote.js';

const LDIGITS = '0123456789abcdefx';
const UDIGITS = '0123456789ABCDEFX';

/** Digits of a base, lower or upper case. */
export type Digits = typeof LDIGITS | typeof UDIGITS;
export { LDIGITS, UDIGITS };

function runeCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** The flags, width and precision of one verb, and the output so far. */
export class Formatter {
  buf = '';
  widPresent = false;
  precPresent = false;
  minus = false;
  plus = false;
  sharp = false;
  space = false;
  zero = false;
  /** `%#v`: set by the printer in place of sharp for the v verb. */
  sharpV = false;
  wid = 0;
  prec = 0;

  clearFlags(): void {
    this.widPresent = false;
    this.precPresent = false;
    this.minus = false;
    this.plus = false;
    this.sharp = false;
    this.space = false;
    this.zero = false;
    this.sharpV = false;
    this.wid = 0;
    this.prec = 0;
  }

  writePadding(n: number): void {
    if (n <= 0) return;
    this.buf += (this.zero && !this.minus ? '0' : ' ').repeat(n);
  }

  pad(s: string): void {
    if (!this.widPresent || this.wid === 0) {
      this.buf += s;
      return;
    }
    const width = this.wid - runeCount(s);
    if (!this.minus) {
      this.writePadding(width);
      this.buf += s;
    } else {
      this.buf += s;
      this.writePadding(width);
    }
  }

  fmtBoolean(v: boolean): void {
    this.pad(v ? 'true' : 'false');
  }

  fmtUnicode(u: bigint): void {
    let prec = 4;
    if (this.precPresent && this.prec > 4) prec = this.prec;
    const hex = (u < 0n ? u + (1n << 64n) : u).toString(16).toUpperCase();
    let out = `U+${hex.padStart(prec, '0')}`;
    if (this.sharp && u >= 0n && u <= 0x10ffffn && isPrint(Number(u))) out += ` '${String.fromCodePoint(Number(u))}'`;
    const oldZero = this.zero;
    this.zero = false;
    this.pad(out);
    this.zero = oldZero;
  }

  /** Go's fmtInteger; `u` is the value (negative only when signed). */
  fmtInteger(value: bigint, base: number, isSigned: boolean, verb: string, digits: Digits): void {
    const negative = isSigned && value < 0n;
    let u = negative ? -value : value < 0n ? value + (1n << 64n) : value;
    let prec = 0;
    if (this.precPresent) {
      prec = this.prec;
      if (prec === 0 && u === 0n) {
        const oldZero = this.zero;
        this.zero = false;
        this.writePadding(this.wid);
        this.zero = oldZero;
        return;
      }
    } else if (this.zero && !this.minus && this.widPresent) {
      prec = this.wid;
      if (negative || this.plus || this.space) prec--;
    }
    let s = '';
    const b = BigInt(base);
    do {
      s = (digits[Number(u % b)] ?? '0') + s;
      u /= b;
    } while (u > 0n);
    if (prec > s.length) s = '0'.repeat(prec - s.length) + s;
    if (this.sharp) {
      if (base === 2) s = `0b${s}`;
      else if (base === 8 && s[0] !== '0') s = `0${s}`;
      else if (base === 16) s = `0${digits[16] ?? 'x'}${s}`;
    }
    if (verb === 'O') s = `0o${s}`;
    if (negative) s = `-${s}`;
    else if (this.plus) s = `+${s}`;
    else if (this.space) s = ` ${s}`;
    const oldZero = this.zero;
    this.zero = false;
    this.pad(s);
    this.zero = oldZero;
  }

  truncateString(s: string): string {
    if (!this.precPresent) return s;
    let n = this.prec;
    let i = 0;
    for (const ch of s) {
      n--;
      if (n < 0) return s.slice(0, i);
      i += ch.length;
    }
    return s;
  }

  fmtS(s: string): void {
    this.pad(this.truncateString(s));
  }

  /** `%x` / `%X` of a string: the hexadecimal of its UTF-8 bytes. */
  fmtSx(s: string, digits: Digits): void {
    const bytes = Buffer.from(s, 'utf8');
    let length = bytes.length;
    if (this.precPresent && this.prec < length) length = this.prec;
    let width = 2 * length;
    if (width > 0) {
      if (this.space) {
        if (this.sharp) width *= 2;
        width += length - 1;
      } else if (this.sharp) {
        width += 2;
      }
    } else {
      if (this.widPresent) this.writePadding(this.wid);
      return;
    }
    if (this.widPresent && this.wid > width && !this.minus) this.writePadding(this.wid - width);
    let out = this.sharp ? `0${digits[16] ?? 'x'}` : '';
    for (let i = 0; i < length; i++) {
      if (this.space && i > 0) {
        out += ' ';
        if (this.sharp) out += `0${digits[16] ?? 'x'}`;
      }
      const c = bytes[i] ?? 0;
      out += (digits[c >> 4] ?? '0') + (digits[c & 0xf] ?? '0');
    }
    this.buf += out;
    if (this.widPresent && this.wid > width && this.minus) this.writePadding(this.wid - width);
  }

  fmtQ(s0: string): void {
    const s = this.truncateString(s0);
    if (this.sharp && canBackquote(s)) {
      this.pad(`\`${s}\``);
      return;
    }
    this.pad(this.plus ? quoteToASCII(s) : quote(s));
  }

  fmtC(c: bigint): void {
    const r = c < 0n || c > 0x10ffffn || (c >= 0xd800n && c <= 0xdfffn) ? 0xfffd : Number(c);
    this.pad(String.fromCodePoint(r));
  }

  fmtQc(c: bigint): void {
    const r = c < 0n || c > 0x10ffffn ? 0xfffd : Number(c);
    this.pad(quoteRune(r, this.plus));
  }

  /** Go's fmtFloat: `verb` is a strconv format, `defaultPrec` the verb's default precision. */
  fmtFloat(v: number, verb: FloatFormat, defaultPrec: number): void {
    const prec = this.precPresent ? this.prec : defaultPrec;
    let num = formatFloat(v, verb, prec);
    if (num[0] === '-' || num[0] === '+') {
      // keep the sign
    } else {
      num = `+${num}`;
    }
    if (this.space && num[0] === '+' && !this.plus) num = ` ${num.slice(1)}`;
    if (num[1] === 'I' || num[1] === 'N') {
      const oldZero = this.zero;
      this.zero = false;
      if (num[1] === 'N' && !this.space && !this.plus) num = num.slice(1);
      this.pad(num);
      this.zero = oldZero;
      return;
    }
    if (this.sharp && verb !== 'b') {
      let digits = 0;
      if (verb === 'g' || verb === 'G' || verb === 'x') {
        digits = prec;
        if (digits === -1) digits = 6;
      }
      let tail = '';
      let hasDecimalPoint = false;
      let sawNonzeroDigit = false;
      let body = num;
      for (let i = 1; i < body.length; i++) {
        const c = body[i] ?? '';
        if (c === '.') {
          hasDecimalPoint = true;
        } else if (c === 'p' || c === 'P' || ((c === 'e' || c === 'E') && verb !== 'x' && verb !== 'X')) {
          tail = body.slice(i);
          body = body.slice(0, i);
          break;
        } else {
          if (c !== '0') sawNonzeroDigit = true;
          if (sawNonzeroDigit) digits--;
        }
      }
      if (!hasDecimalPoint) {
        if (body.length === 2 && body[1] === '0') digits--;
        body += '.';
      }
      while (digits > 0) {
        body += '0';
        digits--;
      }
      num = body + tail;
    }
    if (this.plus || num[0] !== '+') {
      if (this.zero && !this.minus && this.widPresent && this.wid > num.length) {
        this.buf += num[0];
        this.writePadding(this.wid - num.length);
        this.buf += num.slice(1);
        return;
      }
      this.pad(num);
      return;
    }
    this.pad(num.slice(1));
  }
}
