/**
 * Execution of parsed templates (Go 1.23's `text/template/exec.go`) over the values of
 * {@link ./values.js}: walking the tree, evaluating pipelines, fields, variables and function
 * calls with Go's rules (when interfaces are unwrapped, how missing keys behave, how arguments
 * are converted) and Go's error messages (`template: output:1:7: executing "output" at <.a.b>:
 * map has no entry for key "a"`).
 *
 * Hostile templates are bounded: template calls nest at most {@link MAX_EXEC_DEPTH} deep (Go
 * allows 100,000, more than a JavaScript stack holds), and the output and the number of steps are
 * limited.
 */
import { compareUtf8 } from '../../machinery/json/go-json.js';
import { formatValue, sprint } from './fmt/print.js';
import { FuncError } from './func-error.js';
import { callError, FUNCS, type ParamType, type TemplateFunc, toAny } from './funcs.js';
import {
  type ArgNode, type BranchNode, type ChainNode, type CommandNode, type FieldNode, type IdentifierNode, type Node,
  type NumberNode, type PipeNode, type TemplateNode, type VariableNode, nodeString,
} from './nodes.js';
import type { Tree } from './parser.js';
import { quote } from './strconv/quote.js';
import {
  type GoValue, INVALID, bool, fromRaw, indirect, int, isTrue, mapKeys, mapLookup, sliceElem, str, typeName,
} from './values.js';

/** How deep template invocations may nest (Go: 100,000). */
export const MAX_EXEC_DEPTH = 1000;

/** Limits of one execution. */
export interface ExecLimits {
  /** Characters of output. */
  maxOutput: number;
  /** Nodes walked and commands evaluated. */
  maxSteps: number;
}

/** An execution error with Go's message. */
export class TemplateExecError extends Error {
  override name = 'TemplateExecError';
}

/** A Go runtime panic during execution, which kubectl reports as `caught panic: ...`. */
export class TemplatePanic extends Error {
  override name = 'TemplatePanic';
}

class BreakSignal {}
class ContinueSignal {}
const BREAK = new BreakSignal();
const CONTINUE = new ContinueSignal();

interface Variable {
  name: string;
  value: GoValue;
}

/** The shared output and budgets of one execution. */
class Output {
  chunks: string[] = [];
  size = 0;
  steps = 0;
  constructor(readonly limits: ExecLimits) {}

  write(s: string): void {
    this.size += s.length;
    if (this.size > this.limits.maxOutput) throw new TemplateExecError(`template: output exceeds ${this.limits.maxOutput} characters`);
    this.chunks.push(s);
  }

  step(): void {
    if (++this.steps > this.limits.maxSteps) throw new TemplateExecError(`template: execution exceeds ${this.limits.maxSteps} steps`);
  }
}

/** What an execution needs to know about its templates. */
export interface ExecContext {
  readonly trees: ReadonlyMap<string, Tree>;
  /** The template text (all trees share it), for error positions. */
  readonly text: string;
  /** `missingkey=error` (`--allow-missing-template-keys=false`). */
  readonly missingKeyError: boolean;
}

function isHexInt(s: string): boolean {
  return s.length > 2 && s[0] === '0' && (s[1] === 'x' || s[1] === 'X') && !/[pP]/.test(s);
}

/** Go's ErrorContext: `parseName:line:byteColumn` of a node. */
function location(ctx: ExecContext, parseName: string, pos: number): string {
  const before = ctx.text.slice(0, pos);
  const lastNewline = before.lastIndexOf('\n');
  let line = 1;
  for (let i = 0; i < before.length; i++) if (before.charCodeAt(i) === 0x0a) line++;
  const column = Buffer.byteLength(before.slice(lastNewline + 1), 'utf8');
  return `${parseName}:${line}:${column}`;
}

class State {
  private node: Node | undefined;
  private vars: Variable[];

  constructor(
    private readonly ctx: ExecContext,
    private readonly tree: Tree,
    private readonly out: Output,
    private readonly depth: number,
    dot: GoValue,
  ) {
    this.vars = [{ name: '$', value: dot }];
  }

