/**
 * Field selectors (`metadata.name=x,status.phase!=Running`), apimachinery's fields package: parsing
 * the query-string form with its escape rules (the server's side), matching field values, and
 * writing a selector with its values escaped (what both sides send or build: `metadata.name=<name>`
 * pins a list or watch to one object).
 */
import { SelectorParseError } from '../labels/parse.js';

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
        throw new SelectorParseError(`invalid field selector: invalid escape sequence: \\${n ?? ''}`);
      }
      out += n;
      i++;
    } else if (c === ',' || c === '=') {
      throw new SelectorParseError(`invalid field selector: unescaped ${c} in value`);
    } else {
      out += c;
    }
  }
  return out;
}

/** Parses the query-string form; throws a {@link SelectorParseError} (the API server's 400) when it cannot. */
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
      throw new SelectorParseError(`invalid selector: '${input}'; can't understand '${term}'`);
    }
    const field = term.slice(0, idx).trim();
    const value = unescape(term.slice(idx + opLen));
    requirements.push({ field, op, value });
  }
  return { requirements };
}

/** True when the object's field values satisfy every requirement. */
export function matchesFields(selector: FieldSelector, fields: (name: string) => string): boolean {
  for (const r of selector.requirements) {
    const v = fields(r.field);
    if (r.op === '=' ? v !== r.value : v === r.value) return false;
  }
  return true;
}

/** A value escaped for a field selector (`fields.EscapeValue`): a backslash, `,` and `=` each get a backslash before them. */
export function escapeFieldValue(value: string): string {
  return value.replace(/[\\,=]/g, (c) => `\\${c}`);
}

/** `field=value` with the value escaped (`fields.OneTermEqualSelector(field, value).String()`). */
export function oneTermEqualSelector(field: string, value: string): string {
  return `${field}=${escapeFieldValue(value)}`;
}
