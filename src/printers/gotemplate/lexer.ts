/**
 * The lexer of Go's text/template (Go 1.23's `text/template/parse/lex.go`): text, actions between
 * `{{` and `}}`, comments, the trim markers `{{- ` and ` -}}`, and the tokens inside actions.
 * Positions are offsets in the JavaScript string (the executor turns them into Go's byte columns).
 */
import { isPrint, quote } from './strconv/quote.js';

/** The kinds of tokens. Keywords come after 'keyword' in {@link KEYWORDS}. */
export type ItemType =
  | 'error' | 'bool' | 'char' | 'charConstant' | 'comment' | 'complex' | 'assign' | 'declare' | 'eof'
  | 'field' | 'identifier' | 'leftDelim' | 'leftParen' | 'number' | 'pipe' | 'rawString' | 'rightDelim'
  | 'rightParen' | 'space' | 'string' | 'text' | 'variable'
  | 'block' | 'break' | 'continue' | 'dot' | 'define' | 'else' | 'end' | 'if' | 'nil' | 'range' | 'template' | 'with';

/** The keyword spellings and their token types (`.` is the dot). */
const KEYWORDS = new Map<string, ItemType>([
  ['.', 'dot'], ['block', 'block'], ['break', 'break'], ['continue', 'continue'], ['define', 'define'],
  ['else', 'else'], ['end', 'end'], ['if', 'if'], ['range', 'range'], ['nil', 'nil'], ['template', 'template'], ['with', 'with'],
]);
const KEYWORD_TYPES = new Set<ItemType>(KEYWORDS.values());

/** A token: its type, position, text and the line it starts on. */
export interface Item {
  readonly type: ItemType;
  readonly pos: number;
  readonly val: string;
  readonly line: number;
}

/** Go's `%.10q...` / `%q` of a token value, as parse errors quote tokens. */
export function itemString(i: Item): string {
  if (i.type === 'eof') return 'EOF';
  if (i.type === 'error') return i.val;
  if (KEYWORD_TYPES.has(i.type)) return `<${i.val}>`;
  const runes = [...i.val];
  if (runes.length > 10) return `${quote(runes.slice(0, 10).join(''))}...`;
  return quote(i.val);
}

/** Go's `%#U`: `U+0041 'A'` (the character only when printable). */
export function formatRune(r: number): string {
  const hex = r.toString(16).toUpperCase().padStart(4, '0');
  return isPrint(r) ? `U+${hex} '${String.fromCodePoint(r)}'` : `U+${hex}`;
}


const EOF = -1;
const LEFT_DELIM = '{{';
const RIGHT_DELIM = '}}';
const LEFT_COMMENT = '/*';
const RIGHT_COMMENT = '*/';
const SPACE_CHARS = ' \t\r\n';
const TRIM_MARKER_LEN = 2;

const LETTER_OR_DIGIT = /^[\p{L}\p{Nd}]$/u;

function isSpace(r: number): boolean {
  return r === 0x20 || r === 0x09 || r === 0x0d || r === 0x0a;
}

function isAlphaNumeric(r: number): boolean {
  if (r === 0x5f) return true;
  if (r < 0) return false;
  if (r < 0x80) return (r >= 0x30 && r <= 0x39) || (r >= 0x41 && r <= 0x5a) || (r >= 0x61 && r <= 0x7a);
  return LETTER_OR_DIGIT.test(String.fromCodePoint(r));
}

function hasLeftTrimMarker(s: string, at: number): boolean {
  return s[at] === '-' && isSpace(s.charCodeAt(at + 1));
}

function hasRightTrimMarker(s: string, at: number): boolean {
  return isSpace(s.charCodeAt(at)) && s[at + 1] === '-';
}

function count(s: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) if (s.charCodeAt(i) === 0x0a) n++;
  return n;
}

type StateFn = (l: Lexer) => StateFn | null;

/** Options of the lexer (Go's lexOptions). */
export interface LexOptions {
  emitComment: boolean;
  breakOK: boolean;
  continueOK: boolean;
}

