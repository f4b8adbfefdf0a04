/**
 * A port of kubectl's JSONPath template parser (k8s.io/client-go/util/jsonpath/parser.go): the
 * same scanning, the same nodes, the same error messages, each with the position (a 0-based
 * offset into the template) where it was found. Filters additionally accept our extensions
 * (`&&`, `||`, parentheses, and `=~` when the caller gives a regular-expression compiler); a
 * filter kubectl accepts parses exactly as in kubectl.
 */
import type { ArrayNode, FilterExpr, ListNode, SliceParam } from './nodes.js';
import { RegexSyntaxError, type RegexCompiler, type UserRegex } from './regex.js';
import { unquoteExtend } from './unquote.js';

const EOF = -1;

/**
 * Nesting the parser accepts: filters inside filters, unions inside those, and parentheses in
 * filters each add a level. Deeper templates are refused with the position instead of overflowing
 * the stack (of the parser, or of the evaluation after it).
 */
export const MAX_TEMPLATE_DEPTH = 100;

/** A parse failure: message as kubectl words it, and where it happened. */
export class ParseFailure extends Error {
  readonly position: number;
  constructor(message: string, position: number) {
    super(message);
    this.position = position;
  }
}

const DICT_KEY = /^'([^']*)'$/;
const SLICE = /^(-?[\d]*)(:-?[\d]*)?(:-?[\d]*)?$/;
const COMPARISON = /^([^!<>=]+)([!<>=]+)(.+?)$/s;

const isSpace = (r: number): boolean => r === 0x20 || r === 0x09;
const isEndOfLine = (r: number): boolean => r === 0x0d || r === 0x0a;
const isDigit = (r: number): boolean => r >= 0 && /\p{Nd}/u.test(String.fromCodePoint(r));
const isLetter = (r: number): boolean => r >= 0 && /\p{L}/u.test(String.fromCodePoint(r));
const isAlphaNumeric = (r: number): boolean => r === 0x5f || isLetter(r) || isDigit(r);

function isTerminator(r: number): boolean {
  if (isSpace(r) || isEndOfLine(r)) return true;
  return r === EOF || '.,[]$@{}'.includes(String.fromCodePoint(r));
}

/** Go's `%#U` for a rune: `U+007B '{'`, or just `U+0007` when it does not print. */
function formatRune(r: number): string {
  const hex = r.toString(16).toUpperCase().padStart(4, '0');
  const ch = String.fromCodePoint(r);
  const printable = r === 0x20 || /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u.test(ch);
  return printable ? `U+${hex} '${ch}'` : `U+${hex}`;
}

function list(): ListNode {
  return { type: 'list', nodes: [] };
}

class Parser {
  private readonly input: string;
  private pos = 0;
  private start = 0;
  private width = 0;
  readonly root: ListNode = list();
  /** How deep this parser is nested in others (sub-actions of filters and unions). */
  readonly depth: number;
  /** Compiles the patterns of `=~` filters; without it they are refused. */
  readonly compileRegex: RegexCompiler | undefined;

  constructor(input: string, depth: number, compileRegex: RegexCompiler | undefined) {
    this.input = input;
    this.depth = depth;
    this.compileRegex = compileRegex;
  }

  fail(message: string): never {
    throw new ParseFailure(message, this.pos);
  }

  private consumeText(): string {
    const value = this.input.slice(this.start, this.pos);
    this.start = this.pos;
    return value;
  }

  private next(): number {
    if (this.pos >= this.input.length) {
      this.width = 0;
      return EOF;
    }
    const r = this.input.codePointAt(this.pos) ?? 0;
    this.width = r > 0xffff ? 2 : 1;
    this.pos += this.width;
    return r;
  }

  private peek(): number {
    const r = this.next();
    this.backup();
    return r;
  }

  private backup(): void {
    this.pos -= this.width;
  }

  parse(): ListNode {
    for (;;) {
      let delimiter = false;
      for (;;) {
        if (this.input.startsWith('{', this.pos)) {
          delimiter = true;
          break;
        }
        if (this.next() === EOF) break;
      }
      if (this.pos > this.start) this.root.nodes.push({ type: 'text', text: this.consumeText() });
      if (!delimiter) return this.root;
      this.pos += 1;
      this.consumeText();
      const action = list();
      this.root.nodes.push(action);
      this.parseInsideAction(action);
      this.trackRange(action);
    }
  }

  private ranges = 0;

  /** `{range}` blocks nest as deep as the evaluation recurses: bound them too. */
  private trackRange(action: ListNode): void {
    const first = action.nodes[0];
    if (first?.type !== 'identifier') return;
    if (first.name === 'range') this.checkDepth(this.depth + ++this.ranges);
    else if (first.name === 'end' && this.ranges > 0) this.ranges--;
  }

