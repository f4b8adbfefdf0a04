/**
 * The parser of Go's text/template (Go 1.23's `text/template/parse/parse.go`): builds a
 * {@link Tree} per template (the top-level one and each `define` / `block`) with Go's grammar and
 * Go's error messages (`template: output:1: function "foo" not defined`).
 *
 * Unlike Go it bounds nesting (parentheses, control structures) so that a hostile template ends in
 * an error instead of exhausting the stack.
 */
import { type Item, type ItemType, itemString, Lexer } from './lexer.js';
import {
  type ActionNode, type ArgNode, type BranchNode, type ChainNode, type CommandNode, type ElseNode, type EndNode, type FieldNode,
  type ListNode, type Node, type PipeNode, type TemplateNode, type VariableNode, isEmptyTree, nodeString,
} from './nodes.js';
import { parseNumber } from './number.js';
import { quote, SyntaxError as StrconvSyntaxError, unquote } from './strconv/quote.js';

/** One parsed template. */
export interface Tree {
  readonly name: string;
  /** The name of the top-level template being parsed, for error locations. */
  readonly parseName: string;
  readonly root: ListNode;
  /** The text the tree was parsed from (for error positions). */
  readonly text: string;
}

/** A template that does not parse. The message is Go's: `template: output:3: unexpected EOF`. */
export class TemplateParseError extends Error {
  override name = 'TemplateParseError';
}

/** Go's limit on nested parenthesized expressions is 10,000; ours keeps the stack safe. */
export const MAX_EXPRESSION_DEPTH = 500;
/** Nesting of control structures (if, range, with, define, block) Go does not limit. */
export const MAX_NESTING_DEPTH = 500;
const MAX_PIPELINE_COMMANDS = 100000;

const TERM_TYPES = new Set<ItemType>(['bool', 'charConstant', 'complex', 'dot', 'field', 'identifier', 'number', 'nil', 'rawString', 'string', 'variable', 'leftParen']);

/** The templates a text defines, by name, and the parser state they share. */
class TreeSet {
  readonly trees = new Map<string, Tree>();
}

class Parser {
  name: string;
  readonly parseName: string;
  readonly text: string;
  private readonly lex: Lexer;
  private readonly funcs: ReadonlySet<string>;
  private readonly treeSet: TreeSet;
  private readonly token: Item[] = [];
  private peekCount = 0;
  private vars: string[] = ['$'];
  private actionLine = 0;
  private rangeDepth = 0;
  private stackDepth = 0;
  private nesting: { depth: number };
  root: ListNode | undefined;

  constructor(name: string, parseName: string, text: string, lex: Lexer, funcs: ReadonlySet<string>, treeSet: TreeSet, nesting: { depth: number }) {
    this.name = name;
    this.parseName = parseName;
    this.text = text;
    this.lex = lex;
    this.funcs = funcs;
    this.treeSet = treeSet;
    this.nesting = nesting;
    lex.options = { emitComment: false, breakOK: !funcs.has('break'), continueOK: !funcs.has('continue') };
  }

  private tok(i: number): Item {
    return this.token[i] ?? { type: 'eof', pos: 0, val: 'EOF', line: 1 };
  }

  private next(): Item {
    if (this.peekCount > 0) this.peekCount--;
    else this.token[0] = this.lex.nextItem();
    return this.tok(this.peekCount);
  }

  private backup(): void {
    this.peekCount++;
  }

  private backup2(t1: Item): void {
    this.token[1] = t1;
    this.peekCount = 2;
  }

  private backup3(t2: Item, t1: Item): void {
    this.token[1] = t1;
    this.token[2] = t2;
    this.peekCount = 3;
  }

  private peek(): Item {
    if (this.peekCount > 0) return this.tok(this.peekCount - 1);
    this.peekCount = 1;
    this.token[0] = this.lex.nextItem();
    return this.tok(0);
  }

  private nextNonSpace(): Item {
    let token: Item;
    do token = this.next();
    while (token.type === 'space');
    return token;
  }

  private peekNonSpace(): Item {
    const token = this.nextNonSpace();
    this.backup();
    return token;
  }

  errorf(message: string): never {
    throw new TemplateParseError(`template: ${this.parseName}:${this.tok(0).line}: ${message}`);
  }

  private expect(expected: ItemType, context: string): Item {
    const token = this.nextNonSpace();
    if (token.type !== expected) this.unexpected(token, context);
    return token;
  }

  private expectOneOf(e1: ItemType, e2: ItemType, context: string): Item {
    const token = this.nextNonSpace();
    if (token.type !== e1 && token.type !== e2) this.unexpected(token, context);
    return token;
  }

