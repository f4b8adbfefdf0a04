/**
 * Go's `fmt.Sprintf`, `fmt.Sprint` and `fmt.Sprintln` over template values: every verb and flag,
 * argument indexes (`%[2]d`), `*` widths, and Go's in-band errors (`%!d(string=x)`,
 * `%!v(MISSING)`, `%!(EXTRA int=2)`, `%!(NOVERB)`, `%!(BADWIDTH)` ...). Maps print with sorted
 * keys, `interface{}` elements that hold nil as `<nil>`.
 */
import { compareUtf8 } from '../../../machinery/json/go-json.js';
import { type Concrete, type GoValue, fromRaw, mapKeys, sliceElem, typeName } from '../values.js';
import { Formatter, LDIGITS, UDIGITS } from './format.js';

/** An argument of a print function: a concrete value, or nil. */
export type PrintArg = Concrete | null;

const TOO_LARGE = 1e6;

class Printer {
  readonly fmt = new Formatter();
  /** The argument being printed at the top level (Go's p.arg), for %!verb(type=value). */
  private arg: PrintArg = null;
  /** The value being printed below the top level (Go's p.value). */
  private value: GoValue | undefined;
  private reordered = false;
  private goodArgNum = true;

  get text(): string {
    return this.fmt.buf;
  }

  private write(s: string): void {
    this.fmt.buf += s;
  }

  private badVerb(verb: string): void {
    this.write(`%!${verb}(`);
    if (this.arg !== null) {
      this.write(`${typeName(this.arg)}=`);
      this.printArg(this.arg, 'v');
    } else if (this.value !== undefined && this.value.kind !== 'invalid') {
      this.write(`${typeName(this.value)}=`);
      this.printValue(this.value, 'v', 0);
    } else {
      this.write('<nil>');
    }
    this.write(')');
  }

  private fmtBool(v: boolean, verb: string): void {
    if (verb === 't' || verb === 'v') this.fmt.fmtBoolean(v);
    else this.badVerb(verb);
  }

  private fmt0x64(v: bigint, leading0x: boolean): void {
    const sharp = this.fmt.sharp;
    this.fmt.sharp = leading0x;
    this.fmt.fmtInteger(v, 16, false, 'v', LDIGITS);
    this.fmt.sharp = sharp;
  }

  private fmtInteger(v: bigint, isSigned: boolean, verb: string): void {
    switch (verb) {
      case 'v':
        if (this.fmt.sharpV && !isSigned) this.fmt0x64(v, true);
        else this.fmt.fmtInteger(v, 10, isSigned, verb, LDIGITS);
        return;
      case 'd': this.fmt.fmtInteger(v, 10, isSigned, verb, LDIGITS); return;
      case 'b': this.fmt.fmtInteger(v, 2, isSigned, verb, LDIGITS); return;
      case 'o': case 'O': this.fmt.fmtInteger(v, 8, isSigned, verb, LDIGITS); return;
      case 'x': this.fmt.fmtInteger(v, 16, isSigned, verb, LDIGITS); return;
      case 'X': this.fmt.fmtInteger(v, 16, isSigned, verb, UDIGITS); return;
      case 'c': this.fmt.fmtC(v); return;
      case 'q': this.fmt.fmtQc(v); return;
      case 'U': this.fmt.fmtUnicode(v); return;
      default: this.badVerb(verb);
    }
  }

  private fmtFloat(v: number, verb: string): void {
    switch (verb) {
      case 'v': this.fmt.fmtFloat(v, 'g', -1); return;
      case 'b': case 'g': case 'G': case 'x': case 'X': this.fmt.fmtFloat(v, verb, -1); return;
      case 'f': case 'e': case 'E': this.fmt.fmtFloat(v, verb, 6); return;
      case 'F': this.fmt.fmtFloat(v, 'f', 6); return;
      default: this.badVerb(verb);
    }
  }

  private fmtComplex(re: number, im: number, verb: string): void {
    if (!['v', 'b', 'g', 'G', 'x', 'X', 'f', 'F', 'e', 'E'].includes(verb)) {
      this.badVerb(verb);
      return;
    }
    const oldPlus = this.fmt.plus;
    this.write('(');
    this.fmtFloat(re, verb);
    this.fmt.plus = true;
    this.fmtFloat(im, verb);
    this.write('i)');
    this.fmt.plus = oldPlus;
  }

