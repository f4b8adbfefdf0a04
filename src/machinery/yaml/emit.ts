/**
 * YAML text exactly as kubectl writes it (`-o yaml`, `config view`, `edit`, and the kubeconfig
 * files it saves): sigs.k8s.io/yaml, which converts to JSON and emits with go-yaml v2. This is a
 * port of the parts of that emitter a JSON value can reach: block mappings with sorted keys, block
 * sequences not indented under their key, `{}` / `[]` for empty collections, go-yaml's quoting
 * rules, literal blocks for multi-line strings, and its line folding of long scalars at 80 columns.
 * The one YAML writer: the printers and the kubeconfig writer both use it.
 */
import { formatGoFloat, isGoInteger } from '../go-number.js';
import { isBase60Float, resolvesToNonString } from './resolve.js';
import { analyzeScalar, isBreak, isPrintable, isSpace } from './scalar.js';
import type { ScalarAnalysis } from './scalar.js';

type Style = 'plain' | 'single' | 'double' | 'literal';

const BEST_INDENT = 2;
const BEST_WIDTH = 80;
const HEX_UPPER = '0123456789ABCDEF';

/** go-yaml v2's key order: letters before digits, runs of digits compared as numbers. */
export function compareYamlKeys(a: string, b: string): number {
  if (a === b) return 0;
  return yamlKeyLess(a, b) ? -1 : 1;
}

// Built on first use: Unicode property classes cost close to a millisecond to create, and most
// commands that load this module (through the printers) never print YAML.
let letter: RegExp | undefined;
let digit: RegExp | undefined;
const LETTER = { test: (ch: string): boolean => (letter ??= new RegExp('\\p{L}', 'u')).test(ch) };
const DIGIT = { test: (ch: string): boolean => (digit ??= new RegExp('\\p{Nd}', 'u')).test(ch) };

function yamlKeyLess(a: string, b: string): boolean {
  const ar = Array.from(a);
  const br = Array.from(b);
  for (let i = 0; i < ar.length && i < br.length; i++) {
    const ai0 = ar[i] ?? '';
    const bi0 = br[i] ?? '';
    if (ai0 === bi0) continue;
    const al = LETTER.test(ai0);
    const bl = LETTER.test(bi0);
    if (al && bl) return (ai0.codePointAt(0) ?? 0) < (bi0.codePointAt(0) ?? 0);
    if (al || bl) return bl;
    let an = 0;
    let bn = 0;
    if (ai0 === '0' || bi0 === '0') {
      for (let j = i - 1; j >= 0 && DIGIT.test(ar[j] ?? ''); j--) {
        if (ar[j] !== '0') {
          an = 1;
          bn = 1;
          break;
        }
      }
    }
    let ai = i;
    for (; ai < ar.length && DIGIT.test(ar[ai] ?? ''); ai++) an = an * 10 + ((ar[ai] ?? '0').codePointAt(0) ?? 48) - 48;
    let bi = i;
    for (; bi < br.length && DIGIT.test(br[bi] ?? ''); bi++) bn = bn * 10 + ((br[bi] ?? '0').codePointAt(0) ?? 48) - 48;
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return (ai0.codePointAt(0) ?? 0) < (bi0.codePointAt(0) ?? 0);
  }
  return ar.length < br.length;
}

interface Context {
  root: boolean;
  sequence: boolean;
  mapping: boolean;
  simpleKey: boolean;
}

/** The emitter state of go-yaml v2 that block output of JSON values depends on. */
class Emitter {
  private readonly out: string[] = [];
  private column = 0;
  private whitespace = true;
  private indention = true;
  private indent = -1;
  private readonly indents: number[] = [];
  private flowLevel = 0;
  private ctx: Context = { root: true, sequence: false, mapping: false, simpleKey: false };

  text(): string {
    return this.out.join('');
  }

  document(value: unknown): void {
    this.node(value, { root: true, sequence: false, mapping: false, simpleKey: false });
    // DOCUMENT-END: an implicit end only moves to a fresh line.
    this.writeIndent();
  }

  private put(s: string): void {
    this.out.push(s);
    this.column++;
  }

  private putBreak(): void {
    this.out.push('\n');
    this.column = 0;
    this.indention = true;
  }