  private unexpected(token: Item, context: string): never {
    if (token.type === 'error') {
      let extra = '';
      if (this.actionLine !== 0 && this.actionLine !== token.line) {
        extra = ` in action started at ${this.parseName}:${this.actionLine}`;
        if (token.val.endsWith(' action')) extra = extra.slice(' in action'.length);
      }
      this.errorf(`${itemString(token)}${extra}`);
    }
    this.errorf(`unexpected ${itemString(token)} in ${context}`);
  }

  private unquoteOrError(text: string): string {
    try {
      return unquote(text);
    } catch (err) {
      if (err instanceof StrconvSyntaxError) this.errorf(err.message);
      throw err;
    }
  }

  private enter(): void {
    if (++this.nesting.depth > MAX_NESTING_DEPTH) this.errorf(`nesting deeper than ${MAX_NESTING_DEPTH} levels`);
  }

  private leave(): void {
    this.nesting.depth--;
  }

  /** Adds this tree to the set (Go's add): an empty tree never replaces a defined one. */
  add(): void {
    const existing = this.treeSet.trees.get(this.name);
    const tree: Tree = { name: this.name, parseName: this.parseName, root: this.root ?? newList(0), text: this.text };
    if (existing === undefined || isEmptyTree(existing.root)) {
      this.treeSet.trees.set(this.name, tree);
      return;
    }
    if (!isEmptyTree(tree.root)) this.errorf(`template: multiple definition of template ${quote(this.name)}`);
  }

  /** The top level: text, actions and `define`s to EOF. */
  parse(): void {
    this.root = newList(this.peek().pos);
    while (this.peek().type !== 'eof') {
      if (this.peek().type === 'leftDelim') {
        const delim = this.next();
        if (this.nextNonSpace().type === 'define') {
          const t = new Parser('definition', this.parseName, this.text, this.lex, this.funcs, this.treeSet, this.nesting);
          t.parseDefinition();
          continue;
        }
        this.backup2(delim);
      }
      const n = this.textOrAction();
      if (n.type === 'end' || n.type === 'else') this.errorf(`unexpected ${nodeString(n)}`);
      this.root.nodes.push(n);
    }
  }

  private parseDefinition(): void {
    const context = 'define clause';
    const name = this.expectOneOf('string', 'rawString', context);
    this.name = this.unquoteOrError(name.val);
    this.expect('rightDelim', context);
    this.definedBody(context, this);
  }

  /**
   * The body of the template this parser defines, up to its `{{end}}`, then added to the set.
   * `parent` is the parser of the enclosing text (this one for a `define`), which keeps the
   * nesting depth and reports a missing end.
   */
  private definedBody(context: string, parent: Parser): void {
    parent.enter();
    const [list, end] = this.itemList();
    parent.leave();
    this.root = list;
    if (end.type !== 'end') parent.errorf(`unexpected ${nodeString(end)} in ${context}`);
    this.add();
  }

  private itemList(): [ListNode, EndNode | ElseNode] {
    const list = newList(this.peekNonSpace().pos);
    while (this.peekNonSpace().type !== 'eof') {
      const n = this.textOrAction();
      if (n.type === 'end' || n.type === 'else') return [list, n];
      list.nodes.push(n);
    }
    this.errorf('unexpected EOF');
  }

  private textOrAction(): Node {
    const token = this.nextNonSpace();
    switch (token.type) {
      case 'text':
        return { type: 'text', pos: token.pos, text: token.val };
      case 'leftDelim':
        this.actionLine = token.line;
        try {
          return this.action();
        } finally {
          this.actionLine = 0;
        }
      case 'comment':
        return { type: 'comment', pos: token.pos, text: token.val };
      default:
        this.unexpected(token, 'input');
    }
  }

  private action(): Node {
    const token = this.nextNonSpace();
    switch (token.type) {
      case 'block': return this.blockControl();
      case 'break': return this.breakControl(token.pos, token.line);
      case 'continue': return this.continueControl(token.pos, token.line);
      case 'else': return this.elseControl();
      case 'end': return this.endControl();
      case 'if': return this.branchControl('if');
      case 'range': return this.branchControl('range');
      case 'template': return this.templateControl();
      case 'with': return this.branchControl('with');
      default: break;
    }
    this.backup();
    const t = this.peek();
    const action: ActionNode = { type: 'action', pos: t.pos, line: t.line, pipe: this.pipeline('command', 'rightDelim') };
    return action;
  }

  private breakControl(pos: number, line: number): Node {
    const token = this.nextNonSpace();
    if (token.type !== 'rightDelim') this.unexpected(token, '{{break}}');
    if (this.rangeDepth === 0) this.errorf('{{break}} outside {{range}}');
    return { type: 'break', pos, line };
  }

