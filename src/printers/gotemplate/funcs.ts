/**
 * The functions templates can call: Go's builtins (`index`, `slice`, `len`, `not`, `print`,
 * `printf`, `println`, `html`, `js`, `urlquery`, `eq`, `ne`, `lt`, `le`, `gt`, `ge`, `call`; `and`
 * and `or` short-circuit in the executor) and the two kubectl registers (`exists`,
 * `base64decode`), each with its Go signature, which decides how the executor converts arguments
 * and words argument errors.
 */
import { CorruptInputError, decodeGoBase64 } from '../../machinery/go-base64.js';
import { eq, equal, lessThan } from './compare.js';
import { FuncError } from './func-error.js';
import { type PrintArg, sprint, sprintf, sprintln } from './fmt/print.js';
import { htmlEscapeString, jsEscapeString, urlQueryEscape } from './escape.js';
import {
  type Concrete, type GoValue, INVALID, NIL_IFACE, bool, byteLength, fromRaw, indirect, indirectInterface, int, isTrue, mapLookup,
  mapKeys, sliceElem, str, typeName,
} from './values.js';

/**
 * How an argument reaches a function: `value` is Go's `reflect.Value` (the value as the executor
 * has it, interface or invalid included), `any` is `interface{}` (the concrete value, or the
 * invalid value for nil), `string` a Go string.
 */
export type ParamType = 'value' | 'any' | 'string';

/** A template function. */
export interface TemplateFunc {
  readonly fixed: readonly ParamType[];
  /** The element type of a final `...` parameter. */
  readonly variadic?: ParamType;
  /** @throws FuncError when the Go function returns an error or panics */
  readonly call: (args: readonly GoValue[]) => GoValue;
}

/** `nil` for print functions, the value otherwise. */
function printArg(v: GoValue): PrintArg {
  return v.kind === 'invalid' || v.kind === 'iface' ? null : v;
}

function stringArg(v: GoValue): string {
  return v.kind === 'string' ? v.v : '';
}

/** Go's `evalArgs`: the one string argument, or the arguments printed as by Sprint (nil as `<no value>`). */
function evalArgs(args: readonly GoValue[]): string {
  const [first] = args;
  if (args.length === 1 && first?.kind === 'string') return first.v;
  return sprint(args.map((a) => (a.kind === 'invalid' ? str('<no value>') : printArg(a))));
}

function indexArg(index: GoValue, cap: number): number {
  switch (index.kind) {
    case 'int': {
      const x = index.v;
      if (x < 0n || x > BigInt(cap)) throw new FuncError(`index out of range: ${x}`);
      return Number(x);
    }
    case 'invalid': throw new FuncError('cannot index slice/array with nil');
    default: throw new FuncError(`cannot index slice/array with type ${typeName(index)}`);
  }
}

function stringBytes(s: string): Buffer {
  return Buffer.from(s, 'utf8');
}

function index(args: readonly GoValue[]): GoValue {
  const [first = INVALID, ...indexes] = args;
  let item = indirectInterface(first);
  if (item.kind === 'invalid') throw new FuncError('index of untyped nil');
  for (const raw of indexes) {
    const idx = indirectInterface(raw);
    const ind = indirect(item);
    if (ind.isNil) throw new FuncError('index of nil pointer');
    item = ind.value;
    switch (item.kind) {
      case 'slice': {
        const x = indexArg(idx, item.len);
        if (x >= item.len) throw new FuncError('reflect: slice index out of range');
        item = sliceElem(item, x);
        break;
      }
      case 'string': {
        const bytes = stringBytes(item.v);
        const x = indexArg(idx, bytes.length);
        if (x >= bytes.length) throw new FuncError('reflect: string index out of range');
        item = int(bytes[x] ?? 0, 'uint8');
        break;
      }
      case 'map': {
        if (idx.kind === 'invalid') throw new FuncError('value is nil; should be of type string');
        if (idx.kind !== 'string') throw new FuncError(`value has type ${typeName(idx)}; should be string`);
        item = mapLookup(item.v, idx.v) ?? NIL_IFACE;
        break;
      }
      default:
        throw new FuncError(`can't index item of type ${typeName(item)}`);
    }
  }
  return item;
}

function slice(args: readonly GoValue[]): GoValue {
  const [first = INVALID, ...indexes] = args;
  const item = indirectInterface(first);
  if (item.kind === 'invalid') throw new FuncError('slice of untyped nil');
  if (indexes.length > 3) throw new FuncError(`too many slice indexes: ${indexes.length}`);
  let cap: number;
  let len: number;
  if (item.kind === 'string') {
    if (indexes.length === 3) throw new FuncError('cannot 3-index slice a string');
    cap = byteLength(item.v);
    len = cap;
  } else if (item.kind === 'slice') {
    cap = item.cap;
    len = item.len;
  } else {
    throw new FuncError(`can't slice item of type ${typeName(item)}`);
  }
  const idx = [0, len, 0];
  indexes.forEach((index, i) => {
    idx[i] = indexArg(index, cap);
  });
  const [i = 0, j = 0, k = 0] = idx;
  if (i > j) throw new FuncError(`invalid slice index: ${i} > ${j}`);
  if (item.kind === 'string') return str(stringBytes(item.v).subarray(i, j).toString('utf8'));
  if (indexes.length < 3) return { kind: 'slice', backing: item.backing, offset: item.offset + i, len: j - i, cap: item.cap - i };
  if (j > k) throw new FuncError(`invalid slice index: ${j} > ${k}`);
  return { kind: 'slice', backing: item.backing, offset: item.offset + i, len: j - i, cap: k - i };
}

