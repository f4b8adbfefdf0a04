/**
 * Evaluation of a parsed template with the semantics of kubectl's JSONPath
 * (k8s.io/client-go/util/jsonpath/jsonpath.go): every action is evaluated against the current
 * values, `range` ... `end` repeat the nodes between them for each result, `{@}` and `{$}` both
 * name the current object, and each step behaves as kubectl's does:
 *
 * - `.name` looks a key up in objects and skips everything else; no result at all is an error
 *   (`name is not found`) unless missing keys are allowed;
 * - `[i]`, `[a:b:c]` index arrays: negative indexes count from the end, out-of-range indexes are
 *   errors rather than being clamped, a zero or negative step is an error, null is skipped and any
 *   other non-array is an error;
 * - `.*` yields the values of objects (in the object's key order; kubectl's order is random), the
 *   elements of arrays and the bytes of strings;
 * - `..` yields every object, array and non-empty string below (and including) each value, in
 *   document order; `..name` may be evaluated by a {@link RecursiveFieldLookup} the caller gives
 *   (the CLI's runs jsonpath-plus, whose recursive descent visits values in the same order);
 * - `?()` keeps the array elements for which the filter holds (see {@link FilterExpr}).
 */
import { compareValues } from './compare.js';
import type { ArrayNode, FilterExpr, IdentifierNode, ListNode, Node } from './nodes.js';
import { FloatLiteral, NO_VALUE, goTypeName, goValueText, isMap, utf8Bytes } from './values.js';
import type { Value } from './values.js';

/** An execution error; the message is kubectl's. */
export class ExecutionError extends Error {}

/**
 * `..name` from one object or array: every `name` key of every object below it, in document
 * order. Asked only for names made of letters, digits and `_`, not starting with a digit, and
 * not `length` (the names jsonpath-plus resolves exactly as kubectl does).
 */
export type RecursiveFieldLookup = (value: object, name: string) => Value[];

const PLAIN_FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Evaluates one template against one object; one instance per execution (it keeps range state). */
export class Evaluation {
  private beginRange = 0;
  private inRange = 0;
  private endRange = 0;
  private lastEndNode: Node | undefined;
  private readonly allowMissingKeys: boolean;
  private readonly recursiveLookup: RecursiveFieldLookup | undefined;

  constructor(allowMissingKeys: boolean, recursiveLookup?: RecursiveFieldLookup) {
    this.allowMissingKeys = allowMissingKeys;
    this.recursiveLookup = recursiveLookup;
  }