/** Scans a template into {@link Item}s, one per {@link nextItem} call. */
export class Lexer {
  input: string;
  pos = 0;
  start = 0;
  atEOF = false;
  parenDepth = 0;
  line = 1;
  startLine = 1;
  insideAction = false;
  options: LexOptions = { emitComment: false, breakOK: true, continueOK: true };
  private item: Item = { type: 'eof', pos: 0, val: 'EOF', line: 1 };

  constructor(input: string) {
    this.input = input;
  }

  /** The next code point, or EOF. */
  next(): number {
    if (this.pos >= this.input.length) {
      this.atEOF = true;
      return EOF;
    }
    const r = this.input.codePointAt(this.pos) ?? EOF;
    this.pos += r > 0xffff ? 2 : 1;
    if (r === 0x0a) this.line++;
    return r;
  }

  peek(): number {
    const r = this.next();
    this.backup();
    return r;
  }

  backup(): void {
    if (!this.atEOF && this.pos > 0) {
      const low = this.input.charCodeAt(this.pos - 1);
      const high = this.pos >= 2 ? this.input.charCodeAt(this.pos - 2) : 0;
      const w = low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff ? 2 : 1;
      this.pos -= w;
      if (low === 0x0a) this.line--;
    }
  }

  thisItem(type: ItemType): Item {
    const i: Item = { type, pos: this.start, val: this.input.slice(this.start, this.pos), line: this.startLine };
    this.start = this.pos;
    this.startLine = this.line;
    return i;
  }

  emit(type: ItemType): StateFn | null {
    return this.emitItem(this.thisItem(type));
  }

  emitItem(i: Item): StateFn | null {
    this.item = i;
    return null;
  }

  ignore(): void {
    this.line += count(this.input, this.start, this.pos);
    this.start = this.pos;
    this.startLine = this.line;
  }

  accept(valid: string): boolean {
    const r = this.next();
    if (r !== EOF && valid.includes(String.fromCodePoint(r))) return true;
    this.backup();
    return false;
  }

  acceptRun(valid: string): void {
    for (;;) {
      const r = this.next();
      if (r === EOF || !valid.includes(String.fromCodePoint(r))) break;
    }
    this.backup();
  }

  errorf(message: string): StateFn | null {
    this.item = { type: 'error', pos: this.start, val: message, line: this.startLine };
    this.start = 0;
    this.pos = 0;
    this.input = '';
    return null;
  }

  nextItem(): Item {
    this.item = { type: 'eof', pos: this.pos, val: 'EOF', line: this.startLine };
    let state: StateFn | null = this.insideAction ? lexInsideAction : lexText;
    while (state !== null) state = state(this);
    return this.item;
  }

  atRightDelim(): { delim: boolean; trimSpaces: boolean } {
    if (hasRightTrimMarker(this.input, this.pos) && this.input.startsWith(RIGHT_DELIM, this.pos + TRIM_MARKER_LEN)) return { delim: true, trimSpaces: true };
    if (this.input.startsWith(RIGHT_DELIM, this.pos)) return { delim: true, trimSpaces: false };
    return { delim: false, trimSpaces: false };
  }

  atTerminator(): boolean {
    const r = this.peek();
    if (isSpace(r)) return true;
    switch (r) {
      case EOF: case 0x2e: case 0x2c: case 0x7c: case 0x3a: case 0x29: case 0x28:
        return true;
    }
    return this.input.startsWith(RIGHT_DELIM, this.pos);
  }

  scanNumber(): boolean {
    this.accept('+-');
    let digits = '0123456789_';
    if (this.accept('0')) {
      if (this.accept('xX')) digits = '0123456789abcdefABCDEF_';
      else if (this.accept('oO')) digits = '01234567_';
      else if (this.accept('bB')) digits = '01_';
    }
    this.acceptRun(digits);
    if (this.accept('.')) this.acceptRun(digits);
    if (digits.length === 11 && this.accept('eE')) {
      this.accept('+-');
      this.acceptRun('0123456789_');
    }
    if (digits.length === 23 && this.accept('pP')) {
      this.accept('+-');
      this.acceptRun('0123456789_');
    }
    this.accept('i');
    if (isAlphaNumeric(this.peek())) {
      this.next();
      return false;
    }
    return true;
  }
}

function rightTrimLength(s: string): number {
  let n = 0;
  while (n < s.length && SPACE_CHARS.includes(s[s.length - 1 - n] ?? '')) n++;
  return n;
}

