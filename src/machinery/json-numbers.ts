/**
 * Numbers as a Go API server keeps them (the local server reads and writes request bodies, stored
 * values and answers with these; the protobuf codec uses them for embedded JSON). Its decoders read an integer literal into an int64 exactly
 * and anything else into a float64 (`1e-400` is 0, a literal beyond int64 a rounded float), and
 * refuse for a typed integer field any literal that is not an int64 (`1.0`, `1e3`, `1e-400`),
 * quoting its text. JavaScript's JSON.parse rounds every number to a double and forgets its text.
 *
 * So value trees of this server may hold, where a number would be:
 * - a `bigint` for an integer literal within int64 but outside the safe range (|n| > 2^53 - 1),
 *   and only then, so that equal values always have one representation (=== and Set work);
 * - a number for everything else, as Go's float64 would hold it (also out-of-range integers).
 * For numbers read by {@link readJson}'s exact path whose text a Go decoder would quote (literals
 * with a fraction or exponent, integers beyond int64), the text is kept on the side, keyed by the
 * containing object or array and the key or index ({@link numberLiteralOf}); copies forget it.
 *
 * JsonValue does not name bigint: the types say number, the values may be either. Code that
 * reads numbers of request-derived values goes through {@link numericValue} or checks for bigint,
 * and code that serializes them through {@link writeJson} (JSON.stringify throws on bigint).
 */
/** A JSON value (the SDK exports it as its own `JsonValue`). */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
/** A JSON object. */
export interface JsonObject {
  [key: string]: JsonValue | undefined;
}

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

/** True for a bigint of a value tree. */
export function isBigInt(value: unknown): value is bigint {
  return typeof value === 'bigint';
}

/** True for a number or a bigint. */
export function isJsonNumber(value: unknown): value is number | bigint {
  return typeof value === 'number' || typeof value === 'bigint';
}

/**
 * True for a value a Go decoder holds as an integer: a bigint (always within int64), or a number
 * that kube-openapi's IsFloat64AJSONInteger accepts (integral, within ±(2^53 - 1)).
 */
export function isJsonInteger(value: unknown): boolean {
  return typeof value === 'bigint' || Number.isSafeInteger(value);
}

/** The value when it is a number or a bigint (typed as both: value trees say number for either). */
export function asJsonNumber(value: unknown): number | bigint | undefined {
  return typeof value === 'number' || typeof value === 'bigint' ? value : undefined;
}

/** A number or bigint as a number (rounded for a bigint: enough for range checks), else undefined. */
export function numericValue(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  return undefined;
}

/** The canonical value of an integer: a number when it is safe, else the bigint (callers keep it within int64). */
export function canonicalInteger(value: bigint): number | bigint {
  return value >= -9007199254740991n && value <= 9007199254740991n ? Number(value) : value;
}

// --- reading ---------------------------------------------------------------------------------

const literals = new WeakMap<object, Map<string | number, string>>();
const exactRoots = new WeakSet<object>();

/** The text of the number at `container[key]` when {@link readJson} kept it (see the module comment). */
export function numberLiteralOf(container: object, key: string | number): string | undefined {
  return literals.get(container)?.get(key);
}

/** True when `root` was read by the exact path of {@link readJson} (it may hold bigints or kept texts). */
export function readExactly(root: unknown): boolean {
  return typeof root === 'object' && root !== null && exactRoots.has(root);
}

/**
 * Whether a text may hold a number JSON.parse would not keep as a Go decoder does: a run of 16 or
 * more digits (an integer beyond 2^53, or a long mantissa), an exponent of three digits (overflow,
 * underflow), or a number token with a fraction or exponent (typed integer fields refuse those
 * however they round). Strings can match too (then the exact path runs for nothing); a number
 * cannot slip through: a token is preceded by `:`, `,` or `[`, and ends at `,`, `}` or `]`.
 */
const MAY_NEED_EXACT = /\d{16}|[eE][-+]?\d{3}|[:,[]\s*-?\d+(?:\.\d+)?[eE]|[:,[]\s*-?\d+\.\d+\s*[,}\]]/;

