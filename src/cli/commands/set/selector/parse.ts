/**
 * kubectl's `ParseToLabelSelector` as far as `set selector` needs it: `key=value` and `key==value`
 * terms become `matchLabels`; `in`, `notin`, `key` and `!key` become match expressions, which a
 * Service cannot take; `!=` has no match expression and is refused.
 */
import { UsageError } from '../../../framework/usage-error.js';

/** A parsed selector. */
export interface ParsedSelector {
  matchLabels: Record<string, string>;
  /** Go's `%v` of each expression (`{tier NotIn [a b]}`), for the error that rejects them. */
  expressions: string[];
}

const KEY = /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

/** Splits on commas outside parentheses. */
function terms(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const c of text) {
    if (c === '(') depth++;
    if (c === ')') depth--;
    if (c === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  if (cur.trim() !== '' || out.length > 0) out.push(cur.trim());
  return out;
}

function checkKey(key: string): void {
  if (!KEY.test(key) || key.length > 317) throw new UsageError(`unable to parse requirement: invalid label key "${key}"`, false);
}

function checkValue(value: string): void {
  if (!VALUE.test(value) || value.length > 63) throw new UsageError(`unable to parse requirement: invalid label value: "${value}"`, false);
}

/** Parses the selector argument. */
export function parseSelectorArgument(text: string): ParsedSelector {
  const matchLabels: Record<string, string> = {};
  const expressions: string[] = [];
  for (const term of terms(text)) {
    let m = /^([^=!\s(]+)\s*(==|=)\s*(\S*)$/.exec(term);
    if (m !== null) {
      const [, key = '', , value = ''] = m;
      checkKey(key);
      checkValue(value);
      matchLabels[key] = value;
      continue;
    }
    m = /^([^=!\s(]+)\s*!=\s*(\S*)$/.exec(term);
    if (m !== null) {
      checkKey(m[1] ?? '');
      throw new UsageError('"!=" is not a valid label selector operator', false);
    }
    m = /^([^=!\s(]+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(term);
    if (m !== null) {
      checkKey(m[1] ?? '');
      const values = (m[3] ?? '').split(',').map((v) => v.trim()).filter((v) => v !== '').sort();
      expressions.push(`{${m[1] ?? ''} ${m[2] === 'in' ? 'In' : 'NotIn'} [${values.join(' ')}]}`);
      continue;
    }
    m = /^(!?)([^=!\s(]+)$/.exec(term);
    if (m !== null) {
      checkKey(m[2] ?? '');
      expressions.push(`{${m[2] ?? ''} ${m[1] === '!' ? 'DoesNotExist' : 'Exists'} []}`);
      continue;
    }
    throw new UsageError(`unable to parse requirement: found '${term}', expected: identifier`, false);
  }
  return { matchLabels, expressions };
}
