/**
 * Field selectors (`metadata.name=x,status.phase!=Running`): parsing with the API machinery's escape
 * rules, checking the fields a kind supports, and matching.
 */
import { badRequest } from '../errors.js';

/** One requirement of a field selector. */
export interface FieldRequirement {
  field: string;
  op: '=' | '!=';
  value: string;
}

/** A parsed field selector (all requirements must hold). */
export interface FieldSelector {
  requirements: FieldRequirement[];
}

/** Splits on unescaped commas, keeping escapes for the value parser. */
function splitTerms(input: string): string[] {
  const terms: string[] = [];
  let cur = '';
  for (let i = 0; i < input.length; i++) {
    const c = input[i] ?? '';
    if (c === '\\' && i + 1 < input.length) {
      cur += c + (input[i + 1] ?? '');
      i++;
    } else if (c === ',') {
      terms.push(cur);
      cur = '';
    } else {
      cur += c;
    }
  }
  terms.push(cur);
  return terms;
}

function unescape(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i] ?? '';
    if (c === '\\') {
      const n = value[i + 1];
      if (n === undefined || !['\\', ',', '='].includes(n)) {
        throw badRequest(`invalid field selector: invalid escape sequence: \\${n ?? ''}`);
      }
      out += n;
      i++;
    } else if (c === ',' || c === '=') {
      throw badRequest(`invalid field selector: unescaped ${c} in value`);
    } else {
      out += c;
    }
  }
  return out;
}

/** Parses the query-string form; throws a 400 ApiError when it cannot. */
export function parseFieldSelector(input: string): FieldSelector {
  const requirements: FieldRequirement[] = [];
  if (input.trim() === '') return { requirements };
  for (const term of splitTerms(input)) {
    if (term === '') continue;
    let idx = term.indexOf('!=');
    let op: '=' | '!=';
    let opLen: number;
    const eq2 = term.indexOf('==');
    const eq = term.indexOf('=');
    if (idx >= 0 && (eq < 0 || idx < eq)) {
      op = '!=';
      opLen = 2;
    } else if (eq2 >= 0 && eq2 === eq) {
      idx = eq2;
      op = '=';
      opLen = 2;
    } else if (eq >= 0) {
      idx = eq;
      op = '=';
      opLen = 1;
    } else {
      throw badRequest(`invalid selector: '${input}'; can't understand '${term}'`);
    }
    const field = term.slice(0, idx).trim();
    const value = unescape(term.slice(idx + opLen));
    requirements.push({ field, op, value });
  }
  return { requirements };
}

/** Throws `field label not supported: x` (400) for a field the kind does not index. */
export function checkFieldsSupported(selector: FieldSelector, supported: ReadonlySet<string>): void {
  for (const r of selector.requirements) {
    if (!supported.has(r.field)) throw badRequest(`field label not supported: ${r.field}`);
  }
}

/** True when the object's field values satisfy every requirement. */
export function matchesFields(selector: FieldSelector, fields: (name: string) => string): boolean {
  for (const r of selector.requirements) {
    const v = fields(r.field);
    if (r.op === '=' ? v !== r.value : v === r.value) return false;
  }
  return true;
}

/** The single `metadata.name=x` requirement, if the selector pins one name. */
export function pinnedName(selector: FieldSelector): string | undefined {
  for (const r of selector.requirements) if (r.field === 'metadata.name' && r.op === '=') return r.value;
  return undefined;
}
