/**
 * The parse tree of a Go template (Go's `text/template/parse/node.go`) and the text of each node
 * as Go's `String()` writes it, which execution errors quote (`executing "output" at <.a.b>`).
 */
import { quote } from './strconv/quote.js';

/** A numeric constant, under every type that can represent it (Go's NumberNode). */
export interface NumberNode {
  readonly type: 'number';
  readonly pos: number;
  readonly text: string;
  readonly isInt: boolean;
  readonly isUint: boolean;
  readonly isFloat: boolean;
  readonly isComplex: boolean;
  readonly int64: bigint;
  readonly uint64: bigint;
  readonly float64: number;
  readonly complex: { re: number; im: number };
}

export interface TextNode { readonly type: 'text'; readonly pos: number; readonly text: string }
export interface CommentNode { readonly type: 'comment'; readonly pos: number; readonly text: string }
export interface BoolNode { readonly type: 'bool'; readonly pos: number; readonly value: boolean }
export interface DotNode { readonly type: 'dot'; readonly pos: number }
export interface NilNode { readonly type: 'nil'; readonly pos: number }
export interface StringNode { readonly type: 'string'; readonly pos: number; readonly quoted: string; readonly text: string }
export interface IdentifierNode { readonly type: 'identifier'; readonly pos: number; readonly ident: string }
/** `.a.b`: the field names without their dots. */
export interface FieldNode { readonly type: 'field'; readonly pos: number; readonly ident: readonly string[] }
/** `$x.a.b`: the variable name (with its `$`) then the fields. */
export interface VariableNode { readonly type: 'variable'; readonly pos: number; readonly ident: readonly string[] }
/** `(pipeline).a.b` or another term followed by fields. */
export interface ChainNode { readonly type: 'chain'; readonly pos: number; readonly node: ArgNode; readonly fields: string[] }
/** A command: operands separated by spaces. */
export interface CommandNode { readonly type: 'command'; readonly pos: number; readonly args: ArgNode[] }
/** A pipeline with its optional declarations (`$x :=`) or assignments (`$x =`). */
export interface PipeNode {
  readonly type: 'pipe';
  readonly pos: number;
  readonly line: number;
  isAssign: boolean;
  readonly decl: VariableNode[];
  readonly cmds: CommandNode[];
}
export interface ActionNode { readonly type: 'action'; readonly pos: number; readonly line: number; readonly pipe: PipeNode }
export interface ListNode { readonly type: 'list'; readonly pos: number; readonly nodes: Node[] }
/** if, range and with. */
export interface BranchNode {
  readonly type: 'if' | 'range' | 'with';
  readonly pos: number;
  readonly line: number;
  readonly pipe: PipeNode;
  readonly list: ListNode;
  readonly elseList: ListNode | undefined;
}
export interface BreakNode { readonly type: 'break'; readonly pos: number; readonly line: number }
export interface ContinueNode { readonly type: 'continue'; readonly pos: number; readonly line: number }
export interface TemplateNode { readonly type: 'template'; readonly pos: number; readonly line: number; readonly name: string; readonly pipe: PipeNode | undefined }
/** `{{end}}` and `{{else}}`: returned by the parser's item list, never in a finished tree. */
export interface EndNode { readonly type: 'end'; readonly pos: number }
export interface ElseNode { readonly type: 'else'; readonly pos: number; readonly line: number }

/** What may appear as an operand of a command. */
export type ArgNode = BoolNode | ChainNode | DotNode | FieldNode | IdentifierNode | NilNode | NumberNode | PipeNode | StringNode | VariableNode;
/** Every node. */
export type Node = ArgNode | ActionNode | BranchNode | BreakNode | CommandNode | CommentNode | ContinueNode | ElseNode | EndNode | ListNode | TemplateNode | TextNode;

/** Go's `Node.String()`. */
export function nodeString(n: Node): string {
  switch (n.type) {
    case 'text': return n.text;
    case 'comment': return `{{${n.text}}}`;
    case 'bool': return n.value ? 'true' : 'false';
    case 'dot': return '.';
    case 'nil': return 'nil';
    case 'number': return n.text;
    case 'string': return n.quoted;
    case 'identifier': return n.ident;
    case 'field': return n.ident.map((id) => `.${id}`).join('');
    case 'variable': return n.ident.join('.');
    case 'chain': return (n.node.type === 'pipe' ? `(${nodeString(n.node)})` : nodeString(n.node)) + n.fields.map((f) => `.${f}`).join('');
    case 'command': return n.args.map((a) => (a.type === 'pipe' ? `(${nodeString(a)})` : nodeString(a))).join(' ');
    case 'pipe': {
      const decl = n.decl.length > 0 ? `${n.decl.map((v) => nodeString(v)).join(', ')} ${n.isAssign ? '=' : ':='} ` : '';
      return decl + n.cmds.map((c) => nodeString(c)).join(' | ');
    }
    case 'action': return `{{${nodeString(n.pipe)}}}`;
    case 'list': return n.nodes.map((c) => nodeString(c)).join('');
    case 'if': case 'range': case 'with':
      return `{{${n.type} ${nodeString(n.pipe)}}}${nodeString(n.list)}${n.elseList === undefined ? '' : `{{else}}${nodeString(n.elseList)}`}{{end}}`;
    case 'break': return '{{break}}';
    case 'continue': return '{{continue}}';
    case 'template': return `{{template ${quote(n.name)}${n.pipe === undefined ? '' : ` ${nodeString(n.pipe)}`}}}`;
    case 'end': return '{{end}}';
    case 'else': return '{{else}}';
  }
}

/** A character that Go's `unicode.IsSpace` does not count as space. */
const NOT_GO_SPACE = /[^\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;

/** Whether a tree holds nothing but space and comments (Go's IsEmptyTree). */
export function isEmptyTree(n: Node | undefined): boolean {
  if (n === undefined) return true;
  switch (n.type) {
    case 'comment': return true;
    case 'list': return n.nodes.every((c) => isEmptyTree(c));
    case 'text': return !NOT_GO_SPACE.test(n.text);
    default: return false;
  }
}
