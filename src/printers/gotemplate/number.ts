/**
 * Numeric constants of templates (Go's `parse.newNumber`): each literal is kept under every type
 * that can represent it (int64, uint64, float64, complex128), which is how Go simulates ideal
 * constants; execution then picks the type from the syntax.
 */
import type { ItemType } from './lexer.js';
import type { NumberNode } from './nodes.js';
import { parseFloat64, parseInt64, parseUint } from './strconv/parse-number.js';
import { quote, unquoteChar } from './strconv/quote.js';

const MAX_INT64 = (1n << 63n) - 1n;
const MIN_INT64 = -(1n << 63n);

/** Go's newNumber: the constant under every type that can hold it. */
export function parseNumber(pos: number, text: string, type: ItemType): NumberNode {
  const n = {
    type: 'number' as const, pos, text, isInt: false, isUint: false, isFloat: false, isComplex: false,
    int64: 0n, uint64: 0n, float64: 0, complex: { re: 0, im: 0 },
  };
  const simplifyComplex = (): NumberNode => {
    n.isFloat = n.complex.im === 0;
    if (n.isFloat) {
      n.float64 = n.complex.re;
      n.isInt = Number.isInteger(n.float64) && n.float64 >= -(2 ** 63) && n.float64 < 2 ** 63;
      if (n.isInt) n.int64 = BigInt(n.float64);
      n.isUint = Number.isInteger(n.float64) && n.float64 >= 0 && n.float64 < 2 ** 64;
      if (n.isUint) n.uint64 = BigInt(n.float64);
    }
    return n;
  };
  if (type === 'charConstant') {
    const { value, rest } = unquoteChar(text.slice(1), text[0] ?? "'");
    if (rest !== "'") throw new Error(`malformed character constant: ${text}`);
    n.int64 = BigInt(value);
    n.isInt = true;
    n.uint64 = BigInt(value);
    n.isUint = true;
    n.float64 = value;
    n.isFloat = true;
    return n;
  }
  if (type === 'complex') {
    // The real part ends at the sign that leaves two numbers (an exponent has signs too).
    for (let split = 1; split < text.length; split++) {
      if (text[split] !== '+' && text[split] !== '-') continue;
      const re = parseFloat64(text.slice(0, split));
      const im = parseFloat64(text.slice(split, -1));
      if (re === undefined || im === undefined) continue;
      n.isComplex = true;
      n.complex = { re, im };
      return simplifyComplex();
    }
    throw new Error('expected integer');
  }
  if (text.endsWith('i')) {
    const f = parseFloat64(text.slice(0, -1));
    if (f !== undefined) {
      n.isComplex = true;
      n.complex = { re: 0, im: f };
      return simplifyComplex();
    }
  }
  const u = parseUint(text);
  if (u !== undefined) {
    n.isUint = true;
    n.uint64 = u;
  }
  const i = parseInt64(text);
  if (i !== undefined) {
    n.isInt = true;
    n.int64 = i;
    if (i === 0n) {
      n.isUint = true;
      n.uint64 = u ?? 0n;
    }
  }
  if (n.isInt) {
    n.isFloat = true;
    n.float64 = Number(n.int64);
  } else if (n.isUint) {
    n.isFloat = true;
    n.float64 = Number(n.uint64);
  } else {
    const f = parseFloat64(text);
    if (f !== undefined) {
      if (!/[.eEpP]/.test(text)) throw new Error(`integer overflow: ${quote(text)}`);
      n.isFloat = true;
      n.float64 = f;
      if (Number.isInteger(f) && BigInt(f) >= MIN_INT64 && BigInt(f) <= MAX_INT64) {
        n.isInt = true;
        n.int64 = BigInt(f);
      }
      if (Number.isInteger(f) && f >= 0 && f < 2 ** 64) {
        n.isUint = true;
        n.uint64 = BigInt(f);
      }
    }
  }
  if (!n.isInt && !n.isUint && !n.isFloat) throw new Error(`illegal number syntax: ${quote(text)}`);
  return n;
}
