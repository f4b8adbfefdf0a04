/**
 * The comparison functions of templates (`eq`, `ne`, `lt`, `le`, `gt`, `ge`) with Go's rules:
 * basic types only (bool, integers, floats, complex numbers, strings), integers of either
 * signedness compared by value, nil equal only to nil, and Go's errors for everything else.
 */
import { compareUtf8 } from '../../machinery/json/go-json.js';
import { formatValue } from './fmt/print.js';
import { FuncError } from './func-error.js';
import { type GoValue, INVALID, bool, indirectInterface, typeName } from './values.js';

const errBadComparisonType = 'invalid type for comparison';
const errBadComparison = 'incompatible types for comparison';
const errNoComparison = 'missing argument for comparison';

type BasicKind = 'bool' | 'complex' | 'int' | 'float' | 'string' | 'uint' | 'invalid';

function basicKind(v: GoValue): BasicKind {
  switch (v.kind) {
    case 'bool': return 'bool';
    case 'int': return v.type === 'uint8' ? 'uint' : 'int';
    case 'float': return 'float';
    case 'complex': return 'complex';
    case 'string': return 'string';
    default: return 'invalid';
  }
}

function intOf(v: GoValue): bigint {
  return v.kind === 'int' ? v.v : 0n;
}

function isNilValue(v: GoValue): boolean {
  return v.kind === 'invalid';
}

/** `eq arg1 arg2...`: whether arg1 equals any of the others. */
export function eq(args: readonly GoValue[]): GoValue {
  const [first = INVALID, ...rest] = args;
  const arg1 = indirectInterface(first);
  if (rest.length === 0) throw new FuncError(errNoComparison);
  const k1 = basicKind(arg1);
  for (const raw of rest) {
    const arg = indirectInterface(raw);
    const k2 = basicKind(arg);
    let truth = false;
    if (k1 !== k2) {
      if ((k1 === 'int' && k2 === 'uint') || (k1 === 'uint' && k2 === 'int')) {
        truth = intOf(arg1) === intOf(arg);
      } else if (arg1.kind !== 'invalid' && arg.kind !== 'invalid') {
        throw new FuncError(errBadComparison);
      }
    } else {
      switch (k1) {
        case 'bool': truth = arg1.kind === 'bool' && arg.kind === 'bool' && arg1.v === arg.v; break;
        case 'complex': truth = arg1.kind === 'complex' && arg.kind === 'complex' && arg1.re === arg.re && arg1.im === arg.im; break;
        case 'float': truth = arg1.kind === 'float' && arg.kind === 'float' && arg1.v === arg.v; break;
        case 'int': case 'uint': truth = intOf(arg1) === intOf(arg); break;
        case 'string': truth = arg1.kind === 'string' && arg.kind === 'string' && arg1.v === arg.v; break;
        default: {
          if (arg1.kind !== arg.kind && arg1.kind !== 'invalid' && arg.kind !== 'invalid') {
            throw new FuncError(`non-comparable types ${formatValue(arg1, 's')}: ${typeName(arg1)}, ${typeName(arg)}: ${formatValue(arg, 'v')}`);
          }
          if (isNilValue(arg1) || isNilValue(arg)) {
            truth = isNilValue(arg) === isNilValue(arg1);
          } else {
            throw new FuncError(`non-comparable type ${formatValue(arg, 's')}: ${typeName(arg)}`);
          }
        }
      }
    }
    if (truth) return bool(true);
  }
  return bool(false);
}

/** `lt a b`. */
export function lessThan(a: GoValue, b: GoValue): boolean {
  const arg1 = indirectInterface(a);
  const k1 = basicKind(arg1);
  if (k1 === 'invalid') throw new FuncError(errBadComparisonType);
  const arg2 = indirectInterface(b);
  const k2 = basicKind(arg2);
  if (k2 === 'invalid') throw new FuncError(errBadComparisonType);
  if (k1 !== k2) {
    if (k1 === 'int' && k2 === 'uint') return intOf(arg1) < 0n || intOf(arg1) < intOf(arg2);
    if (k1 === 'uint' && k2 === 'int') return intOf(arg2) >= 0n && intOf(arg1) < intOf(arg2);
    throw new FuncError(errBadComparison);
  }
  if (arg1.kind === 'float' && arg2.kind === 'float') return arg1.v < arg2.v;
  if (arg1.kind === 'int' && arg2.kind === 'int') return arg1.v < arg2.v;
  if (arg1.kind === 'string' && arg2.kind === 'string') return compareUtf8(arg1.v, arg2.v) < 0;
  throw new FuncError(errBadComparisonType);
}

/** `eq a b` as a boolean. */
export function equal(a: GoValue, b: GoValue): boolean {
  const r = eq([a, b]);
  return r.kind === 'bool' && r.v;
}