  private fmtString(v: string, verb: string): void {
    switch (verb) {
      case 'v':
        if (this.fmt.sharpV) this.fmt.fmtQ(v);
        else this.fmt.fmtS(v);
        return;
      case 's': this.fmt.fmtS(v); return;
      case 'x': this.fmt.fmtSx(v, LDIGITS); return;
      case 'X': this.fmt.fmtSx(v, UDIGITS); return;
      case 'q': this.fmt.fmtQ(v); return;
      default: this.badVerb(verb);
    }
  }

  /** `%p` of a map or slice: Go prints its address, which has no equivalent here. */
  private fmtPointer(value: GoValue, verb: string): void {
    if (value.kind !== 'map' && value.kind !== 'slice') {
      this.badVerb(verb);
      return;
    }
    if (verb === 'v' && this.fmt.sharpV) {
      this.write(`(${typeName(value)})(0xc000000000)`);
      return;
    }
    if (verb === 'v' || verb === 'p') this.fmt0x64(0xc000000000n, !this.fmt.sharp);
    else if ('bodxX'.includes(verb)) this.fmtInteger(0xc000000000n, false, verb);
    else this.badVerb(verb);
  }

  printArg(arg: PrintArg, verb: string): void {
    this.arg = arg;
    this.value = undefined;
    if (arg === null) {
      if (verb === 'T' || verb === 'v') this.fmt.pad('<nil>');
      else this.badVerb(verb);
      return;
    }
    if (verb === 'T') {
      this.fmt.fmtS(typeName(arg));
      return;
    }
    if (verb === 'p') {
      this.fmtPointer(arg, 'p');
      return;
    }
    this.printValue(arg, verb, 0);
  }

  printValue(value: GoValue, verb: string, depth: number): void {
    if (depth > 0) this.arg = null;
    this.value = value;
    switch (value.kind) {
      case 'invalid':
        if (depth === 0) this.write('<invalid reflect.Value>');
        else if (verb === 'v') this.write('<nil>');
        else this.badVerb(verb);
        return;
      case 'bool': this.fmtBool(value.v, verb); return;
      case 'int': this.fmtInteger(value.v, value.type !== 'uint8', verb); return;
      case 'float': this.fmtFloat(value.v, verb); return;
      case 'complex': this.fmtComplex(value.re, value.im, verb); return;
      case 'string': this.fmtString(value.v, verb); return;
      case 'map': {
        if (this.fmt.sharpV) this.write(`${typeName(value)}{`);
        else this.write('map[');
        const keys = mapKeys(value.v).sort(compareUtf8);
        keys.forEach((key, i) => {
          if (i > 0) this.write(this.fmt.sharpV ? ', ' : ' ');
          this.printValue({ kind: 'string', v: key }, verb, depth + 1);
          this.write(':');
          this.printValue({ kind: 'iface', raw: value.v[key] }, verb, depth + 1);
        });
        this.write(this.fmt.sharpV ? '}' : ']');
        return;
      }
      case 'iface': {
        const inner = fromRaw(value.raw);
        if (inner.kind === 'invalid') {
          this.write(this.fmt.sharpV ? 'interface {}(nil)' : '<nil>');
        } else {
          this.printValue(inner, verb, depth + 1);
        }
        return;
      }
      case 'slice': {
        if (this.fmt.sharpV) {
          this.write(`${typeName(value)}{`);
          for (let i = 0; i < value.len; i++) {
            if (i > 0) this.write(', ');
            this.printValue(sliceElem(value, i), verb, depth + 1);
          }
          this.write('}');
        } else {
          this.write('[');
          for (let i = 0; i < value.len; i++) {
            if (i > 0) this.write(' ');
            this.printValue(sliceElem(value, i), verb, depth + 1);
          }
          this.write(']');
        }
        return;
      }
    }
  }

