/**
 * Go's encoding/json syntax check (its scanner's state machine, run over the bytes): the message
 * of the `SyntaxError` that `json.Unmarshal` returns for text that is not JSON, word for word, so
 * that a server can quote it as the API server does. Iterative (an explicit stack), so hostile
 * nesting cannot exhaust the JavaScript stack.
 */

/** Go's maxNestingDepth. */
const MAX_NESTING_DEPTH = 10000;

const enum Parse { ObjectKey, ObjectValue, ArrayValue }

const enum State {
  BeginValueOrEmpty, BeginValue, BeginStringOrEmpty, BeginString, EndValue, EndTop,
  InString, InStringEsc, InStringEscU, InStringEscU1, InStringEscU12, InStringEscU123,
  Neg, One, Zero, Dot, Dot0, E, ESign, E0,
  T, Tr, Tru, F, Fa, Fal, Fals, N, Nu, Nul,
}

class SyntaxFailure {
  constructor(readonly message: string) {}
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isHex(c: number): boolean {
  return isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
}

/** Go's quoteChar: a byte as a quoted character (`'a'`, `'\n'`, `'\''`, `'"'`). */
function quoteChar(c: number): string {
  if (c === 0x27) return '\'\\\'\'';
  if (c === 0x22) return '\'"\'';
  const s = String.fromCharCode(c);
  let q: string;
  if (c < 0x20 || c === 0x7f) {
    const named: Record<number, string> = { 0x07: '\\a', 0x08: '\\b', 0x0c: '\\f', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t', 0x0b: '\\v' };
    q = named[c] ?? `\\x${c.toString(16).padStart(2, '0')}`;
  } else if (c >= 0x80 && c < 0xa0) {
    q = `\\u00${c.toString(16)}`;
  } else {
    q = s === '\\' ? '\\\\' : s;
  }
  return `'${q}'`;
}

function fail(c: number, context: string): never {
  throw new SyntaxFailure(`invalid character ${quoteChar(c)} ${context}`);
}

/** A literal's next expected letter: [state after it, the letter, the literal]. */
const LITERALS: Partial<Record<State, [State, number, string]>> = {
  [State.T]: [State.Tr, 0x72, 'true'], [State.Tr]: [State.Tru, 0x75, 'true'], [State.Tru]: [State.EndValue, 0x65, 'true'],
  [State.F]: [State.Fa, 0x61, 'false'], [State.Fa]: [State.Fal, 0x6c, 'false'], [State.Fal]: [State.Fals, 0x73, 'false'], [State.Fals]: [State.EndValue, 0x65, 'false'],
  [State.N]: [State.Nu, 0x75, 'null'], [State.Nu]: [State.Nul, 0x6c, 'null'], [State.Nul]: [State.EndValue, 0x6c, 'null'],
};

class Scanner {
  state = State.BeginValue;
  readonly stack: Parse[] = [];
  endTop = false;

  private push(p: Parse, next: State): void {
    if (this.stack.length >= MAX_NESTING_DEPTH) throw new SyntaxFailure('exceeded max depth');
    this.stack.push(p);
    this.state = next;
  }

  private pop(): void {
    this.stack.pop();
    if (this.stack.length === 0) {
      this.state = State.EndTop;
      this.endTop = true;
    } else {
      this.state = State.EndValue;
    }
  }

  /** One byte (Go's `step`). */
  step(c: number): void {
    switch (this.state) {
      case State.BeginValueOrEmpty:
        if (isSpace(c)) return;
        if (c === 0x5d) return this.endValue(c);
        return this.beginValue(c);
      case State.BeginValue: return this.beginValue(c);
      case State.BeginStringOrEmpty:
        if (isSpace(c)) return;
        if (c === 0x7d) {
          this.stack[this.stack.length - 1] = Parse.ObjectValue;
          return this.endValue(c);
        }
        return this.beginString(c);
      case State.BeginString: return this.beginString(c);
      case State.EndValue: return this.endValue(c);
      case State.EndTop:
        if (!isSpace(c)) fail(c, 'after top-level value');
        return;
      case State.InString:
        if (c === 0x22) this.state = State.EndValue;
        else if (c === 0x5c) this.state = State.InStringEsc;
        else if (c < 0x20) fail(c, 'in string literal');
        return;
      case State.InStringEsc:
        if ([0x62, 0x66, 0x6e, 0x72, 0x74, 0x5c, 0x2f, 0x22].includes(c)) this.state = State.InString;
        else if (c === 0x75) this.state = State.InStringEscU;
        else fail(c, 'in string escape code');
        return;
      case State.InStringEscU:
      case State.InStringEscU1:
      case State.InStringEscU12:
      case State.InStringEscU123:
        if (!isHex(c)) fail(c, 'in \\u hexadecimal character escape');
        this.state = this.state === State.InStringEscU123 ? State.InString : this.state + 1;
        return;
      case State.Neg:
        if (c === 0x30) this.state = State.Zero;
        else if (isDigit(c)) this.state = State.One;
        else fail(c, 'in numeric literal');
        return;
      case State.One:
        if (isDigit(c)) return;
        return this.zero(c);
      case State.Zero: return this.zero(c);
      case State.Dot:
        if (isDigit(c)) this.state = State.Dot0;
        else fail(c, 'after decimal point in numeric literal');
        return;
      case State.Dot0:
        if (isDigit(c)) return;
        if (c === 0x65 || c === 0x45) {
          this.state = State.E;
          return;
        }
        return this.endValue(c);
      case State.E:
        if (c === 0x2b || c === 0x2d) {
          this.state = State.ESign;
          return;
        }
        return this.eSign(c);
      case State.ESign: return this.eSign(c);
      case State.E0:
        if (isDigit(c)) return;
        return this.endValue(c);
      default: {
        const literal = LITERALS[this.state];
        if (literal === undefined) return;
        const [next, letter, word] = literal;
        if (c !== letter) fail(c, `in literal ${word} (expecting ${quoteChar(letter)})`);
        this.state = next;
      }
    }
  }

  private beginValue(c: number): void {
    if (isSpace(c)) return;
    switch (c) {
      case 0x7b: return this.push(Parse.ObjectKey, State.BeginStringOrEmpty);
      case 0x5b: return this.push(Parse.ArrayValue, State.BeginValueOrEmpty);
      case 0x22: this.state = State.InString; return;
      case 0x2d: this.state = State.Neg; return;
      case 0x30: this.state = State.Zero; return;
      case 0x74: this.state = State.T; return;
      case 0x66: this.state = State.F; return;
      case 0x6e: this.state = State.N; return;
      default:
        if (c >= 0x31 && c <= 0x39) {
          this.state = State.One;
          return;
        }
        fail(c, 'looking for beginning of value');
    }
  }

  private beginString(c: number): void {
    if (isSpace(c)) return;
    if (c === 0x22) {
      this.state = State.InString;
      return;
    }
    fail(c, 'looking for beginning of object key string');
  }

  private zero(c: number): void {
    if (c === 0x2e) this.state = State.Dot;
    else if (c === 0x65 || c === 0x45) this.state = State.E;
    else this.endValue(c);
  }

  private eSign(c: number): void {
    if (isDigit(c)) this.state = State.E0;
    else fail(c, 'in exponent of numeric literal');
  }

  private endValue(c: number): void {
    const n = this.stack.length;
    if (n === 0) {
      this.state = State.EndTop;
      this.endTop = true;
      if (!isSpace(c)) fail(c, 'after top-level value');
      return;
    }
    if (isSpace(c)) {
      this.state = State.EndValue;
      return;
    }
    switch (this.stack[n - 1]) {
      case Parse.ObjectKey:
        if (c === 0x3a) {
          this.stack[n - 1] = Parse.ObjectValue;
          this.state = State.BeginValue;
          return;
        }
        return fail(c, 'after object key');
      case Parse.ObjectValue:
        if (c === 0x2c) {
          this.stack[n - 1] = Parse.ObjectKey;
          this.state = State.BeginString;
          return;
        }
        if (c === 0x7d) return this.pop();
        return fail(c, 'after object key:value pair');
      default:
        if (c === 0x2c) {
          this.state = State.BeginValue;
          return;
        }
        if (c === 0x5d) return this.pop();
        return fail(c, 'after array element');
    }
  }
}

/** Where text stops being JSON (Go's `SyntaxError.Offset`, 0-based) and Go's message for it. */
export interface GoJsonSyntaxProblem {
  offset: number;
  message: string;
}

/**
 * Go's `json.SyntaxError` for `bytes` (`invalid character 'a' looking for beginning of value` at
 * the 'a', `unexpected end of JSON input` at the end), or undefined when the bytes are one JSON value.
 */
export function goJsonSyntaxProblem(bytes: Uint8Array): GoJsonSyntaxProblem | undefined {
  const scanner = new Scanner();
  let offset = 0;
  try {
    for (; offset < bytes.length; offset++) scanner.step(bytes[offset] ?? 0);
    if (scanner.endTop) return undefined;
    scanner.step(0x20);
    return scanner.endTop ? undefined : { offset, message: 'unexpected end of JSON input' };
  } catch (e) {
    if (e instanceof SyntaxFailure) return { offset, message: e.message };
    throw e;
  }
}

/** The message of Go's `json.SyntaxError` for `bytes` (see {@link goJsonSyntaxProblem}). */
export function goJsonSyntaxError(bytes: Uint8Array): string | undefined {
  return goJsonSyntaxProblem(bytes)?.message;
}

/**
 * Go's name of a JSON value's kind in `json: cannot unmarshal <kind> into ...` errors: `array`,
 * `object`, `bool`, `number` (also a bigint, which stands for a number in our value trees),
 * `string` or `null`.
 */
export function goJsonValueKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean': return 'bool';
    case 'number': case 'bigint': return 'number';
    case 'string': return 'string';
    default: return 'object';
  }
}