function leftTrimLength(s: string, from: number): number {
  let n = 0;
  while (from + n < s.length && SPACE_CHARS.includes(s[from + n] ?? '')) n++;
  return n;
}

function lexText(l: Lexer): StateFn | null {
  const x = l.input.indexOf(LEFT_DELIM, l.pos);
  if (x >= 0) {
    if (x > l.pos) {
      l.pos = x;
      let trimLength = 0;
      const delimEnd = l.pos + LEFT_DELIM.length;
      if (hasLeftTrimMarker(l.input, delimEnd)) trimLength = rightTrimLength(l.input.slice(l.start, l.pos));
      l.pos -= trimLength;
      l.line += count(l.input, l.start, l.pos);
      const i = l.thisItem('text');
      l.pos += trimLength;
      l.ignore();
      if (i.val.length > 0) return l.emitItem(i);
    }
    return lexLeftDelim;
  }
  l.pos = l.input.length;
  if (l.pos > l.start) {
    l.line += count(l.input, l.start, l.pos);
    return l.emit('text');
  }
  return l.emit('eof');
}

function lexLeftDelim(l: Lexer): StateFn | null {
  l.pos += LEFT_DELIM.length;
  const trimSpace = hasLeftTrimMarker(l.input, l.pos);
  const afterMarker = trimSpace ? TRIM_MARKER_LEN : 0;
  if (l.input.startsWith(LEFT_COMMENT, l.pos + afterMarker)) {
    l.pos += afterMarker;
    l.ignore();
    return lexComment;
  }
  const i = l.thisItem('leftDelim');
  l.insideAction = true;
  l.pos += afterMarker;
  l.ignore();
  l.parenDepth = 0;
  return l.emitItem(i);
}

function lexComment(l: Lexer): StateFn | null {
  l.pos += LEFT_COMMENT.length;
  const x = l.input.indexOf(RIGHT_COMMENT, l.pos);
  if (x < 0) return l.errorf('unclosed comment');
  l.pos = x + RIGHT_COMMENT.length;
  const { delim, trimSpaces } = l.atRightDelim();
  if (!delim) return l.errorf('comment ends before closing delimiter');
  l.line += count(l.input, l.start, l.pos);
  const i = l.thisItem('comment');
  if (trimSpaces) l.pos += TRIM_MARKER_LEN;
  l.pos += RIGHT_DELIM.length;
  if (trimSpaces) l.pos += leftTrimLength(l.input, l.pos);
  l.ignore();
  if (l.options.emitComment) return l.emitItem(i);
  return lexText;
}

function lexRightDelim(l: Lexer): StateFn | null {
  const { trimSpaces } = l.atRightDelim();
  if (trimSpaces) {
    l.pos += TRIM_MARKER_LEN;
    l.ignore();
  }
  l.pos += RIGHT_DELIM.length;
  const i = l.thisItem('rightDelim');
  if (trimSpaces) {
    l.pos += leftTrimLength(l.input, l.pos);
    l.ignore();
  }
  l.insideAction = false;
  return l.emitItem(i);
}

function lexInsideAction(l: Lexer): StateFn | null {
  const { delim } = l.atRightDelim();
  if (delim) {
    if (l.parenDepth === 0) return lexRightDelim;
    return l.errorf('unclosed left paren');
  }
  const r = l.next();
  if (r === EOF) return l.errorf('unclosed action');
  if (isSpace(r)) {
    l.backup();
    return lexSpace;
  }
  switch (r) {
    case 0x3d: return l.emit('assign');
    case 0x3a:
      if (l.next() !== 0x3d) return l.errorf('expected :=');
      return l.emit('declare');
    case 0x7c: return l.emit('pipe');
    case 0x22: return lexQuote;
    case 0x60: return lexRawQuote;
    case 0x24: return lexVariable;
    case 0x27: return lexChar;
    case 0x28:
      l.parenDepth++;
      return l.emit('leftParen');
    case 0x29:
      l.parenDepth--;
      if (l.parenDepth < 0) return l.errorf('unexpected right paren');
      return l.emit('rightParen');
  }
  if (r === 0x2e && l.pos < l.input.length) {
    const c = l.input.charCodeAt(l.pos);
    if (c < 0x30 || c > 0x39) return lexField;
  }
  if (r === 0x2e || r === 0x2b || r === 0x2d || (r >= 0x30 && r <= 0x39)) {
    l.backup();
    return lexNumber;
  }
  if (isAlphaNumeric(r)) {
    l.backup();
    return lexIdentifier;
  }
  if (r <= 0x7f && r >= 0x20 && r !== 0x7f) return l.emit('char');
  return l.errorf(`unrecognized character in action: ${formatRune(r)}`);
}

