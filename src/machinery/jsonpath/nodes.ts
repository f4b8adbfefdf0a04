/**
 * The syntax tree of a JSONPath template, node for node as kubectl's parser builds it
 * (k8s.io/client-go/util/jsonpath), plus the filter expressions of our extensions.
 */
import type { UserRegex } from './regex.js';

/** One slice bound: `Known` when written, `Derived` for the end of `[i]` (which is `i+1`). */
export interface SliceParam {
  known: boolean;
  /** A Go int64: indexes are computed with 64-bit wrap-around, exactly as kubectl computes them. */
  value: bigint;
  derived: boolean;
}

/** A sequence of nodes evaluated one after the other (an action `{...}`, or the template). */
export interface ListNode {
  type: 'list';
  nodes: Node[];
}
/** Literal text, or a quoted string inside an action. */
export interface TextNode {
  type: 'text';
  text: string;
}
/** `.name`: a key of an object. */
export interface FieldNode {
  type: 'field';
  name: string;
}
/** `range`, `end`, or an unknown word (an error when evaluated). */
export interface IdentifierNode {
  type: 'identifier';
  name: string;
}
/** An integer literal (Go `int`). */
export interface IntNode {
  type: 'int';
  value: number;
}
/** A float literal (Go `float64`). */
export interface FloatNode {
  type: 'float';
  value: number;
}
/** `true` or `false`. */
export interface BoolNode {
  type: 'bool';
  value: boolean;
}
/** `[i]` or `[start:end:step]`. */
export interface ArrayNode {
  type: 'array';
  params: [SliceParam, SliceParam, SliceParam];
}
/** `[?(...)]`. */
export interface FilterNode {
  type: 'filter';
  expr: FilterExpr;
}
/** `.*`. */
export interface WildcardNode {
  type: 'wildcard';
}
/** `..`. */
export interface RecursiveNode {
  type: 'recursive';
}
/** `[a,b]`: each part is its own list of nodes. */
export interface UnionNode {
  type: 'union';
  nodes: ListNode[];
}

/** Any node of a template. */
export type Node =
  | ListNode | TextNode | FieldNode | IdentifierNode | IntNode | FloatNode | BoolNode
  | ArrayNode | FilterNode | WildcardNode | RecursiveNode | UnionNode;

/** Operators of a comparison in a filter; `=~` is our extension. */
export type CompareOperator = '==' | '!=' | '<' | '<=' | '>' | '>=' | '=~' | string;

/**
 * A filter expression. kubectl knows `exists` and one comparison; `and`, `or` and regular
 * expression matches are our extensions.
 */
export type FilterExpr =
  | { kind: 'exists'; path: ListNode }
  | { kind: 'compare'; left: ListNode; op: CompareOperator; right: ListNode }
  | { kind: 'match'; left: ListNode; pattern: UserRegex }
  | { kind: 'and' | 'or'; left: FilterExpr; right: FilterExpr };