  private continueControl(pos: number, line: number): Node {
    const token = this.nextNonSpace();
    if (token.type !== 'rightDelim') this.unexpected(token, '{{continue}}');
    if (this.rangeDepth === 0) this.errorf('{{continue}} outside {{range}}');
    return { type: 'continue', pos, line };
  }

  private pipeline(context: string, end: ItemType): PipeNode {
    const first = this.peekNonSpace();
    const pipe: PipeNode = { type: 'pipe', pos: first.pos, line: first.line, isAssign: false, decl: [], cmds: [] };
    decls: for (;;) {
      const v = this.peekNonSpace();
      if (v.type !== 'variable') break;
      this.next();
      const tokenAfterVariable = this.peek();
      const next = this.peekNonSpace();
      if (next.type === 'assign' || next.type === 'declare') {
        pipe.isAssign = next.type === 'assign';
        this.nextNonSpace();
        pipe.decl.push(newVariable(v.pos, v.val));
        this.vars.push(v.val);
      } else if (next.type === 'char' && next.val === ',') {
        this.nextNonSpace();
        pipe.decl.push(newVariable(v.pos, v.val));
        this.vars.push(v.val);
        if (context === 'range' && pipe.decl.length < 2) {
          const t = this.peekNonSpace().type;
          if (t === 'variable' || t === 'rightDelim' || t === 'rightParen') continue decls;
          this.errorf('range can only initialize variables');
        }
        this.errorf(`too many declarations in ${context}`);
      } else if (tokenAfterVariable.type === 'space') {
        this.backup3(v, tokenAfterVariable);
      } else {
        this.backup2(v);
      }
      break;
    }
    for (;;) {
      const token = this.nextNonSpace();
      if (token.type === end) {
        this.checkPipeline(pipe, context);
        return pipe;
      }
      if (TERM_TYPES.has(token.type)) {
        this.backup();
        pipe.cmds.push(this.command());
        if (pipe.cmds.length > MAX_PIPELINE_COMMANDS) this.errorf('pipeline too long');
      } else {
        this.unexpected(token, context);
      }
    }
  }

  private checkPipeline(pipe: PipeNode, context: string): void {
    if (pipe.cmds.length === 0) this.errorf(`missing value for ${context}`);
    pipe.cmds.slice(1).forEach((c, i) => {
      const t = c.args[0]?.type;
      if (t === 'bool' || t === 'dot' || t === 'nil' || t === 'number' || t === 'string') {
        this.errorf(`non executable command in pipeline stage ${i + 2}`);
      }
    });
  }

  private parseControl(context: 'if' | 'range' | 'with'): BranchNode {
    const mark = this.vars.length;
    this.enter();
    try {
      const pipe = this.pipeline(context, 'rightDelim');
      if (context === 'range') this.rangeDepth++;
      const [list, first] = this.itemList();
      let next = first;
      if (context === 'range') this.rangeDepth--;
      let elseList: ListNode | undefined;
      if (next.type === 'else') {
        if (context === 'if' && this.peek().type === 'if') {
          this.next();
          elseList = newList(next.pos);
          elseList.nodes.push(this.branchControl('if'));
        } else if (context === 'with' && this.peek().type === 'with') {
          this.next();
          elseList = newList(next.pos);
          elseList.nodes.push(this.branchControl('with'));
        } else {
          [elseList, next] = this.itemList();
          if (next.type !== 'end') this.errorf(`expected end; found ${nodeString(next)}`);
        }
      }
      return { type: context, pos: pipe.pos, line: pipe.line, pipe, list, elseList };
    } finally {
      this.vars.length = mark;
      this.leave();
    }
  }

  private branchControl(context: 'if' | 'range' | 'with'): BranchNode {
    return this.parseControl(context);
  }

  private endControl(): EndNode {
    return { type: 'end', pos: this.expect('rightDelim', 'end').pos };
  }

  private elseControl(): ElseNode {
    const peek = this.peekNonSpace();
    if (peek.type === 'if' || peek.type === 'with') return { type: 'else', pos: peek.pos, line: peek.line };
    const token = this.expect('rightDelim', 'else');
    return { type: 'else', pos: token.pos, line: token.line };
  }

  private blockControl(): TemplateNode {
    const context = 'block clause';
    const token = this.nextNonSpace();
    const name = this.parseTemplateName(token, context);
    const pipe = this.pipeline(context, 'rightDelim');
    const block = new Parser(name, this.parseName, this.text, this.lex, this.funcs, this.treeSet, this.nesting);
    block.definedBody(context, this);
    return { type: 'template', pos: token.pos, line: token.line, name, pipe };
  }