/**
 * Parses JSON text as a Go API server's decoder reads it (see the module comment). Throws what
 * JSON.parse throws for invalid text. Text that cannot hold such a number goes to JSON.parse alone.
 */
export function readJson(text: string): JsonValue {
  return exactly(text, JSON.parse(text) as JsonValue);
}

/** `parsed` (JSON.parse's result for `text`), or `text` read again exactly when it may need it. */
export function exactly(text: string, parsed: JsonValue): JsonValue {
  return MAY_NEED_EXACT.test(text) ? readExact(text) : parsed;
}

/**
 * Parses JSON text already known to be valid, keeping numbers exactly. Iterative: the nesting is
 * only bounded by what the caller checked.
 */
export function readExact(text: string): JsonValue {
  type Frame = { container: JsonObject | JsonValue[]; key: string | undefined };
  const stack: Frame[] = [];
  let root: JsonValue | undefined;
  let exact = false;
  let i = 0;
  const n = text.length;
  const skipSpace = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
      i++;
    }
  };
  const readString = (): string => {
    const start = i;
    i++;
    let escaped = false;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x5c) {
        escaped = true;
        i += 2;
        continue;
      }
      if (c === 0x22) break;
      i++;
    }
    i++;
    return escaped ? (JSON.parse(text.slice(start, i)) as string) : text.slice(start + 1, i - 1);
  };
  const place = (value: JsonValue, literal?: string): void => {
    const top = stack[stack.length - 1];
    if (top === undefined) {
      root = value;
      return;
    }
    let slot: string | number;
    if (Array.isArray(top.container)) {
      slot = top.container.length;
      top.container.push(value);
    } else {
      slot = top.key ?? '';
      if (slot === '__proto__') Object.defineProperty(top.container, slot, { value, enumerable: true, writable: true, configurable: true });
      else top.container[slot] = value;
      top.key = undefined;
    }
    if (literal !== undefined) {
      let kept = literals.get(top.container);
      if (kept === undefined) {
        kept = new Map();
        literals.set(top.container, kept);
      }
      kept.set(slot, literal);
      exact = true;
    }
  };
  while (i < n) {
    skipSpace();
    if (i >= n) break;
    const c = text.charCodeAt(i);
    const top = stack[stack.length - 1];
    if (c === 0x2c) { // ,
      i++;
      continue;
    }
    if (c === 0x7d || c === 0x5d) { // } ]
      i++;
      const done = stack.pop();
      if (done !== undefined) place(done.container as JsonValue);
      continue;
    }
    if (top !== undefined && !Array.isArray(top.container) && top.key === undefined) {
      // An object member: its key, then the colon.
      top.key = readString();
      skipSpace();
      i++;
      continue;
    }
    if (c === 0x7b) { // {
      i++;
      stack.push({ container: {}, key: undefined });
      continue;
    }
    if (c === 0x5b) { // [
      i++;
      stack.push({ container: [], key: undefined });
      continue;
    }
    if (c === 0x22) place(readString());
    else if (c === 0x74) { // true
      i += 4;
      place(true);
    } else if (c === 0x66) { // false
      i += 5;
      place(false);
    } else if (c === 0x6e) { // null
      i += 4;
      place(null);
    } else {
      const start = i;
      while (i < n && isNumberChar(text.charCodeAt(i))) i++;
      const number = numberFromToken(text.slice(start, i));
      if (typeof number.value === 'bigint') exact = true;
      // A bigint stands where JsonValue says number (see the module comment).
      place(number.value as unknown as JsonValue, number.literal);
    }
  }
  if (exact && typeof root === 'object' && root !== null) exactRoots.add(root);
  return root ?? null;
}

/** `-`, `+`, digits, `.`, `e`, `E`: the characters of a number token. */
function isNumberChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45;
}

/**
 * The value of a JSON number token (valid JSON syntax), and its text when a Go decoder would
 * quote it: not an integer literal, or an integer beyond int64.
 */