  /** Scans one action up to and including its `}`. */
  private parseInsideAction(cur: ListNode): void {
    for (;;) {
      if (this.input.startsWith('}', this.pos)) {
        this.pos += 1;
        this.consumeText();
        return;
      }
      if (this.input.startsWith('[?(', this.pos)) {
        this.parseFilter(cur);
        continue;
      }
      if (this.input.startsWith('..', this.pos)) {
        this.parseRecursive(cur);
        continue;
      }
      const r = this.next();
      if (r === EOF || isEndOfLine(r)) this.fail('unclosed action');
      if (r === 0x20 || r === 0x40 || r === 0x24) {
        // a space, `@` or `$`: the current object, nothing to add
        this.consumeText();
      } else if (r === 0x5b) {
        this.parseArray(cur);
      } else if (r === 0x22 || r === 0x27) {
        this.parseQuote(cur, r);
      } else if (r === 0x2e) {
        this.parseField(cur);
      } else if (r === 0x2b || r === 0x2d || isDigit(r)) {
        this.backup();
        this.parseNumber(cur);
      } else if (isAlphaNumeric(r)) {
        this.backup();
        this.parseIdentifier(cur);
      } else {
        this.fail(`unrecognized character in action: ${formatRune(r)}`);
      }
    }
  }

