/**
 * A YAML writer that produces the text kubectl produces for JSON-like data (sigs.k8s.io/yaml on
 * go-yaml v2): keys in go-yaml's natural order, sequences not indented under their key, strings
 * quoted only when go-yaml quotes them (double quotes for `"123"`, `"yes"`, `""`; single quotes
 * for `'foo: bar'`, `'#x'`), `|-` blocks for multi-line text, and plain or quoted text folded at
 * 80 columns. js-yaml's dumper differs in several of these, and config files written by both
 * tools should diff cleanly.
 */
import { needsTypeQuoting } from './yaml11.js';

const BEST_WIDTH = 80;
const BEST_INDENT = 2;

function isLetter(c: string): boolean {
  return /\p{L}/u.test(c);
}
function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

/** go-yaml v2's map key order: letters after other characters, digit runs compared as numbers. */
export function goYamlKeyLess(a: string, b: string): boolean {
  const ar = [...a];
  const br = [...b];
  for (let i = 0; i < ar.length && i < br.length; i++) {
    const ac = ar[i] as string;
    const bc = br[i] as string;
    if (ac === bc) continue;
    const al = isLetter(ac);
    const bl = isLetter(bc);
    if (al && bl) return (ac.codePointAt(0) as number) < (bc.codePointAt(0) as number);
    if (al || bl) return bl;
    let an = 0;
    let bn = 0;
    if (ac === '0' || bc === '0') {
      for (let j = i - 1; j >= 0 && isDigit(ar[j]); j--) {
        if (ar[j] !== '0') {
          an = 1;
          bn = 1;
          break;
        }
      }
    }
    let ai = i;
    for (; ai < ar.length && isDigit(ar[ai]); ai++) an = an * 10 + (Number(ar[ai]) || 0);
    let bi = i;
    for (; bi < br.length && isDigit(br[bi]); bi++) bn = bn * 10 + (Number(br[bi]) || 0);
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return (ac.codePointAt(0) as number) < (bc.codePointAt(0) as number);
  }
  return ar.length < br.length;
}

/** Sorts keys in {@link goYamlKeyLess} order. */
export function sortGoYamlKeys(keys: string[]): string[] {
  return keys.sort((a, b) => (goYamlKeyLess(a, b) ? -1 : goYamlKeyLess(b, a) ? 1 : 0));
}

function isPrintable(c: number): boolean {
  return (
    c === 0x0a ||
    (c >= 0x20 && c <= 0x7e) ||
    c === 0x85 ||
    (c >= 0xa0 && c <= 0xd7ff) ||
    (c >= 0xe000 && c <= 0xfffd && c !== 0xfeff) ||
    (c >= 0x10000 && c <= 0x10ffff)
  );
}
function isBreak(c: number | undefined): boolean {
  return c === 0x0d || c === 0x0a || c === 0x85 || c === 0x2028 || c === 0x2029;
}
function isSpace(c: number | undefined): boolean {
  return c === 0x20;
}
function isBlankOrEnd(c: number | undefined): boolean {
  return c === undefined || c === 0x20 || c === 0x09 || isBreak(c);
}

interface Analysis {
  multiline: boolean;
  blockPlainAllowed: boolean;
  singleQuotedAllowed: boolean;
  blockAllowed: boolean;
}

/** Port of go-yaml's yaml_emitter_analyze_scalar (block context). */
function analyze(cps: readonly number[]): Analysis {
  if (cps.length === 0) return { multiline: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
  let blockIndicators = false;
  let lineBreaks = false;
  let specialCharacters = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;
  let precededByWhitespace = true;
  const text = String.fromCodePoint(...cps.slice(0, 3));
  if (text === '---' || text === '...') blockIndicators = true;
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i] as number;
    const followedByWhitespace = isBlankOrEnd(cps[i + 1]);
    const ch = String.fromCodePoint(c);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(ch)) blockIndicators = true;
      else if ((ch === '?' || ch === ':') && followedByWhitespace) blockIndicators = true;
      else if (ch === '-' && followedByWhitespace) blockIndicators = true;
    } else if (ch === ':' && followedByWhitespace) blockIndicators = true;
    else if (ch === '#' && precededByWhitespace) blockIndicators = true;
    if (!isPrintable(c)) specialCharacters = true;
    if (isSpace(c)) {
      if (i === 0) leadingSpace = true;
      if (i === cps.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(c)) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i === cps.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlankOrEnd(c);
  }
  let blockPlainAllowed = true;
  let singleQuotedAllowed = true;
  let blockAllowed = true;
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) blockPlainAllowed = false;
  if (trailingSpace) blockAllowed = false;
  if (breakSpace) {
    blockPlainAllowed = false;
    singleQuotedAllowed = false;
  }
  if (spaceBreak || specialCharacters) {
    blockPlainAllowed = false;
    singleQuotedAllowed = false;
    blockAllowed = false;
  }
  if (lineBreaks) blockPlainAllowed = false;
  if (blockIndicators) blockPlainAllowed = false;
  return { multiline: lineBreaks, blockPlainAllowed, singleQuotedAllowed, blockAllowed };
}