export function numberFromToken(token: string): { value: number | bigint; literal?: string } {
  const integerLiteral = !/[.eE]/.test(token);
  if (integerLiteral) {
    // Up to 15 digits every integer is safe.
    if (token.length <= 15 || (token.length === 16 && token.startsWith('-'))) return { value: Number(token) };
    // More than 19 digits is beyond int64 (and an exact parse of a huge literal would be slow).
    if (token.length > 20) return { value: Number(token), literal: token };
    const big = BigInt(token);
    if (big >= INT64_MIN && big <= INT64_MAX) return { value: canonicalInteger(big) };
    return { value: Number(token), literal: token };
  }
  return { value: Number(token), literal: token };
}

/**
 * The text of the first number in `value` that is not finite (a literal beyond float64, which Go
 * refuses: `json: cannot unmarshal number 1e400 into Go value of type float64`), or undefined. Only
 * the exact reader makes such numbers, so other trees are not walked.
 */
export function nonFiniteNumber(value: unknown, root: unknown = value): string | undefined {
  if (!readExactly(root)) return undefined;
  const pending: unknown[] = [value];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next !== 'object' || next === null) continue;
    const container = next as Record<string, unknown>;
    const keys: (string | number)[] = Array.isArray(next) ? next.map((_, i) => i) : Object.keys(container);
    for (const key of keys) {
      const item = container[key];
      if (typeof item === 'number' && !Number.isFinite(item)) return numberLiteralOf(container, key) ?? String(item);
      if (typeof item === 'object' && item !== null) pending.push(item);
    }
  }
  return undefined;
}

/** Go's message for a number that does not fit a float64 where the decoder has no type for it. */
export function nonFiniteMessage(text: string): string {
  return `json: cannot unmarshal number ${text} into Go value of type float64`;
}

// --- writing ---------------------------------------------------------------------------------

/**
 * JSON text of a value tree, as JSON.stringify gives it (same spacing with `indent`), with bigints
 * as their digits. Throws TypeError for a number that is not finite (JSON.stringify would write
 * `null`) when the tree holds a bigint; trees without one go to JSON.stringify as they are.
 */
export function writeJson(value: unknown, indent?: number): string {
  try {
    return indent === undefined ? JSON.stringify(value) : JSON.stringify(value, null, indent);
  } catch (e) {
    if (!(e instanceof TypeError) || !/BigInt/i.test(e.message)) throw e;
  }
  const parts: string[] = [];
  write(value, parts, indent === undefined || indent <= 0 ? '' : ' '.repeat(indent), '', false);
  return parts.join('');
}

/**
 * {@link writeJson} for a message about a value that may hold what JSON cannot: a number that is
 * not finite is written `null`, as JSON.stringify writes it, instead of refused.
 */
export function showJson(value: unknown): string {
  const parts: string[] = [];
  write(value, parts, '', '', true);
  return parts.join('');
}

function write(value: unknown, out: string[], step: string, current: string, lenient: boolean): void {
  if (value === null || value === undefined) {
    out.push('null');
    return;
  }
  switch (typeof value) {
    case 'string':
      out.push(JSON.stringify(value));
      return;
    case 'bigint':
      out.push(value.toString());
      return;
    case 'number':
      if (!Number.isFinite(value) && !lenient) throw new TypeError(`${String(value)} is not a JSON number`);
      out.push(JSON.stringify(value));
      return;
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return;
    case 'object':
      break;
    default:
      out.push('null');
      return;
  }
  const inner = current + step;
  const newline = step === '' ? '' : `\n${inner}`;
  if (Array.isArray(value)) {
    if (value.length === 0) {
      out.push('[]');
      return;
    }
    out.push('[');
    value.forEach((item, index) => {
      if (index > 0) out.push(',');
      out.push(newline);
      write(item === undefined || typeof item === 'function' || typeof item === 'symbol' ? null : item, out, step, inner, lenient);
    });
    out.push(step === '' ? ']' : `\n${current}]`);
    return;
  }
  const record = value as Record<string, unknown>;
  let first = true;
  out.push('{');
  for (const key of Object.keys(record)) {
    const item = record[key];
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    if (!first) out.push(',');
    first = false;
    out.push(newline, JSON.stringify(key), step === '' ? ':' : ': ');
    write(item, out, step, inner, lenient);
  }
  out.push(first ? '}' : step === '' ? '}' : `\n${current}}`);
}