function length(args: readonly GoValue[]): GoValue {
  const { value, isNil } = indirect(args[0] ?? INVALID);
  if (isNil) throw new FuncError('len of nil pointer');
  switch (value.kind) {
    case 'string': return int(byteLength(value.v));
    case 'slice': return int(value.len);
    case 'map': return int(mapKeys(value.v).length);
    case 'invalid': throw new FuncError('reflect: call of reflect.Value.Type on zero Value');
    default: throw new FuncError(`len of type ${typeName(value)}`);
  }
}

/** kubectl's `exists`: whether `index item indices...` would find a non-nil value. */
function exists(args: readonly GoValue[]): GoValue {
  const [item = INVALID, ...indices] = args;
  let v: GoValue = item;
  for (const index of indices) {
    const ind = indirect(v);
    if (ind.isNil) return bool(false);
    v = ind.value;
    switch (v.kind) {
      case 'slice': case 'string': {
        if (index.kind !== 'int') return bool(false);
        const len = v.kind === 'slice' ? v.len : byteLength(v.v);
        const x = Number(index.v);
        if (index.v < 0n || x >= len) return bool(false);
        v = v.kind === 'slice' ? sliceElem(v, x) : int(stringBytes(v.v)[x] ?? 0, 'uint8');
        break;
      }
      case 'map': {
        if (index.kind !== 'string' && index.kind !== 'invalid') return bool(false);
        v = mapLookup(v.v, index.kind === 'string' ? index.v : '') ?? NIL_IFACE;
        break;
      }
      default:
        return bool(false);
    }
  }
  return bool(!indirect(v).isNil);
}

function base64decode(args: readonly GoValue[]): GoValue {
  try {
    return str(Buffer.from(decodeGoBase64(stringArg(args[0] ?? INVALID))).toString('utf8'));
  } catch (err) {
    if (err instanceof CorruptInputError) throw new FuncError(`base64 decode failed: ${err.message}`);
    throw err;
  }
}

function unreachable(): GoValue {
  throw new FuncError('unreachable');
}

/** The functions of kubectl's template printer: Go's builtins and kubectl's two. */
export const FUNCS: ReadonlyMap<string, TemplateFunc> = new Map<string, TemplateFunc>([
  ['and', { fixed: ['value'], variadic: 'value', call: unreachable }],
  ['or', { fixed: ['value'], variadic: 'value', call: unreachable }],
  ['call', { fixed: ['value'], variadic: 'value', call: unreachable }],
  ['html', { fixed: [], variadic: 'any', call: (a) => str(htmlEscapeString(evalArgs(a))) }],
  ['js', { fixed: [], variadic: 'any', call: (a) => str(jsEscapeString(evalArgs(a))) }],
  ['urlquery', { fixed: [], variadic: 'any', call: (a) => str(urlQueryEscape(evalArgs(a))) }],
  ['index', { fixed: ['value'], variadic: 'value', call: index }],
  ['slice', { fixed: ['value'], variadic: 'value', call: slice }],
  ['len', { fixed: ['value'], call: length }],
  ['not', { fixed: ['value'], call: (a) => bool(!isTrue(a[0] ?? INVALID)) }],
  ['print', { fixed: [], variadic: 'any', call: (a) => str(sprint(a.map(printArg))) }],
  ['printf', { fixed: ['string'], variadic: 'any', call: (a) => str(sprintf(stringArg(a[0] ?? INVALID), a.slice(1).map(printArg))) }],
  ['println', { fixed: [], variadic: 'any', call: (a) => str(sprintln(a.map(printArg))) }],
  ['eq', { fixed: ['value'], variadic: 'value', call: eq }],
  ['ne', { fixed: ['value', 'value'], call: (a) => bool(!equal(a[0] ?? INVALID, a[1] ?? INVALID)) }],
  ['lt', { fixed: ['value', 'value'], call: (a) => bool(lessThan(a[0] ?? INVALID, a[1] ?? INVALID)) }],
  ['le', { fixed: ['value', 'value'], call: (a) => bool(lessThan(a[0] ?? INVALID, a[1] ?? INVALID) || equal(a[0] ?? INVALID, a[1] ?? INVALID)) }],
  ['gt', { fixed: ['value', 'value'], call: (a) => bool(!(lessThan(a[0] ?? INVALID, a[1] ?? INVALID) || equal(a[0] ?? INVALID, a[1] ?? INVALID))) }],
  ['ge', { fixed: ['value', 'value'], call: (a) => bool(!lessThan(a[0] ?? INVALID, a[1] ?? INVALID)) }],
  ['exists', { fixed: ['any'], variadic: 'any', call: exists }],
  ['base64decode', { fixed: ['string'], call: base64decode }],
]);

/** `call`'s own error: nothing a template reaches is a function. */
export function callError(calleeName: string, fn: GoValue): FuncError {
  const v = indirectInterface(fn);
  if (v.kind === 'invalid') return new FuncError('call of nil');
  return new FuncError(`non-function ${calleeName} of type ${typeName(v)}`);
}

/** The concrete value an `interface{}` parameter receives (the invalid value for nil). */
export function toAny(v: GoValue): Concrete | typeof INVALID {
  return v.kind === 'iface' ? fromRaw(v.raw) : v;
}