const ESCAPES = new Map<number, string>([
  [0x00, '0'], [0x07, 'a'], [0x08, 'b'], [0x09, 't'], [0x0a, 'n'], [0x0b, 'v'], [0x0c, 'f'], [0x0d, 'r'],
  [0x1b, 'e'], [0x22, '"'], [0x5c, '\\'], [0x85, 'N'], [0xa0, '_'], [0x2028, 'L'], [0x2029, 'P'],
]);

function hex(c: number, width: number): string {
  return c.toString(16).toUpperCase().padStart(width, '0');
}

/** Go's strconv.FormatFloat(f, 'g', -1, 64) as go-yaml writes floats. */
export function goFloat(f: number): string {
  if (Number.isNaN(f)) return '.nan';
  if (f === Infinity) return '.inf';
  if (f === -Infinity) return '-.inf';
  if (Number.isInteger(f) && Math.abs(f) < 1e21) return String(f);
  const [mantissa, expText] = f.toExponential().split('e') as [string, string];
  const exp = Number(expText);
  if (exp < -4 || exp >= 21) {
    return `${mantissa}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  return String(f);
}

class Writer {
  out = '';
  column = 0;

  put(s: string): void {
    this.out += s;
    this.column += [...s].length;
  }

  newline(): void {
    this.out += '\n';
    this.column = 0;
  }

  /** Moves to a fresh line at `indent`. */
  startLine(indent: number): void {
    if (this.column !== 0) this.newline();
    this.put(' '.repeat(indent));
  }

  /** go-yaml's write_indent while folding a scalar. */
  fold(indent: number): void {
    this.newline();
    this.put(' '.repeat(indent));
  }

  scalar(value: unknown, indent: number, isKey: boolean): void {
    if (value === null || value === undefined) this.put('null');
    else if (typeof value === 'boolean') this.put(value ? 'true' : 'false');
    else if (typeof value === 'number') this.put(goFloat(value));
    else if (typeof value === 'bigint') this.put(value.toString());
    else this.string(typeof value === 'string' ? value : JSON.stringify(value), indent, isKey);
  }

  string(s: string, indent: number, isKey: boolean): void {
    const cps = [...s].map((ch) => ch.codePointAt(0) as number);
    const a = analyze(cps);
    let style: 'plain' | 'single' | 'double' | 'literal';
    if (s.includes('\n')) style = 'literal';
    else if (needsTypeQuoting(s)) style = 'double';
    else style = 'plain';
    if (style === 'plain' && (!a.blockPlainAllowed || (cps.length === 0 && isKey))) style = 'single';
    if (style === 'single' && !a.singleQuotedAllowed) style = 'double';
    if (style === 'literal' && (!a.blockAllowed || isKey)) style = 'double';
    const allowBreaks = !isKey;
    if (style === 'plain') this.plain(cps, indent, allowBreaks);
    else if (style === 'single') this.single(cps, indent, allowBreaks);
    else if (style === 'double') this.double(cps, indent, allowBreaks);
    else this.literal(cps, indent);
  }

  plain(cps: readonly number[], indent: number, allowBreaks: boolean): void {
    let spaces = false;
    for (let i = 0; i < cps.length; i++) {
      const c = cps[i] as number;
      if (isSpace(c)) {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && !isSpace(cps[i + 1])) this.fold(indent);
        else this.put(' ');
        spaces = true;
      } else {
        this.put(String.fromCodePoint(c));
        spaces = false;
      }
    }
  }

  single(cps: readonly number[], indent: number, allowBreaks: boolean): void {
    this.put("'");
    let spaces = false;
    for (let i = 0; i < cps.length; i++) {
      const c = cps[i] as number;
      if (isSpace(c)) {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && i > 0 && i < cps.length - 1 && !isSpace(cps[i + 1])) this.fold(indent);
        else this.put(' ');
        spaces = true;
      } else {
        this.put(c === 0x27 ? "''" : String.fromCodePoint(c));
        spaces = false;
      }
    }
    this.put("'");
  }

  double(cps: readonly number[], indent: number, allowBreaks: boolean): void {
    this.put('"');
    let spaces = false;
    for (let i = 0; i < cps.length; i++) {
      const c = cps[i] as number;
      if (!isPrintable(c) || c === 0xfeff || isBreak(c) || c === 0x22 || c === 0x5c) {
        const named = ESCAPES.get(c);
        if (named !== undefined) this.put(`\\${named}`);
        else if (c <= 0xff) this.put(`\\x${hex(c, 2)}`);
        else if (c <= 0xffff) this.put(`\\u${hex(c, 4)}`);
        else this.put(`\\U${hex(c, 8)}`);
        spaces = false;
      } else if (isSpace(c)) {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && i > 0 && i < cps.length - 1) {
          this.fold(indent);
          if (isSpace(cps[i + 1])) this.put('\\');
        } else this.put(' ');
        spaces = true;
      } else {
        this.put(String.fromCodePoint(c));
        spaces = false;
      }
    }
    this.put('"');
  }

  literal(cps: readonly number[], indent: number): void {
    let hints = '';
    if (isSpace(cps[0]) || isBreak(cps[0])) hints += String(BEST_INDENT);
    const last = cps[cps.length - 1];
    if (!isBreak(last)) hints += '-';
    else if (cps.length === 1 || isBreak(cps[cps.length - 2])) hints += '+';
    this.put(`|${hints}`);
    this.newline();
    let breaks = true;
    for (const c of cps) {
      if (isBreak(c)) {
        this.newline();
        breaks = true;
      } else {
        if (breaks) this.put(' '.repeat(indent));
        this.put(String.fromCodePoint(c));
        breaks = false;
      }
    }
  }

  node(value: unknown, indent: number): void {
    // Called after `key:` or `-`: decides how the value continues the line.
    if (Array.isArray(value)) {
      if (value.length === 0) this.put(' []');
      else this.sequence(value, indent, false);
    } else if (isMap(value)) {
      if (Object.keys(value).length === 0) this.put(' {}');
      else this.mapping(value, indent + BEST_INDENT, false);
    } else {
      this.put(' ');
      this.scalar(value, indent + BEST_INDENT, false);
    }
  }

  mapping(value: Record<string, unknown>, indent: number, inline: boolean): void {
    const keys = sortGoYamlKeys(Object.keys(value));
    keys.forEach((key, i) => {
      if (!(inline && i === 0)) this.startLine(indent);
      this.scalar(key, indent + BEST_INDENT, true);
      this.put(':');
      this.node(value[key], indent);
    });
  }

  sequence(value: readonly unknown[], indent: number, inline: boolean): void {
    value.forEach((item, i) => {
      if (!(inline && i === 0)) this.startLine(indent);
      this.put('-');
      if (Array.isArray(item) && item.length > 0) {
        this.put(' ');
        this.sequence(item, indent + BEST_INDENT, true);
      } else if (isMap(item) && Object.keys(item).length > 0) {
        this.put(' ');
        this.mapping(item, indent + BEST_INDENT, true);
      } else {
        this.node(item, indent);
      }
    });
  }
}

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Writes `value` (JSON-like data) as kubectl writes YAML. Always ends with a newline. */
export function toGoYaml(value: unknown): string {
  const w = new Writer();
  if (Array.isArray(value) && value.length > 0) w.sequence(value, 0, true);
  else if (isMap(value) && Object.keys(value).length > 0) w.mapping(value, 0, true);
  else if (Array.isArray(value)) w.put('[]');
  else if (isMap(value)) w.put('{}');
  else w.scalar(value, BEST_INDENT, false);
  if (w.column !== 0 || w.out === '') w.newline();
  return w.out;
}