  private writeIndent(): void {
    const indent = Math.max(this.indent, 0);
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) this.putBreak();
    while (this.column < indent) this.put(' ');
    this.whitespace = true;
    this.indention = true;
  }

  private writeIndicator(indicator: string, needWhitespace: boolean, isWhitespace: boolean, isIndention: boolean): void {
    if (needWhitespace && !this.whitespace) this.put(' ');
    for (const ch of indicator) this.put(ch);
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
  }

  private increaseIndent(flow: boolean, indentless: boolean): void {
    this.indents.push(this.indent);
    if (this.indent < 0) this.indent = flow ? BEST_INDENT : 0;
    else if (!indentless) this.indent += BEST_INDENT;
  }

  private popIndent(): void {
    this.indent = this.indents.pop() ?? -1;
  }

  private node(value: unknown, ctx: Context): void {
    this.ctx = ctx;
    if (Array.isArray(value)) {
      if (this.flowLevel > 0 || value.length === 0) this.flowSequence(value);
      else this.blockSequence(value);
    } else if (value !== null && typeof value === 'object') {
      const obj = value as Record<string, unknown>;
      const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort(compareYamlKeys);
      if (this.flowLevel > 0 || keys.length === 0) this.flowMapping(obj, keys);
      else this.blockMapping(obj, keys);
    } else {
      this.scalarValue(value);
    }
  }

  private flowSequence(items: unknown[]): void {
    this.flowCollection('[', ']', items, (item) => this.node(item, { root: false, sequence: true, mapping: false, simpleKey: false }));
  }

  private flowMapping(obj: Record<string, unknown>, keys: string[]): void {
    this.flowCollection('{', '}', keys, (key) => {
      this.scalarValue(key, { root: false, sequence: false, mapping: true, simpleKey: true });
      this.writeIndicator(':', false, false, false);
      this.node(obj[key], { root: false, sequence: false, mapping: true, simpleKey: false });
    });
  }

  /** A flow sequence or mapping: its entries comma-separated, a line broken where it passes the best width. */
  private flowCollection<T>(open: string, close: string, entries: readonly T[], entry: (e: T) => void): void {
    this.writeIndicator(open, true, true, false);
    this.increaseIndent(true, false);
    this.flowLevel++;
    entries.forEach((e, i) => {
      if (i > 0) this.writeIndicator(',', false, false, false);
      if (this.column > BEST_WIDTH) this.writeIndent();
      entry(e);
    });
    this.flowLevel--;
    this.popIndent();
    this.writeIndicator(close, false, false, false);
  }

  private blockSequence(items: unknown[]): void {
    this.increaseIndent(false, this.ctx.mapping && !this.indention);
    for (const item of items) {
      this.writeIndent();
      this.writeIndicator('-', true, false, true);
      this.node(item, { root: false, sequence: true, mapping: false, simpleKey: false });
    }
    this.popIndent();
  }

  private blockMapping(obj: Record<string, unknown>, keys: string[]): void {
    this.increaseIndent(false, false);
    for (const key of keys) {
      this.writeIndent();
      const scalar = keyScalar(key);
      // check_simple_key: single-line and at most 128 bytes.
      const simple = !scalar.analysis.multiline && Buffer.byteLength(key) <= 128;
      if (simple) {
        this.emitScalar(scalar, { root: false, sequence: false, mapping: true, simpleKey: true });
        this.writeIndicator(':', false, false, false);
      } else {
        this.writeIndicator('?', true, false, true);
        this.emitScalar(scalar, { root: false, sequence: false, mapping: true, simpleKey: false });
        this.writeIndent();
        this.writeIndicator(':', true, false, true);
      }
      this.node(obj[key], { root: false, sequence: false, mapping: true, simpleKey: false });
    }
    this.popIndent();
  }

  private scalarValue(value: unknown, ctx: Context = this.ctx): void {
    this.emitScalar(encodeScalar(value), ctx);
  }

  private emitScalar(scalar: EncodedScalar, ctx: Context): void {
    this.ctx = ctx;
    const style = this.selectStyle(scalar);
    this.increaseIndent(true, false);
    const allowBreaks = !ctx.simpleKey;
    switch (style) {
      case 'plain': this.writePlain(scalar.cps, allowBreaks); break;
      case 'single': this.writeSingleQuoted(scalar.cps, allowBreaks); break;
      case 'double': this.writeDoubleQuoted(scalar.cps, allowBreaks); break;
      case 'literal': this.writeLiteral(scalar.cps); break;
    }
    this.popIndent();
  }

  private selectStyle(scalar: EncodedScalar): Style {
    const a = scalar.analysis;
    let style = scalar.style;
    if (this.ctx.simpleKey && a.multiline) style = 'double';
    if (style === 'plain') {
      if ((this.flowLevel > 0 && !a.flowPlainAllowed) || (this.flowLevel === 0 && !a.blockPlainAllowed)) style = 'single';
      if (scalar.cps.length === 0 && (this.flowLevel > 0 || this.ctx.simpleKey)) style = 'single';
    }
    if (style === 'single' && !a.singleQuotedAllowed) style = 'double';
    if (style === 'literal' && (!a.blockAllowed || this.flowLevel > 0 || this.ctx.simpleKey)) style = 'double';
    return style;
  }

  private write(c: number): void {
    this.out.push(String.fromCodePoint(c));
    this.column++;
  }

  private writeBreak(c: number): void {
    if (c === 0x0a) {
      this.putBreak();
    } else {
      this.write(c);
      this.column = 0;
      this.indention = true;
    }
  }

  private writePlain(cps: readonly number[], allowBreaks: boolean): void {
    if (!this.whitespace) this.put(' ');
    this.writeFoldable(cps, allowBreaks, false);
    this.whitespace = false;
    this.indention = false;
  }

  private writeSingleQuoted(cps: readonly number[], allowBreaks: boolean): void {
    this.writeIndicator("'", true, false, false);
    this.writeFoldable(cps, allowBreaks, true);
    this.writeIndicator("'", false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  /**
   * The text of a plain or a single-quoted scalar, which go-yaml writes alike: a space past the
   * best width folds the line, a line break is written twice. A quoted one is never folded at its
   * first or last character, and its quotes are doubled.
   */
  private writeFoldable(cps: readonly number[], allowBreaks: boolean, quoted: boolean): void {
    let spaces = false;
    let breaks = false;
    for (let i = 0; i < cps.length; i++) {
      const c = cps[i] ?? 0;
      if (isSpace(c)) {
        const inside = !quoted || (i > 0 && i < cps.length - 1);
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && inside && !isSpace(cps[i + 1])) this.writeIndent();
        else this.write(c);
        spaces = true;
      } else if (isBreak(c)) {
        if (!breaks && c === 0x0a) this.putBreak();
        this.writeBreak(c);
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        if (quoted && c === 0x27) this.put("'");
        this.write(c);
        this.indention = false;
        spaces = false;
        breaks = false;
      }
    }
  }

  private writeDoubleQuoted(cps: readonly number[], allowBreaks: boolean): void {
    let spaces = false;
    this.writeIndicator('"', true, false, false);
    // go-yaml's is_bom looks at the start of the value whatever the index, so a value that starts
    // with a byte-order mark has every character escaped.
    const escapeAll = cps[0] === 0xfeff;
    for (let i = 0; i < cps.length; i++) {
      const c = cps[i] ?? 0;
      if (escapeAll || !isPrintable(c) || isBreak(c) || c === 0x22 || c === 0x5c) {
        this.put('\\');
        const short = DOUBLE_QUOTE_ESCAPES.get(c);
        if (short !== undefined) {
          this.put(short);
        } else {
          const [letter, digits] = c <= 0xff ? ['x', 2] : c <= 0xffff ? ['u', 4] : ['U', 8];
          this.put(letter);
          for (let k = (digits - 1) * 4; k >= 0; k -= 4) this.put(HEX_UPPER[(c >> k) & 0xf] ?? '0');
        }
        spaces = false;
      } else if (isSpace(c)) {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && i > 0 && i < cps.length - 1) {
          this.writeIndent();
          if (isSpace(cps[i + 1])) this.put('\\');
        } else {
          this.write(c);
        }
        spaces = true;
      } else {
        this.write(c);
        spaces = false;
      }
    }
    this.writeIndicator('"', false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private writeBlockScalarHints(cps: readonly number[]): void {
    const first = cps[0];
    if (isSpace(first) || isBreak(first)) this.writeIndicator(String(BEST_INDENT), false, false, false);
    let chomp = '';
    const last = cps.length - 1;
    if (cps.length === 0 || !isBreak(cps[last])) chomp = '-';
    else if (last === 0 || isBreak(cps[last - 1])) chomp = '+';
    if (chomp) this.writeIndicator(chomp, false, false, false);
  }

  private writeLiteral(cps: readonly number[]): void {
    this.writeIndicator('|', true, false, false);
    this.writeBlockScalarHints(cps);
    this.putBreak();
    this.indention = true;
    this.whitespace = true;
    let breaks = true;
    for (const c of cps) {
      if (isBreak(c)) {
        this.writeBreak(c);
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        this.write(c);
        this.indention = false;
        breaks = false;
      }
    }
  }
}

const DOUBLE_QUOTE_ESCAPES = new Map<number, string>([
  [0x00, '0'], [0x07, 'a'], [0x08, 'b'], [0x09, 't'], [0x0a, 'n'], [0x0b, 'v'], [0x0c, 'f'], [0x0d, 'r'],
  [0x1b, 'e'], [0x22, '"'], [0x5c, '\\'], [0x85, 'N'], [0xa0, '_'], [0x2028, 'L'], [0x2029, 'P'],
]);

interface EncodedScalar {
  cps: number[];
  style: Style;
  analysis: ScalarAnalysis;
}

function scalar(text: string, style: Style): EncodedScalar {
  const cps = Array.from(text, (ch) => ch.codePointAt(0) ?? 0);
  return { cps, style, analysis: analyzeScalar(cps) };
}

/**
 * The string as it comes out of sigs.k8s.io/yaml's JSON-to-YAML round trip: Go's JSON writes
 * U+0085 (NEL) unescaped, and go-yaml then reads it inside a double-quoted scalar as a line
 * break and folds it (with the spaces around it) into a space, or n breaks into n-1 newlines.
 * A lone surrogate cannot come out of Go's JSON decoder; it would have been U+FFFD.
 */
function roundTrip(s: string): string {
  return foldNextLines(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
}

/**
 * Each run of spaces and NELs that holds a NEL, folded as go-yaml folds it. Scanned once: the
 * pattern `/ *(?:\u0085 *)+/g` is quadratic on a long run of spaces (every space is tried as a
 * start), and a 256 KB annotation of spaces took `-o yaml` about 20 s.
 */
function foldNextLines(s: string): string {
  if (!s.includes('\u0085')) return s;
  const parts: string[] = [];
  let copied = 0;
  let i = 0;
  while (i < s.length) {
    if (s[i] !== ' ' && s[i] !== '\u0085') {
      i++;
      continue;
    }
    let end = i;
    let breaks = 0;
    for (; end < s.length && (s[end] === ' ' || s[end] === '\u0085'); end++) if (s[end] === '\u0085') breaks++;
    if (breaks > 0) {
      parts.push(s.slice(copied, i), breaks === 1 ? ' ' : '\n'.repeat(breaks - 1));
      copied = end;
    }
    i = end;
  }
  parts.push(s.slice(copied));
  return parts.join('');
}

/** go-yaml v2's `stringv`: quote what would not read back as the same string. */
function stringScalar(s: string): EncodedScalar {
  const text = roundTrip(s);
  const canUsePlain = !resolvesToNonString(text) && !isBase60Float(text);
  const style: Style = text.includes('\n') ? 'literal' : canUsePlain ? 'plain' : 'double';
  return scalar(text, style);
}

function keyScalar(key: string): EncodedScalar {
  return stringScalar(key);
}

function encodeScalar(value: unknown): EncodedScalar {
  if (value === null || value === undefined) return scalar('null', 'plain');
  if (typeof value === 'string') return stringScalar(value);
  if (typeof value === 'boolean') return scalar(value ? 'true' : 'false', 'plain');
  if (typeof value === 'bigint') return scalar(value.toString(), 'plain');
  if (typeof value === 'number') {
    if (isGoInteger(value)) return scalar(BigInt(value).toString(), 'plain');
    if (Number.isNaN(value)) return scalar('.nan', 'plain');
    if (value === Infinity) return scalar('.inf', 'plain');
    if (value === -Infinity) return scalar('-.inf', 'plain');
    return scalar(formatGoFloat(value), 'plain');
  }
  return stringScalar(String(value));
}

/**
 * YAML text of a JSON value exactly as kubectl writes it (sigs.k8s.io/yaml with go-yaml v2),
 * ending with a newline. Keys are sorted as go-yaml sorts them; strings that would read back as
 * another type are quoted (`"123"`, `"true"`, `""`); multi-line strings use literal blocks (`|-`).
 *
 * @param value - a JSON value (as parsed from the API)
 */
export function toYaml(value: unknown): string {
  const emitter = new Emitter();
  emitter.document(value);
  return emitter.text();
}
