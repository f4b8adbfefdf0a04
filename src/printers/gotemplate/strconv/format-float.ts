/**
 * Go's `strconv.FormatFloat(f, fmt, prec, 64)` for the verbs fmt uses: `e`, `E`, `f`, `g`, `G`
 * (decimal, rounded half to even on the exact binary value, as Go rounds), `b` and `x`/`X`.
 * A precision of -1 means the shortest representation that reads back to the same number.
 */

/** Decimal digits (no leading or trailing zeros) and the position of the decimal point: 0.d × 10^dp. */
interface Decimal {
  d: string;
  dp: number;
}

const MANT_BITS = 52n;

function bits(v: number): { neg: boolean; exp: number; mant: bigint } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, v);
  const b = view.getBigUint64(0);
  return { neg: (b >> 63n) === 1n, exp: Number((b >> MANT_BITS) & 0x7ffn), mant: b & ((1n << MANT_BITS) - 1n) };
}

function trim(d: Decimal): Decimal {
  let end = d.d.length;
  while (end > 0 && d.d[end - 1] === '0') end--;
  const digits = d.d.slice(0, end);
  return digits === '' ? { d: '', dp: 0 } : { d: digits, dp: d.dp };
}

/** The exact decimal value of |v| (finite). */
function exactDecimal(v: number): Decimal {
  if (v === 0) return { d: '', dp: 0 };
  const { exp, mant } = bits(v);
  let m = mant;
  let e = exp;
  if (e === 0) e = 1;
  else m |= 1n << MANT_BITS;
  e -= 1075;
  let digits: string;
  let dp: number;
  if (e >= 0) {
    digits = (m << BigInt(e)).toString();
    dp = digits.length;
  } else {
    digits = (m * 5n ** BigInt(-e)).toString();
    dp = digits.length + e;
  }
  const lead = digits.length - digits.replace(/^0+/, '').length;
  return trim({ d: digits.slice(lead), dp: dp - lead });
}

/** The shortest decimal that reads back as |v| (JavaScript's and Go's shortest agree). */
function shortestDecimal(v: number): Decimal {
  if (v === 0) return { d: '', dp: 0 };
  const [mantissa = '0', exponent = '0'] = Math.abs(v).toExponential().split('e');
  return trim({ d: mantissa.replace('.', ''), dp: Number(exponent) + 1 });
}

/** Go's `decimal.Round(nd)`: half to even when exactly half, else to nearest. */
function round(a: Decimal, nd: number): Decimal {
  if (nd < 0 || nd >= a.d.length) return a;
  const next = a.d[nd] ?? '0';
  const up = next === '5' && nd + 1 === a.d.length
    ? nd > 0 && Number(a.d[nd - 1]) % 2 === 1
    : next >= '5';
  if (!up) return trim({ d: a.d.slice(0, nd), dp: a.dp });
  let i = nd - 1;
  while (i >= 0 && a.d[i] === '9') i--;
  if (i < 0) return { d: '1', dp: a.dp + 1 };
  return { d: a.d.slice(0, i) + String(Number(a.d[i]) + 1), dp: a.dp };
}

function fmtE(neg: boolean, d: Decimal, prec: number, fmt: string): string {
  let out = neg ? '-' : '';
  out += d.d === '' ? '0' : d.d[0];
  if (prec > 0) {
    out += '.';
    const frac = d.d.slice(1, Math.min(d.d.length, prec + 1));
    out += frac + '0'.repeat(prec - frac.length);
  }
  let exp = d.d === '' ? 0 : d.dp - 1;
  out += fmt;
  if (exp < 0) {
    out += '-';
    exp = -exp;
  } else {
    out += '+';
  }
  return out + (exp < 10 ? `0${exp}` : String(exp));
}

function fmtF(neg: boolean, d: Decimal, prec: number): string {
  let out = neg ? '-' : '';
  if (d.dp > 0) {
    const m = Math.min(d.d.length, d.dp);
    out += d.d.slice(0, m) + '0'.repeat(d.dp - m);
  } else {
    out += '0';
  }
  if (prec > 0) {
    out += '.';
    for (let i = 1; i <= prec; i++) {
      const j = d.dp + i - 1;
      out += j >= 0 && j < d.d.length ? d.d[j] : '0';
    }
  }
  return out;
}