function lexSpace(l: Lexer): StateFn | null {
  let numSpaces = 0;
  while (isSpace(l.peek())) {
    l.next();
    numSpaces++;
  }
  if (hasRightTrimMarker(l.input, l.pos - 1) && l.input.startsWith(RIGHT_DELIM, l.pos - 1 + TRIM_MARKER_LEN)) {
    l.backup();
    if (numSpaces === 1) return lexRightDelim;
  }
  return l.emit('space');
}

function lexIdentifier(l: Lexer): StateFn | null {
  for (;;) {
    const r = l.next();
    if (isAlphaNumeric(r)) continue;
    l.backup();
    const word = l.input.slice(l.start, l.pos);
    if (!l.atTerminator()) return l.errorf(`bad character ${formatRune(r)}`);
    const keyword = KEYWORDS.get(word);
    if (keyword !== undefined && word !== '.') {
      if ((keyword === 'break' && !l.options.breakOK) || (keyword === 'continue' && !l.options.continueOK)) return l.emit('identifier');
      return l.emit(keyword);
    }
    if (word.startsWith('.')) return l.emit('field');
    if (word === 'true' || word === 'false') return l.emit('bool');
    return l.emit('identifier');
  }
}

function lexField(l: Lexer): StateFn | null {
  return lexFieldOrVariable(l, 'field');
}

function lexVariable(l: Lexer): StateFn | null {
  if (l.atTerminator()) return l.emit('variable');
  return lexFieldOrVariable(l, 'variable');
}

function lexFieldOrVariable(l: Lexer, type: 'field' | 'variable'): StateFn | null {
  if (l.atTerminator()) return l.emit(type === 'variable' ? 'variable' : 'dot');
  let r: number;
  for (;;) {
    r = l.next();
    if (!isAlphaNumeric(r)) {
      l.backup();
      break;
    }
  }
  if (!l.atTerminator()) return l.errorf(`bad character ${formatRune(r)}`);
  return l.emit(type);
}

function lexChar(l: Lexer): StateFn | null {
  return lexEscapedUntil(l, 0x27, 'charConstant', 'unterminated character constant');
}

function lexNumber(l: Lexer): StateFn | null {
  if (!l.scanNumber()) return l.errorf(`bad number syntax: ${quote(l.input.slice(l.start, l.pos))}`);
  const sign = l.peek();
  if (sign === 0x2b || sign === 0x2d) {
    if (!l.scanNumber() || l.input[l.pos - 1] !== 'i') return l.errorf(`bad number syntax: ${quote(l.input.slice(l.start, l.pos))}`);
    return l.emit('complex');
  }
  return l.emit('number');
}

function lexQuote(l: Lexer): StateFn | null {
  return lexEscapedUntil(l, 0x22, 'string', 'unterminated quoted string');
}

/** A quoted item up to its closing quote `close`, backslash escapes within one line; `unterminated` otherwise. */
function lexEscapedUntil(l: Lexer, close: number, item: 'charConstant' | 'string', unterminated: string): StateFn | null {
  for (;;) {
    const r = l.next();
    if (r === 0x5c) {
      const n = l.next();
      if (n !== EOF && n !== 0x0a) continue;
      return l.errorf(unterminated);
    }
    if (r === EOF || r === 0x0a) return l.errorf(unterminated);
    if (r === close) break;
  }
  return l.emit(item);
}

function lexRawQuote(l: Lexer): StateFn | null {
  for (;;) {
    const r = l.next();
    if (r === EOF) return l.errorf('unterminated raw quoted string');
    if (r === 0x60) break;
  }
  return l.emit('rawString');
}