  private templateControl(): TemplateNode {
    const context = 'template clause';
    const token = this.nextNonSpace();
    const name = this.parseTemplateName(token, context);
    let pipe: PipeNode | undefined;
    if (this.nextNonSpace().type !== 'rightDelim') {
      this.backup();
      pipe = this.pipeline(context, 'rightDelim');
    }
    return { type: 'template', pos: token.pos, line: token.line, name, pipe };
  }

  private parseTemplateName(token: Item, context: string): string {
    if (token.type === 'string' || token.type === 'rawString') return this.unquoteOrError(token.val);
    this.unexpected(token, context);
  }

  private command(): CommandNode {
    const cmd: CommandNode = { type: 'command', pos: this.peekNonSpace().pos, args: [] };
    for (;;) {
      this.peekNonSpace();
      const operand = this.operand();
      if (operand !== undefined) cmd.args.push(operand);
      const token = this.next();
      if (token.type === 'space') continue;
      if (token.type === 'rightDelim' || token.type === 'rightParen') this.backup();
      else if (token.type !== 'pipe') this.unexpected(token, 'operand');
      break;
    }
    if (cmd.args.length === 0) this.errorf('empty command');
    return cmd;
  }

  private operand(): ArgNode | undefined {
    const node = this.term();
    if (node === undefined) return undefined;
    if (this.peek().type !== 'field') return node;
    const chain: ChainNode = { type: 'chain', pos: this.peek().pos, node, fields: [] };
    while (this.peek().type === 'field') chain.fields.push(this.next().val.slice(1));
    switch (node.type) {
      case 'field':
        return { type: 'field', pos: chain.pos, ident: [...node.ident, ...chain.fields] } satisfies FieldNode;
      case 'variable':
        return newVariable(chain.pos, nodeString(chain));
      case 'bool': case 'string': case 'number': case 'nil': case 'dot':
        return this.errorf(`unexpected . after term ${quote(nodeString(node))}`);
      default:
        return chain;
    }
  }

  private term(): ArgNode | undefined {
    const token = this.nextNonSpace();
    switch (token.type) {
      case 'identifier':
        if (!this.funcs.has(token.val)) this.errorf(`function ${quote(token.val)} not defined`);
        return { type: 'identifier', pos: token.pos, ident: token.val };
      case 'dot': return { type: 'dot', pos: token.pos };
      case 'nil': return { type: 'nil', pos: token.pos };
      case 'variable': return this.useVar(token.pos, token.val);
      case 'field': return { type: 'field', pos: token.pos, ident: token.val.slice(1).split('.') };
      case 'bool': return { type: 'bool', pos: token.pos, value: token.val === 'true' };
      case 'charConstant': case 'complex': case 'number':
        try {
          return parseNumber(token.pos, token.val, token.type);
        } catch (err) {
          return this.errorf((err as Error).message);
        }
      case 'leftParen': {
        if (this.stackDepth >= MAX_EXPRESSION_DEPTH) this.errorf('max expression depth exceeded');
        this.stackDepth++;
        try {
          return this.pipeline('parenthesized pipeline', 'rightParen');
        } finally {
          this.stackDepth--;
        }
      }
      case 'string': case 'rawString':
        return { type: 'string', pos: token.pos, quoted: token.val, text: this.unquoteOrError(token.val) };
      default:
        this.backup();
        return undefined;
    }
  }

  private useVar(pos: number, name: string): VariableNode {
    const v = newVariable(pos, name);
    if (!this.vars.includes(v.ident[0] ?? '')) this.errorf(`undefined variable ${quote(v.ident[0] ?? '')}`);
    return v;
  }
}

function newList(pos: number): ListNode {
  return { type: 'list', pos, nodes: [] };
}

function newVariable(pos: number, ident: string): VariableNode {
  return { type: 'variable', pos, ident: ident.split('.') };
}

/**
 * Parses `text` as the template `name` (and the templates it defines), with `funcs` the names of
 * the functions templates may call (builtins included).
 *
 * @returns the trees by name; the top-level one is under `name`
 * @throws TemplateParseError with Go's message
 */
export function parseTemplates(name: string, text: string, funcs: ReadonlySet<string>): Map<string, Tree> {
  const treeSet = new TreeSet();
  const lexer = new Lexer(text);
  const p = new Parser(name, name, text, lexer, funcs, treeSet, { depth: 0 });
  try {
    p.parse();
  } catch (err) {
    if (err instanceof RangeError && err.message.includes('call stack')) throw new TemplateParseError(`template: ${name}: template too deeply nested`);
    throw err;
  }
  p.add();
  return treeSet.trees;
}