  private static intFromArg(args: readonly PrintArg[], argNum: number): { num: number; isInt: boolean; newArgNum: number } {
    if (argNum >= args.length) return { num: 0, isInt: false, newArgNum: argNum };
    const a = args[argNum] ?? null;
    let num = 0;
    let isInt = false;
    if (a !== null && a.kind === 'int') {
      num = Number(a.v);
      isInt = true;
    }
    if (num > TOO_LARGE || num < -TOO_LARGE) {
      num = 0;
      isInt = false;
    }
    return { num, isInt, newArgNum: argNum + 1 };
  }

  /** Go's parsenum: digits at format[start..end), or isNum false. */
  private static parseNum(format: string, start: number, end: number): { num: number; isNum: boolean; next: number } {
    if (start >= end) return { num: 0, isNum: false, next: end };
    let num = 0;
    let isNum = false;
    let i = start;
    for (; i < end && format[i] !== undefined && (format[i] ?? '') >= '0' && (format[i] ?? '') <= '9'; i++) {
      if (num > TOO_LARGE || num < -TOO_LARGE) return { num: 0, isNum: false, next: end };
      num = num * 10 + Number(format[i]);
      isNum = true;
    }
    return { num, isNum, next: i };
  }

  private static parseArgNumber(format: string): { index: number; wid: number; ok: boolean } {
    if (format.length < 3) return { index: 0, wid: 1, ok: false };
    for (let i = 1; i < format.length; i++) {
      if (format[i] === ']') {
        const { num, isNum, next } = Printer.parseNum(format, 1, i);
        if (!isNum || next !== i) return { index: 0, wid: i + 1, ok: false };
        return { index: num - 1, wid: i + 1, ok: true };
      }
    }
    return { index: 0, wid: 1, ok: false };
  }

  private argNumber(argNum: number, format: string, i: number, numArgs: number): { argNum: number; i: number; found: boolean } {
    if (format.length <= i || format[i] !== '[') return { argNum, i, found: false };
    this.reordered = true;
    const { index, wid, ok } = Printer.parseArgNumber(format.slice(i));
    if (ok && index >= 0 && index < numArgs) return { argNum: index, i: i + wid, found: true };
    this.goodArgNum = false;
    return { argNum, i: i + wid, found: ok };
  }