function fmtB(neg: boolean, mant: bigint, exp: number): string {
  const e = exp - Number(MANT_BITS);
  return `${neg ? '-' : ''}${mant.toString()}p${e >= 0 ? '+' : ''}${e}`;
}

function fmtX(prec: number, fmt: 'x' | 'X', neg: boolean, mantIn: bigint, expIn: number): string {
  let mant = mantIn;
  let exp = expIn;
  if (mant === 0n) exp = 0;
  const one = 1n << 60n;
  mant <<= 60n - MANT_BITS;
  while (mant !== 0n && (mant & one) === 0n) {
    mant <<= 1n;
    exp--;
  }
  if (prec >= 0 && prec < 15) {
    const shift = BigInt(prec * 4);
    const extra = (mant << shift) & (one - 1n);
    mant >>= 60n - shift;
    if ((extra | (mant & 1n)) > 1n << 59n) mant++;
    mant <<= 60n - shift;
    if ((mant & (1n << 61n)) !== 0n) {
      mant >>= 1n;
      exp++;
    }
  }
  const digits = fmt === 'X' ? '0123456789ABCDEF' : '0123456789abcdef';
  let out = `${neg ? '-' : ''}0${fmt}${(mant >> 60n) & 1n}`;
  const mask = (1n << 64n) - 1n;
  mant = (mant << 4n) & mask;
  if (prec < 0 && mant !== 0n) {
    out += '.';
    while (mant !== 0n) {
      out += digits[Number((mant >> 60n) & 15n)];
      mant = (mant << 4n) & mask;
    }
  } else if (prec > 0) {
    out += '.';
    for (let i = 0; i < prec; i++) {
      out += digits[Number((mant >> 60n) & 15n)];
      mant = (mant << 4n) & mask;
    }
  }
  out += fmt === 'X' ? 'P' : 'p';
  if (exp < 0) {
    out += '-';
    exp = -exp;
  } else {
    out += '+';
  }
  return out + String(exp).padStart(2, '0');
}

/** A float verb of strconv.FormatFloat. */
export type FloatFormat = 'e' | 'E' | 'f' | 'g' | 'G' | 'b' | 'x' | 'X';

/** `strconv.FormatFloat(v, fmt, prec, 64)`. */
export function formatFloat(v: number, fmt: FloatFormat, precIn: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '+Inf';
  if (v === -Infinity) return '-Inf';
  const { neg, exp: biased, mant: rawMant } = bits(v);
  if (fmt === 'b' || fmt === 'x' || fmt === 'X') {
    let mant = rawMant;
    let exp = biased;
    if (exp === 0) exp++;
    else mant |= 1n << MANT_BITS;
    exp -= 1023;
    return fmt === 'b' ? fmtB(neg, mant, exp) : fmtX(precIn, fmt, neg, mant, exp);
  }
  let prec = precIn;
  const shortest = prec < 0;
  let digs: Decimal;
  if (shortest) {
    digs = shortestDecimal(v);
    if (fmt === 'e' || fmt === 'E') prec = Math.max(digs.d.length - 1, 0);
    else if (fmt === 'f') prec = Math.max(digs.d.length - digs.dp, 0);
    else prec = digs.d.length;
  } else {
    const exact = exactDecimal(v);
    if (fmt === 'f') {
      digs = round(exact, exact.dp + prec);
    } else {
      let digits = prec;
      if (fmt === 'e' || fmt === 'E') digits++;
      else {
        if (prec === 0) prec = 1;
        digits = prec;
      }
      digs = round(exact, digits);
    }
  }
  if (fmt === 'e' || fmt === 'E') return fmtE(neg, digs, prec, fmt);
  if (fmt === 'f') return fmtF(neg, digs, prec);
  let eprec = prec;
  if (eprec > digs.d.length && digs.d.length >= digs.dp) eprec = digs.d.length;
  if (shortest) eprec = 6;
  const exp = digs.dp - 1;
  if (exp < -4 || exp >= eprec) {
    if (prec > digs.d.length) prec = digs.d.length;
    return fmtE(neg, digs, prec - 1, fmt === 'g' ? 'e' : 'E');
  }
  if (prec > digs.dp) prec = digs.d.length;
  return fmtF(neg, digs, Math.max(prec - digs.dp, 0));
}