  /** kubectl's `FindResults`: the results of each top-level node, in order. */
  findResults(data: Value, nodes: readonly Node[]): Value[][] {
    const cur: Value[] = [data];
    const full: Value[][] = [];
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i] as Node;
      const results = this.walk(cur, node);
      if (this.endRange > 0 && this.endRange <= this.inRange) {
        this.endRange--;
        this.lastEndNode = node;
        break;
      }
      if (this.beginRange > 0) {
        this.beginRange--;
        this.inRange++;
        const body = nodes.slice(i + 1);
        if (results.length > 0) {
          for (const value of results) full.push(...this.findResults(value, body));
        } else {
          // Still walk the body so that the position advances to its end.
          this.findResults(NO_VALUE, body);
        }
        this.inRange--;
        for (let k = i + 1; k < nodes.length; k++) {
          if (nodes[k] === this.lastEndNode) {
            i = k;
            break;
          }
        }
        continue;
      }
      full.push(results);
    }
    return full;
  }

  private walk(input: Value[], node: Node): Value[] {
    switch (node.type) {
      case 'list': return this.evalList(input, node);
      case 'text': return [node.text];
      case 'field': return this.evalField(input, node.name);
      case 'array': return this.evalArray(input, node);
      case 'filter': return this.evalFilter(input, node.expr);
      case 'int': return input.map(() => node.value);
      case 'float': return input.map(() => new FloatLiteral(node.value));
      case 'bool': return input.map(() => node.value);
      case 'wildcard': return this.evalWildcard(input);
      case 'recursive': return this.evalRecursive(input);
      case 'union': return node.nodes.flatMap((list) => this.evalList(input, list));
      case 'identifier': return this.evalIdentifier(input, node);
    }
  }

  private evalList(input: Value[], list: ListNode): Value[] {
    let cur = input;
    const nodes = list.nodes;
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i] as Node;
      const next = nodes[i + 1];
      if (node.type === 'recursive' && next?.type === 'field' && this.recursiveLookup && PLAIN_FIELD.test(next.name) && next.name !== 'length') {
        cur = this.recursiveField(cur, next.name);
        i++;
        continue;
      }
      cur = this.walk(cur, node);
    }
    return cur;
  }

  /** `..name` through the caller's lookup: every `name` key of every object below each value, in document order. */
  private recursiveField(input: Value[], name: string): Value[] {
    const lookup = this.recursiveLookup as RecursiveFieldLookup;
    const results: Value[] = [];
    for (const value of input) {
      if (typeof value !== 'object' || value === null || value instanceof FloatLiteral) continue;
      results.push(...lookup(value, name));
    }
    if (results.length === 0 && !this.allowMissingKeys) throw new ExecutionError(`${name} is not found`);
    return results;
  }

  private evalIdentifier(input: Value[], node: IdentifierNode): Value[] {
    switch (node.name) {
      case 'range':
        this.beginRange++;
        return input;
      case 'end':
        if (this.inRange > 0) {
          this.endRange++;
          return [];
        }
        throw new ExecutionError('not in range, nothing to end');
      default:
        throw new ExecutionError(`unrecognized identifier ${node.name}`);
    }
  }

  private evalField(input: Value[], name: string): Value[] {
    const results: Value[] = [];
    if (input.length === 0) return results;
    for (const value of input) {
      if (isMap(value) && Object.hasOwn(value, name)) {
        const v = value[name];
        if (v !== undefined) results.push(v);
      }
    }
    if (results.length === 0 && !this.allowMissingKeys) throw new ExecutionError(`${name} is not found`);
    return results;
  }

  private evalArray(input: Value[], node: ArrayNode): Value[] {
    const result: Value[] = [];
    for (const value of input) {
      if (value === null) continue;
      if (!Array.isArray(value)) throw new ExecutionError(`${goTypeName(value)} is not array or slice`);
      // Go's int arithmetic: 64 bits, wrapping (so `[-9223372036854775808]` is out of bounds, not empty).
      const int = (n: bigint): bigint => BigInt.asIntN(64, n);
      const len = BigInt(value.length);
      const [p0, p1, p2] = node.params;
      let start = p0.known ? p0.value : 0n;
      if (start < 0n) start = int(start + len);
      let end = p1.known ? p1.value : len;
      if (end < 0n || (end === 0n && p1.derived)) end = int(end + len);
      if (end === start) return result;
      if (start >= len || start < 0n) throw new ExecutionError(`array index out of bounds: index ${start}, length ${len}`);
      if (end > len || end < 0n) throw new ExecutionError(`array index out of bounds: index ${int(end - 1n)}, length ${len}`);
      if (start > end) throw new ExecutionError(`starting index ${start} is greater than ending index ${end}`);
      let step = 1;
      if (p2.known) {
        if (p2.value <= 0n) throw new ExecutionError('step must be > 0');
        step = p2.value > len ? value.length : Number(p2.value);
      }
      const first = Number(start);
      const last = Number(end);
      for (let i = first; i < last; i += step) result.push(value[i]);
    }
    return result;
  }

  private evalWildcard(input: Value[]): Value[] {
    const results: Value[] = [];
    for (const value of input) {
      if (isMap(value)) results.push(...Object.values(value).filter((v) => v !== undefined));
      else if (Array.isArray(value)) results.push(...(value as Value[]));
      else if (typeof value === 'string') results.push(...utf8Bytes(value));
    }
    return results;
  }

  private evalRecursive(input: Value[]): Value[] {
    const result: Value[] = [];
    for (const value of input) {
      let children: Value[] = [];
      if (isMap(value)) children = Object.values(value).filter((v) => v !== undefined);
      else if (Array.isArray(value)) children = value as Value[];
      else if (typeof value === 'string') children = utf8Bytes(value);
      if (children.length > 0) {
        result.push(value);
        result.push(...this.evalRecursive(children));
      }
    }
    return result;
  }

  private evalFilter(input: Value[], expr: FilterExpr): Value[] {
    const results: Value[] = [];
    for (const value of input) {
      if (!Array.isArray(value)) throw new ExecutionError(`${goValueText(value)} is not array or slice and cannot be filtered`);
      for (const item of value as Value[]) {
        if (this.test(item, expr)) results.push(item);
      }
    }
    return results;
  }

  /** Whether one array element passes a filter; errors as kubectl raises them. */
  private test(item: Value, expr: FilterExpr): boolean {
    switch (expr.kind) {
      case 'and': return this.test(item, expr.left) && this.test(item, expr.right);
      case 'or': return this.test(item, expr.left) || this.test(item, expr.right);
      case 'exists': {
        try {
          return this.evalList([item], expr.path).length > 0;
        } catch (err) {
          if (err instanceof ExecutionError) return false;
          throw err;
        }
      }
      case 'compare': {
        const left = this.single(item, expr.left);
        if (left === NO_VALUE) return false;
        const right = this.single(item, expr.right);
        if (right === NO_VALUE) return false;
        try {
          return compareValues(expr.op, left, right);
        } catch (err) {
          throw new ExecutionError((err as Error).message);
        }
      }
      case 'match': {
        const left = this.single(item, expr.left);
        if (left === NO_VALUE || left === null || typeof left === 'object') return false;
        return expr.pattern.test(typeof left === 'string' ? left : goValueText(left));
      }
    }
  }

  /** The one value an operand yields, {@link NO_VALUE} for none, an error for several. */
  private single(item: Value, operand: ListNode): Value {
    const values = this.evalList([item], operand);
    if (values.length === 0) return NO_VALUE;
    if (values.length > 1) throw new ExecutionError('can only compare one element at a time');
    return values[0];
  }
}