  private parseIdentifier(cur: ListNode): void {
    for (;;) {
      const r = this.next();
      if (isTerminator(r)) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    if (value === 'true' || value === 'false') cur.nodes.push({ type: 'bool', value: value === 'true' });
    else cur.nodes.push({ type: 'identifier', name: value });
  }

  private parseRecursive(cur: ListNode): void {
    if (cur.nodes[cur.nodes.length - 1]?.type === 'recursive') this.fail('invalid multiple recursive descent');
    this.pos += 2;
    this.consumeText();
    cur.nodes.push({ type: 'recursive' });
    if (isAlphaNumeric(this.peek())) this.parseField(cur);
  }

  private parseNumber(cur: ListNode): void {
    const r = this.peek();
    if (r === 0x2b || r === 0x2d) this.next();
    for (;;) {
      const d = this.next();
      if (d !== 0x2e && !isDigit(d)) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    if (/^[+-]?[0-9]+$/.test(value)) {
      const big = BigInt(value);
      if (big >= -(2n ** 63n) && big < 2n ** 63n) {
        cur.nodes.push({ type: 'int', value: Number(big) });
        return;
      }
    }
    // Digits split one way only (`[0-9]+\.?[0-9]*` backtracks quadratically on a long non-number).
    if (/^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/.test(value)) {
      cur.nodes.push({ type: 'float', value: Number(value) });
      return;
    }
    this.fail(`cannot parse number ${value}`);
  }

  private parseArray(cur: ListNode): void {
    for (;;) {
      const r = this.next();
      if (r === EOF || r === 0x0a) this.fail('unterminated array');
      if (r === 0x5d) break;
    }
    let text = this.consumeText();
    text = text.slice(1, -1);
    if (text === '*') text = ':';

    const parts = text.split(',');
    if (parts.length > 1) {
      const union: ListNode[] = parts.map((part) => this.subAction(`[${part.replace(/^ +| +$/g, '')}]`));
      cur.nodes.push({ type: 'union', nodes: union });
      return;
    }
    const key = DICT_KEY.exec(text);
    if (key) {
      cur.nodes.push(...this.subAction(`.${key[1] ?? ''}`).nodes);
      return;
    }
    const m = SLICE.exec(text);
    if (!m) this.fail(`invalid array index ${text}`);
    const groups = [m[1] ?? '', m[2] ?? '', m[3] ?? ''];
    const params: SliceParam[] = [];
    for (let i = 0; i < 3; i++) {
      let v = groups[i] ?? '';
      const param: SliceParam = { known: false, value: 0n, derived: false };
      if (v !== '') {
        if (i > 0) v = v.slice(1);
        if (i > 0 && v === '') {
          param.known = false;
        } else {
          // Go's strconv.Atoi: digits that do not fit in 64 bits are not a number either.
          if (!/^[+-]?[0-9]+$/.test(v) || BigInt(v) < -(2n ** 63n) || BigInt(v) >= 2n ** 63n) this.fail(`array index ${v} is not a number`);
          param.known = true;
          param.value = BigInt(v);
        }
      } else if (i === 1) {
        param.known = true;
        param.value = BigInt.asIntN(64, (params[0]?.value ?? 0n) + 1n);
        param.derived = true;
      }
      params.push(param);
    }
    const node: ArrayNode = { type: 'array', params: params as [SliceParam, SliceParam, SliceParam] };
    cur.nodes.push(node);
  }

  private parseFilter(cur: ListNode): void {
    this.pos += 3;
    this.consumeText();
    this.scanFilterBody();
    if (this.next() !== 0x5d) this.fail('unclosed array expect ]');
    let text = this.consumeText();
    text = text.slice(0, -2);
    cur.nodes.push({ type: 'filter', expr: this.filterExpression(text) });
  }

  /**
   * Advances to just past the `)` that closes the filter. Quotes are tracked as kubectl tracks
   * them (a quote preceded by a backslash does not close); parentheses and `/regex/` literals
   * after `=~` are tracked for the extensions.
   */
  private scanFilterBody(): void {
    let quote = 0;
    let depth = 0;
    for (;;) {
      const r = this.next();
      if (r === EOF || r === 0x0a) this.fail('unterminated filter');
      if (quote !== 0) {
        if (r === quote && this.input[this.pos - 2] !== '\\') quote = 0;
        continue;
      }
      if (r === 0x22 || r === 0x27) {
        quote = r;
      } else if (r === 0x2f && /=~\s*$/.test(this.input.slice(this.start, this.pos - 1))) {
        this.skipRegexLiteral();
      } else if (r === 0x28) {
        depth++;
      } else if (r === 0x29) {
        if (depth === 0) return;
        depth--;
      }
    }
  }

  private skipRegexLiteral(): void {
    for (;;) {
      const r = this.next();
      if (r === EOF || r === 0x0a) this.fail('unterminated regular expression');
      if (r === 0x5c) {
        this.next();
        continue;
      }
      if (r === 0x2f) return;
    }
  }

  private filterExpression(text: string): FilterExpr {
    if (usesExtensions(text)) return new FilterExpressionParser(text, this).parse();
    return this.kubectlFilter(text);
  }

  /** kubectl's one filter: `left op right`, or an existence test. */
  kubectlFilter(text: string, extraDepth = 0): FilterExpr {
    const m = COMPARISON.exec(text);
    if (!m) return { kind: 'exists', path: this.subAction(text, extraDepth) };
    const left = this.subAction(m[1] ?? '', extraDepth);
    const right = this.subAction(m[3] ?? '', extraDepth);
    return { kind: 'compare', left, op: m[2] ?? '', right };
  }

  private parseQuote(cur: ListNode, end: number): void {
    for (;;) {
      const r = this.next();
      if (r === EOF || r === 0x0a) this.fail('unterminated quoted string');
      if (r === end && this.input[this.pos - 2] !== '\\') break;
    }
    const value = this.consumeText();
    const s = unquoteExtend(value);
    if (s === undefined) this.fail(`unquote string ${value} error invalid syntax`);
    cur.nodes.push({ type: 'text', text: s });
  }

  private parseField(cur: ListNode): void {
    this.consumeText();
    for (;;) {
      const r = this.next();
      if (r === 0x5c) {
        this.next();
      } else if (isTerminator(r)) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    if (value === '*') cur.nodes.push({ type: 'wildcard' });
    else cur.nodes.push({ type: 'field', name: value.replaceAll('\\', '') });
  }

  /** Refuses nesting deeper than {@link MAX_TEMPLATE_DEPTH}. */
  checkDepth(depth: number): void {
    if (depth > MAX_TEMPLATE_DEPTH) this.fail(`nesting deeper than ${MAX_TEMPLATE_DEPTH} levels`);
  }

  /** kubectl's `parseAction`: parses `{text}` on its own; errors are reported at the current position. */
  subAction(text: string, extraDepth = 0): ListNode {
    this.checkDepth(this.depth + 1 + extraDepth);
    try {
      const root = new Parser(`{${text}}`, this.depth + 1 + extraDepth, this.compileRegex).parse();
      const first = root.nodes[0];
      return first?.type === 'list' ? first : list();
    } catch (err) {
      if (err instanceof ParseFailure) this.fail(err.message);
      throw err;
    }
  }
}

/** True when a filter uses `&&`, `||`, `=~` or grouping parentheses outside quoted strings. */
function usesExtensions(text: string): boolean {
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? '';
    if (quote) {
      if (c === quote && text[i - 1] !== '\\') quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (text.startsWith('&&', i) || text.startsWith('||', i) || text.startsWith('=~', i)) return true;
  }
  return text.trimStart().startsWith('(');
}

/**
 * The extended filter grammar: `a || b`, `a && b` (`&&` binds tighter), `( ... )`, and
 * `path =~ /re/flags` or `path =~ 're'`. Each operand is one kubectl filter.
 */
class FilterExpressionParser {
  private i = 0;
  private parens = 0;
  private readonly text: string;
  private readonly owner: Parser;

  constructor(text: string, owner: Parser) {
    this.text = text;
    this.owner = owner;
  }

  parse(): FilterExpr {
    const expr = this.or();
    this.skipSpaces();
    if (this.i < this.text.length) this.owner.fail(`unexpected ${JSON.stringify(this.text.slice(this.i))} in filter`);
    return expr;
  }

  private skipSpaces(): void {
    while (this.text[this.i] === ' ') this.i++;
  }

  private or(): FilterExpr {
    return this.leftAssociative('||', 'or', () => this.and());
  }

  private and(): FilterExpr {
    return this.leftAssociative('&&', 'and', () => this.factor());
  }

  /** Operands joined by a binary operator (`a || b || c`), grouped from the left. */
  private leftAssociative(operator: string, kind: 'or' | 'and', operand: () => FilterExpr): FilterExpr {
    let left = operand();
    for (;;) {
      this.skipSpaces();
      if (!this.text.startsWith(operator, this.i)) return left;
      this.i += operator.length;
      left = { kind, left, right: operand() };
    }
  }

  private factor(): FilterExpr {
    this.skipSpaces();
    if (this.text[this.i] === '(') {
      this.i++;
      this.parens++;
      this.owner.checkDepth(this.owner.depth + this.parens);
      const inner = this.or();
      this.parens--;
      this.skipSpaces();
      if (this.text[this.i] !== ')') this.owner.fail('unclosed parenthesis in filter');
      this.i++;
      return inner;
    }
    return this.simple();
  }

  /** One comparison, match or existence test: the text up to the next top-level `&&`, `||` or `)`. */
  private simple(): FilterExpr {
    const begin = this.i;
    let quote = '';
    let matchAt = -1;
    for (; this.i < this.text.length; this.i++) {
      const c = this.text[this.i] ?? '';
      if (quote) {
        if (c === quote && this.text[this.i - 1] !== '\\') quote = '';
        continue;
      }
      if (c === '"' || c === "'") {
        quote = c;
      } else if (this.text.startsWith('=~', this.i)) {
        matchAt = this.i;
        this.i += 2;
        this.skipRegexOperand();
        break;
      } else if (this.text.startsWith('&&', this.i) || this.text.startsWith('||', this.i) || c === ')') {
        break;
      }
    }
    const chunk = this.text.slice(begin, this.i);
    if (chunk.trim() === '') this.owner.fail('empty expression in filter');
    if (matchAt < 0) return this.owner.kubectlFilter(chunk, this.parens);
    const left = this.owner.subAction(this.text.slice(begin, matchAt), this.parens);
    return { kind: 'match', left, pattern: this.regex(this.text.slice(matchAt + 2, this.i).trim()) };
  }

  private skipRegexOperand(): void {
    this.skipSpaces();
    const open = this.text[this.i];
    if (open === '/') {
      this.i++;
      while (this.i < this.text.length && this.text[this.i] !== '/') this.i += this.text[this.i] === '\\' ? 2 : 1;
      this.i++;
      while (/[a-z]/.test(this.text[this.i] ?? '')) this.i++;
    } else if (open === '"' || open === "'") {
      this.i++;
      while (this.i < this.text.length && !(this.text[this.i] === open && this.text[this.i - 1] !== '\\')) this.i++;
      this.i++;
    } else {
      this.owner.fail('expected /regex/ or a quoted pattern after =~');
    }
  }

  private regex(operand: string): UserRegex {
    let source: string;
    let flags = '';
    const literal = /^\/((?:\\.|[^/\\])*)\/([a-z]*)$/s.exec(operand);
    if (literal) {
      source = literal[1] ?? '';
      flags = literal[2] ?? '';
    } else {
      const unquoted = unquoteExtend(operand);
      if (unquoted === undefined) this.owner.fail(`unquote string ${operand} error invalid syntax`);
      source = unquoted;
    }
    const compile = this.owner.compileRegex;
    if (compile === undefined) return this.owner.fail(`invalid regular expression ${operand}: regular-expression filters are not available here`);
    try {
      return compile(source, flags);
    } catch (err) {
      if (!(err instanceof RegexSyntaxError)) throw err;
      return this.owner.fail(`invalid regular expression ${operand}: ${err.message}`);
    }
  }
}

/**
 * Parses a template as kubectl does; `compileRegex` compiles the patterns of `=~` filters.
 *
 * @throws ParseFailure with kubectl's message and the offset where it happened
 */
export function parseTemplate(template: string, compileRegex?: RegexCompiler): ListNode {
  return new Parser(template, 0, compileRegex).parse();
}