  private at(node: Node): void {
    this.node = node;
  }

  errorf(message: string): never {
    const name = this.tree.name;
    if (this.node === undefined) throw new TemplateExecError(`template: ${name}: ${message}`);
    const where = location(this.ctx, this.tree.parseName, this.node.pos);
    throw new TemplateExecError(`template: ${where}: executing ${quote(name)} at <${nodeString(this.node)}>: ${message}`);
  }

  private mark(): number {
    return this.vars.length;
  }

  private pop(mark: number): void {
    if (this.vars.length > mark) this.vars.length = mark;
  }

  private setVar(name: string, value: GoValue): void {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const v = this.vars[i];
      if (v !== undefined && v.name === name) {
        v.value = value;
        return;
      }
    }
    this.errorf(`undefined variable: ${name}`);
  }

  private setTopVar(n: number, value: GoValue): void {
    const v = this.vars[this.vars.length - n];
    if (v !== undefined) v.value = value;
  }

  private varValue(name: string): GoValue {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const v = this.vars[i];
      if (v !== undefined && v.name === name) return v.value;
    }
    this.errorf(`undefined variable: ${name}`);
  }

  walk(dot: GoValue, node: Node): void {
    this.out.step();
    this.at(node);
    switch (node.type) {
      case 'action': {
        const val = this.evalPipeline(dot, node.pipe);
        if (node.pipe.decl.length === 0) this.printValue(node, val);
        return;
      }
      case 'break': throw BREAK;
      case 'continue': throw CONTINUE;
      case 'comment': return;
      case 'if': case 'with': this.walkIfOrWith(node, dot); return;
      case 'list':
        for (const n of node.nodes) this.walk(dot, n);
        return;
      case 'range': this.walkRange(dot, node); return;
      case 'template': this.walkTemplate(dot, node); return;
      case 'text': this.out.write(node.text); return;
      default: this.errorf(`unknown node: ${nodeString(node)}`);
    }
  }

  private walkIfOrWith(node: BranchNode, dot: GoValue): void {
    const mark = this.mark();
    try {
      const val = this.evalPipeline(dot, node.pipe);
      if (isTrue(val)) this.walk(node.type === 'with' ? val : dot, node.list);
      else if (node.elseList !== undefined) this.walk(dot, node.elseList);
    } finally {
      this.pop(mark);
    }
  }

  private walkRange(dot: GoValue, r: BranchNode): void {
    this.at(r);
    const outer = this.mark();
    try {
      const val = indirect(this.evalPipeline(dot, r.pipe)).value;
      const mark = this.mark();
      const oneIteration = (index: GoValue, elem: GoValue): void => {
        const decl = r.pipe.decl;
        if (decl.length > 0) {
          if (r.pipe.isAssign) this.setVar(decl[0]?.ident[0] ?? '', decl.length > 1 ? index : elem);
          else this.setTopVar(1, elem);
        }
        if (decl.length > 1) {
          if (r.pipe.isAssign) this.setVar(decl[1]?.ident[0] ?? '', elem);
          else this.setTopVar(2, index);
        }
        try {
          this.walk(elem, r.list);
        } catch (err) {
          if (err !== CONTINUE) throw err;
        } finally {
          this.pop(mark);
        }
      };
      switch (val.kind) {
        case 'slice':
          if (val.len === 0) break;
          for (let i = 0; i < val.len; i++) oneIteration(int(i), sliceElem(val, i));
          return;
        case 'map': {
          const keys = mapKeys(val.v).sort(compareUtf8);
          if (keys.length === 0) break;
          for (const key of keys) oneIteration(str(key), mapLookup(val.v, key) ?? INVALID);
          return;
        }
        case 'invalid':
          break;
        default:
          this.errorf(`range can't iterate over ${formatValue(val, 'v')}`);
      }
      if (r.elseList !== undefined) this.walk(dot, r.elseList);
    } catch (err) {
      if (err !== BREAK) throw err;
    } finally {
      this.pop(outer);
    }
  }

  private walkTemplate(dot: GoValue, t: TemplateNode): void {
    this.at(t);
    const tree = this.ctx.trees.get(t.name);
    if (tree === undefined) this.errorf(`template ${quote(t.name)} not defined`);
    if (this.depth === MAX_EXEC_DEPTH) this.errorf(`exceeded maximum template depth (${MAX_EXEC_DEPTH})`);
    const newDot = this.evalPipeline(dot, t.pipe);
    new State(this.ctx, tree, this.out, this.depth + 1, newDot).walk(newDot, tree.root);
  }

  evalPipeline(dot: GoValue, pipe: PipeNode | undefined): GoValue {
    if (pipe === undefined) return INVALID;
    this.at(pipe);
    let value: GoValue | undefined;
    for (const cmd of pipe.cmds) {
      value = this.evalCommand(dot, cmd, value);
      if (value.kind === 'iface') value = fromRaw(value.raw);
    }
    const result = value ?? INVALID;
    for (const variable of pipe.decl) {
      if (pipe.isAssign) this.setVar(variable.ident[0] ?? '', result);
      else this.vars.push({ name: variable.ident[0] ?? '', value: result });
    }
    return result;
  }

  private notAFunction(args: readonly ArgNode[], final: GoValue | undefined): void {
    if (args.length > 1 || final !== undefined) this.errorf(`can't give argument to non-function ${nodeString(args[0] ?? { type: 'nil', pos: 0 })}`);
  }

  private evalCommand(dot: GoValue, cmd: CommandNode, final: GoValue | undefined): GoValue {
    this.out.step();
    const first = cmd.args[0];
    if (first === undefined) this.errorf('empty command');
    switch (first.type) {
      case 'field': return this.evalFieldNode(dot, first, cmd.args, final);
      case 'chain': return this.evalChainNode(dot, first, cmd.args, final);
      case 'identifier': return this.evalFunction(dot, first, cmd, cmd.args, final);
      case 'pipe':
        this.notAFunction(cmd.args, final);
        return this.evalPipeline(dot, first);
      case 'variable': return this.evalVariableNode(first, cmd.args, final);
      default: break;
    }
    this.at(first);
    this.notAFunction(cmd.args, final);
    switch (first.type) {
      case 'bool': return bool(first.value);
      case 'dot': return dot;
      case 'nil': return this.errorf('nil is not a command');
      case 'number': return this.idealConstant(first);
      case 'string': return str(first.text);
    }
  }

  private idealConstant(constant: NumberNode): GoValue {
    this.at(constant);
    if (constant.isComplex) return { kind: 'complex', re: constant.complex.re, im: constant.complex.im };
    if (constant.isFloat && !isHexInt(constant.text) && !constant.text.startsWith("'") && /[.eEpP]/.test(constant.text)) {
      return { kind: 'float', v: constant.float64 };
    }
    if (constant.isInt) return int(constant.int64);
    if (constant.isUint) this.errorf(`${constant.text} overflows int`);
    return INVALID;
  }

  private evalFieldNode(dot: GoValue, field: FieldNode, args: readonly ArgNode[] | undefined, final: GoValue | undefined): GoValue {
    this.at(field);
    return this.evalFieldChain(dot, field.ident, args, final);
  }

  private evalChainNode(dot: GoValue, chain: ChainNode, args: readonly ArgNode[] | undefined, final: GoValue | undefined): GoValue {
    this.at(chain);
    if (chain.fields.length === 0) this.errorf('internal error: no fields in evalChainNode');
    if (chain.node.type === 'nil') this.errorf(`indirection through explicit nil in ${nodeString(chain)}`);
    const pipe = this.evalArg(dot, undefined, chain.node);
    return this.evalFieldChain(pipe, chain.fields, args, final);
  }

  private evalVariableNode(variable: VariableNode, args: readonly ArgNode[] | undefined, final: GoValue | undefined): GoValue {
    this.at(variable);
    const value = this.varValue(variable.ident[0] ?? '');
    if (variable.ident.length === 1) {
      this.notAFunction(args ?? [], final);
      return value;
    }
    return this.evalFieldChain(value, variable.ident.slice(1), args, final);
  }

  private evalFieldChain(receiverIn: GoValue, ident: readonly string[], args: readonly ArgNode[] | undefined, final: GoValue | undefined): GoValue {
    let receiver = receiverIn;
    const n = ident.length;
    for (let i = 0; i < n - 1; i++) receiver = this.evalField(ident[i] ?? '', undefined, undefined, receiver);
    return this.evalField(ident[n - 1] ?? '', args, final, receiver);
  }

  private evalField(fieldName: string, args: readonly ArgNode[] | undefined, final: GoValue | undefined, receiverIn: GoValue): GoValue {
    if (receiverIn.kind === 'invalid') {
      if (this.ctx.missingKeyError) this.errorf(`nil data; no entry for key ${quote(fieldName)}`);
      return INVALID;
    }
    const typ = typeName(receiverIn);
    const { value: receiver, isNil } = indirect(receiverIn);
    if (isNil) this.errorf(`nil pointer evaluating ${typ}.${fieldName}`);
    const hasArgs = (args?.length ?? 0) > 1 || final !== undefined;
    if (receiver.kind === 'map') {
      if (hasArgs) this.errorf(`${fieldName} is not a method but has arguments`);
      const result = mapLookup(receiver.v, fieldName);
      if (result === undefined) {
        if (this.ctx.missingKeyError) this.errorf(`map has no entry for key ${quote(fieldName)}`);
        return INVALID;
      }
      return result;
    }
    this.errorf(`can't evaluate field ${fieldName} in type ${typ}`);
  }

  private evalFunction(dot: GoValue, node: IdentifierNode, cmd: Node, args: readonly ArgNode[] | undefined, final: GoValue | undefined): GoValue {
    this.at(node);
    const fn = FUNCS.get(node.ident);
    if (fn === undefined) this.errorf(`${quote(node.ident)} is not a defined function`);
    return this.evalCall(dot, fn, cmd, node.ident, args, final);
  }

  private evalCall(dot: GoValue, fn: TemplateFunc, node: Node, name: string, allArgs: readonly ArgNode[] | undefined, final: GoValue | undefined): GoValue {
    const args = allArgs === undefined ? [] : allArgs.slice(1);
    const numIn = args.length + (final === undefined ? 0 : 1);
    const numParams = fn.fixed.length + (fn.variadic === undefined ? 0 : 1);
    let numFixed = args.length;
    if (fn.variadic !== undefined) {
      numFixed = fn.fixed.length;
      if (numIn < numFixed) this.errorf(`wrong number of args for ${name}: want at least ${numFixed} got ${args.length}`);
    } else if (numIn !== numParams) {
      this.errorf(`wrong number of args for ${name}: want ${numParams} got ${numIn}`);
    }
    if (name === 'and' || name === 'or') {
      let v: GoValue = INVALID;
      for (const arg of args) {
        v = this.evalArg(dot, 'value', arg);
        if (isTrue(v) === (name === 'or')) return v;
      }
      if (final !== undefined) v = this.validateType(final, 'value');
      return v;
    }
    const argv: GoValue[] = [];
    let i = 0;
    for (; i < numFixed && i < args.length; i++) argv.push(this.evalArg(dot, fn.fixed[i], args[i] as ArgNode));
    if (fn.variadic !== undefined) {
      for (; i < args.length; i++) argv.push(this.evalArg(dot, fn.variadic, args[i] as ArgNode));
    }
    if (final !== undefined) {
      let t: ParamType | undefined = fn.variadic ?? fn.fixed[fn.fixed.length - 1];
      if (fn.variadic !== undefined && numIn - 1 < numFixed) t = fn.fixed[numIn - 1];
      argv.push(this.validateType(final, t));
    }
    try {
      if (name === 'call') {
        // Go names the callee by its first argument node; piped in, that node does not exist.
        const callee = args[0];
        if (callee === undefined) throw new TemplatePanic('runtime error: index out of range [0] with length 0');
        throw callError(nodeString(callee), argv[0] ?? INVALID);
      }
      return fn.call(argv);
    } catch (err) {
      if (err instanceof FuncError) {
        this.at(node);
        this.errorf(`error calling ${name}: ${err.message}`);
      }
      throw err;
    }
  }

  /** Go's validateType for our parameter types (undefined: no type, as for a chain's receiver). */
  private validateType(value: GoValue, typ: ParamType | undefined): GoValue {
    if (value.kind === 'invalid') {
      if (typ === 'string') this.errorf('invalid value; expected string');
      return INVALID;
    }
    switch (typ) {
      case undefined: case 'value': return value;
      case 'any': return toAny(value);
      case 'string': {
        if (value.kind === 'string') return value;
        if (value.kind === 'iface' && value.raw !== null && value.raw !== undefined) {
          const inner = fromRaw(value.raw);
          if (inner.kind === 'string') return inner;
          this.errorf(`wrong type for value; expected string; got ${typeName(inner)}`);
        }
        this.errorf(`wrong type for value; expected string; got ${typeName(value)}`);
      }
    }
  }

  private evalArg(dot: GoValue, typ: ParamType | undefined, n: ArgNode): GoValue {
    this.at(n);
    switch (n.type) {
      case 'dot': return this.validateType(dot, typ);
      case 'nil':
        if (typ === 'string' || typ === undefined) this.errorf(`cannot assign nil to ${typ ?? '<nil>'}`);
        return INVALID;
      case 'field': return this.validateType(this.evalFieldNode(dot, n, [n], undefined), typ);
      case 'variable': return this.validateType(this.evalVariableNode(n, undefined, undefined), typ);
      case 'pipe': return this.validateType(this.evalPipeline(dot, n), typ);
      case 'identifier': return this.validateType(this.evalFunction(dot, n, n, undefined, undefined), typ);
      case 'chain': return this.validateType(this.evalChainNode(dot, n, undefined, undefined), typ);
      default: break;
    }
    if (typ === 'string') {
      if (n.type === 'string') return str(n.text);
      this.errorf(`expected string; found ${nodeString(n)}`);
    }
    // interface{} and reflect.Value parameters: the constant as an ideal constant.
    switch (n.type) {
      case 'bool': return bool(n.value);
      case 'number': return this.idealConstant(n);
      case 'string': return str(n.text);
    }
    this.errorf(`can't handle ${nodeString(n)} for arg of type ${typ ?? '<nil>'}`);
  }

  private printValue(n: Node, v: GoValue): void {
    this.at(n);
    const value = toAny(v);
    switch (value.kind) {
      case 'invalid': this.out.write('<no value>'); return;
      case 'string': this.out.write(value.v); return;
      case 'int': this.out.write(value.v.toString()); return;
      case 'bool': this.out.write(value.v ? 'true' : 'false'); return;
      default: this.out.write(sprint([value]));
    }
  }
}

/**
 * Executes the tree `name` against `data` (a decoded JSON object).
 *
 * @returns the output, also when execution failed: `{ output, error }`
 */
export function execute(ctx: ExecContext, name: string, data: unknown, limits: ExecLimits): { output: string; error: Error | undefined } {
  const out = new Output(limits);
  const tree = ctx.trees.get(name);
  const root = fromRaw(data);
  try {
    if (tree === undefined) throw new TemplateExecError(`template: ${name}: ${quote(name)} is an incomplete or empty template`);
    new State(ctx, tree, out, 0, root).walk(root, tree.root);
    return { output: out.chunks.join(''), error: undefined };
  } catch (err) {
    if (err instanceof TemplateExecError || err instanceof TemplatePanic) return { output: out.chunks.join(''), error: err };
    if (err instanceof RangeError && err.message.includes('call stack')) {
      return { output: out.chunks.join(''), error: new TemplateExecError(`template: ${name}: template nested too deeply`) };
    }
    throw err;
  }
}
