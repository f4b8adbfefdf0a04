/**
 * Filter comparisons with the semantics of the Go template functions kubectl uses
 * (`template.Equal`, `Less`, ...): both sides must be of the same basic kind (string, int,
 * float, bool); comparing different kinds, or maps, lists and null, is an error.
 */
import { isGoInteger } from '../go-number.js';
import { compareUtf8 } from '../json/go-json.js';
import { FloatLiteral } from './values.js';
import type { Value } from './values.js';

/** An error of a comparison, worded as Go's template package words it. */
export class ComparisonError extends Error {}

type Basic = { kind: 'string'; v: string } | { kind: 'int' | 'float'; v: number } | { kind: 'bool'; v: boolean };

function basic(v: Value): Basic {
  if (typeof v === 'string') return { kind: 'string', v };
  if (typeof v === 'boolean') return { kind: 'bool', v };
  if (v instanceof FloatLiteral) return { kind: 'float', v: v.value };
  if (typeof v === 'number') return { kind: isGoInteger(v) ? 'int' : 'float', v };
  throw new ComparisonError('invalid type for comparison');
}

function pair(a: Value, b: Value): [Basic, Basic] {
  const x = basic(a);
  const y = basic(b);
  if (x.kind !== y.kind) throw new ComparisonError('incompatible types for comparison');
  return [x, y];
}

/** `template.Equal`. */
export function goEqual(a: Value, b: Value): boolean {
  const [x, y] = pair(a, b);
  return x.v === y.v;
}

/** `template.Less`. */
export function goLess(a: Value, b: Value): boolean {
  const [x, y] = pair(a, b);
  if (x.kind === 'bool') throw new ComparisonError('invalid type for comparison');
  if (x.kind === 'string') return compareUtf8(x.v, y.v as string) < 0;
  return (x.v as number) < (y.v as number);
}

/**
 * Applies a kubectl filter operator.
 *
 * @throws ComparisonError for incomparable values, or `unrecognized filter operator x`
 */
export function compareValues(op: string, a: Value, b: Value): boolean {
  switch (op) {
    case '==': return goEqual(a, b);
    case '!=': return !goEqual(a, b);
    case '<': return goLess(a, b);
    case '<=': return goLess(a, b) || goEqual(a, b);
    case '>': return !(goLess(a, b) || goEqual(a, b));
    case '>=': return !goLess(a, b);
    default: throw new ComparisonError(`unrecognized filter operator ${op}`);
  }
}