  doPrintf(format: string, args: readonly PrintArg[]): void {
    const end = format.length;
    let argNum = 0;
    let afterIndex = false;
    this.reordered = false;
    let i = 0;
    formatLoop: while (i < end) {
      this.goodArgNum = true;
      const lasti = i;
      while (i < end && format[i] !== '%') i++;
      if (i > lasti) this.write(format.slice(lasti, i));
      if (i >= end) break;
      i++;
      this.fmt.clearFlags();
      simpleFormat: for (; i < end; i++) {
        const c = format[i] ?? '';
        switch (c) {
          case '#': this.fmt.sharp = true; break;
          case '0': this.fmt.zero = true; break;
          case '+': this.fmt.plus = true; break;
          case '-': this.fmt.minus = true; break;
          case ' ': this.fmt.space = true; break;
          default:
            if (c >= 'a' && c <= 'z' && argNum < args.length) {
              this.printVerb(args[argNum] ?? null, c);
              argNum++;
              i++;
              continue formatLoop;
            }
            break simpleFormat;
        }
      }
      ({ argNum, i, found: afterIndex } = this.argNumber(argNum, format, i, args.length));
      if (i < end && format[i] === '*') {
        i++;
        const r = Printer.intFromArg(args, argNum);
        this.fmt.wid = r.num;
        this.fmt.widPresent = r.isInt;
        argNum = r.newArgNum;
        if (!this.fmt.widPresent) this.write('%!(BADWIDTH)');
        if (this.fmt.wid < 0) {
          this.fmt.wid = -this.fmt.wid;
          this.fmt.minus = true;
          this.fmt.zero = false;
        }
        afterIndex = false;
      } else {
        const r = Printer.parseNum(format, i, end);
        this.fmt.wid = r.num;
        this.fmt.widPresent = r.isNum;
        i = r.next;
        if (afterIndex && this.fmt.widPresent) this.goodArgNum = false;
      }
      if (i + 1 < end && format[i] === '.') {
        i++;
        if (afterIndex) this.goodArgNum = false;
        ({ argNum, i, found: afterIndex } = this.argNumber(argNum, format, i, args.length));
        if (i < end && format[i] === '*') {
          i++;
          const r = Printer.intFromArg(args, argNum);
          this.fmt.prec = r.num;
          this.fmt.precPresent = r.isInt;
          argNum = r.newArgNum;
          if (this.fmt.prec < 0) {
            this.fmt.prec = 0;
            this.fmt.precPresent = false;
          }
          if (!this.fmt.precPresent) this.write('%!(BADPREC)');
          afterIndex = false;
        } else {
          const r = Printer.parseNum(format, i, end);
          this.fmt.prec = r.num;
          this.fmt.precPresent = r.isNum;
          i = r.next;
          if (!this.fmt.precPresent) {
            this.fmt.prec = 0;
            this.fmt.precPresent = true;
          }
        }
      }
      if (!afterIndex) ({ argNum, i, found: afterIndex } = this.argNumber(argNum, format, i, args.length));
      if (i >= end) {
        this.write('%!(NOVERB)');
        break;
      }
      const verb = String.fromCodePoint(format.codePointAt(i) ?? 0);
      i += verb.length;
      if (verb === '%') {
        this.write('%');
      } else if (!this.goodArgNum) {
        this.write(`%!${verb}(BADINDEX)`);
      } else if (argNum >= args.length) {
        this.write(`%!${verb}(MISSING)`);
      } else {
        this.printVerb(args[argNum] ?? null, verb);
        argNum++;
      }
    }
    if (!this.reordered && argNum < args.length) {
      this.fmt.clearFlags();
      this.write('%!(EXTRA ');
      args.slice(argNum).forEach((arg, k) => {
        if (k > 0) this.write(', ');
        if (arg === null) {
          this.write('<nil>');
        } else {
          this.write(`${typeName(arg)}=`);
          this.printArg(arg, 'v');
        }
      });
      this.write(')');
    }
  }

  /** One argument with its verb: for `%v` (and `%w`), `#` and `+` take their `%#v` and `%+v` meanings. */
  private printVerb(arg: PrintArg, verb: string): void {
    if (verb === 'v' || verb === 'w') {
      this.fmt.sharpV = this.fmt.sharp;
      this.fmt.sharp = false;
      this.fmt.plus = false;
    }
    // %w is for Errorf only: Sprintf prints it as a bad verb.
    if (verb === 'w') this.badWrap(arg);
    else this.printArg(arg, verb);
  }

  private badWrap(arg: PrintArg): void {
    this.arg = arg;
    this.value = undefined;
    this.badVerb('w');
  }

  doPrint(args: readonly PrintArg[]): void {
    let prevString = false;
    args.forEach((arg, argNum) => {
      const isString = arg !== null && arg.kind === 'string';
      if (argNum > 0 && !isString && !prevString) this.write(' ');
      this.printArg(arg, 'v');
      prevString = isString;
    });
  }

  doPrintln(args: readonly PrintArg[]): void {
    args.forEach((arg, argNum) => {
      if (argNum > 0) this.write(' ');
      this.printArg(arg, 'v');
    });
    this.write('\n');
  }
}

/** `fmt.Sprintf`. */
export function sprintf(format: string, args: readonly PrintArg[]): string {
  const p = new Printer();
  p.doPrintf(format, args);
  return p.text;
}

/** `fmt.Sprint`: spaces between operands when neither is a string. */
export function sprint(args: readonly PrintArg[]): string {
  const p = new Printer();
  p.doPrint(args);
  return p.text;
}

/** `fmt.Sprintln`: spaces between all operands and a newline at the end. */
export function sprintln(args: readonly PrintArg[]): string {
  const p = new Printer();
  p.doPrintln(args);
  return p.text;
}

/** One value with a verb, as `fmt.Sprintf("%"+verb, v)` prints it (for error messages). */
export function formatValue(value: GoValue, verb: string): string {
  const p = new Printer();
  p.printValue(value, verb, 0);
  return p.text;
}
