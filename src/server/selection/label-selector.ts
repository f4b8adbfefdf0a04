/**
 * Label selectors: the query-string syntax (`a=b,c!=d,e in (f,g),!h`) parsed as the API machinery
 * parses it, object selectors (`matchLabels` / `matchExpressions`), matching, and the canonical
 * string form the API prints (`Scale.status.selector`, table cells).
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { isQualifiedName, isValidLabelValue } from '../../machinery/validation/names.js';
import { asArray, asObject, asString } from '../util/json.js';

/** Operators of one requirement. */
export type LabelOperator = '=' | '==' | '!=' | 'in' | 'notin' | 'exists' | '!' | 'gt' | 'lt';

/** One requirement: `key op values`. */
export interface LabelRequirement {
  key: string;
  op: LabelOperator;
  values: string[];
}

/** A parsed selector: all requirements must hold. `nothing` matches no object at all. */
export interface LabelSelector {
  requirements: LabelRequirement[];
  nothing?: boolean;
}

/** A selector that could not be parsed; its message is what the API answers with a 400. */
export class SelectorParseError extends Error {
  override name = 'SelectorParseError';
}

type Token =
  | { t: 'id'; v: string }
  | { t: 'op'; v: '!' | '=' | '==' | '!=' | '>' | '<' | '(' | ')' | ',' }
  | { t: 'in' }
  | { t: 'notin' }
  | { t: 'end' };

const SPECIAL = new Set(['!', '=', '>', '<', '(', ')', ',']);

function lex(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i] ?? '';
    if (c === ' ' || c === '\t' || c === '\r' || c === '\n') {
      i++;
      continue;
    }
    if (SPECIAL.has(c)) {
      const two = input.slice(i, i + 2);
      if (two === '==' || two === '!=') {
        tokens.push({ t: 'op', v: two });
        i += 2;
      } else {
        tokens.push({ t: 'op', v: c as '!' | '=' | '>' | '<' | '(' | ')' | ',' });
        i++;
      }
      continue;
    }
    let j = i;
    while (j < input.length && !SPECIAL.has(input[j] ?? '') && !/\s/.test(input[j] ?? '')) j++;
    const word = input.slice(i, j);
    if (word === 'in') tokens.push({ t: 'in' });
    else if (word === 'notin') tokens.push({ t: 'notin' });
    else tokens.push({ t: 'id', v: word });
    i = j;
  }
  tokens.push({ t: 'end' });
  return tokens;
}

function tokenText(tok: Token): string {
  switch (tok.t) {
    case 'id': return tok.v;
    case 'op': return tok.v;
    case 'in': return 'in';
    case 'notin': return 'notin';
    case 'end': return '';
  }
}

/** Parses the query-string form. An empty string selects everything. */
export function parseLabelSelector(input: string): LabelSelector {
  const tokens = lex(input);
  let pos = 0;
  const peek = (): Token => tokens[pos] ?? { t: 'end' };
  const next = (): Token => tokens[pos++] ?? { t: 'end' };
  const requirements: LabelRequirement[] = [];
  if (peek().t === 'end') return { requirements };
  for (;;) {
    let tok = next();
    let negated = false;
    if (tok.t === 'op' && tok.v === '!') {
      negated = true;
      tok = next();
    }
    if (tok.t !== 'id') {
      throw new SelectorParseError(`unable to parse requirement: found '${tokenText(tok)}', expected: identifier`);
    }
    const key = tok.v;
    validateKey(key);
    if (negated) {
      requirements.push({ key, op: '!', values: [] });
    } else {
      const op = peek();
      if (op.t === 'end' || (op.t === 'op' && op.v === ',')) {
        requirements.push({ key, op: 'exists', values: [] });
      } else if (op.t === 'in' || op.t === 'notin') {
        next();
        const open = next();
        if (open.t !== 'op' || open.v !== '(') {
          throw new SelectorParseError(`unable to parse requirement: found '${tokenText(open)}', expected: '('`);
        }
        const values: string[] = [];
        for (;;) {
          const v = next();
          if (v.t === 'op' && v.v === ')' && values.length === 0) break;
          if (v.t === 'op' && v.v === ',') {
            values.push('');
            continue;
          }
          if (v.t !== 'id') throw new SelectorParseError(`unable to parse requirement: found '${tokenText(v)}', expected: ',', ')' or identifier`);
          values.push(v.v);
          const sep = next();
          if (sep.t === 'op' && sep.v === ')') break;
          if (!(sep.t === 'op' && sep.v === ',')) throw new SelectorParseError(`unable to parse requirement: found '${tokenText(sep)}', expected: ',' or ')'`);
        }
        if (values.length === 0) throw new SelectorParseError(`unable to parse requirement: for 'in', 'notin' operators, values set can't be empty`);
        for (const v of values) validateValue(v);
        requirements.push({ key, op: op.t, values });
      } else if (op.t === 'op' && (op.v === '=' || op.v === '==' || op.v === '!=' || op.v === '>' || op.v === '<')) {
        next();
        const v = peek();
        let value = '';
        if (v.t === 'id') {
          value = v.v;
          next();
        } else if (!(v.t === 'end' || (v.t === 'op' && v.v === ','))) {
          throw new SelectorParseError(`unable to parse requirement: found '${tokenText(v)}', expected: identifier`);
        }
        if (op.v === '>' || op.v === '<') {
          if (!/^-?\d+$/.test(value)) throw new SelectorParseError(`unable to parse requirement: for 'Gt', 'Lt' operators, the value must be an integer`);
          requirements.push({ key, op: op.v === '>' ? 'gt' : 'lt', values: [value] });
        } else {
          validateValue(value);
          requirements.push({ key, op: op.v, values: [value] });
        }
      } else {
        throw new SelectorParseError(`unable to parse requirement: found '${tokenText(op)}', expected: in, notin, =, ==, !=, gt, lt`);
      }
    }
    const sep = next();
    if (sep.t === 'end') break;
    if (!(sep.t === 'op' && sep.v === ',')) {
      throw new SelectorParseError(`found '${tokenText(sep)}', expected: ',' or 'end of string'`);
    }
  }
  return { requirements };
}

function validateKey(key: string): void {
  const errs = isQualifiedName(key);
  if (errs.length > 0) throw new SelectorParseError(`unable to parse requirement: key: Invalid value: ${JSON.stringify(key)}: ${errs.join('; ')}`);
}

function validateValue(value: string): void {
  const errs = isValidLabelValue(value);
  if (errs.length > 0) throw new SelectorParseError(`unable to parse requirement: values[0][${value}]: Invalid value: ${JSON.stringify(value)}: ${errs.join('; ')}`);
}

/** True when the labels satisfy every requirement. */
export function matchesLabels(selector: LabelSelector, labels: Record<string, unknown> | undefined): boolean {
  if (selector.nothing === true) return false;
  for (const r of selector.requirements) {
    const has = labels !== undefined && Object.prototype.hasOwnProperty.call(labels, r.key);
    const raw = has ? labels?.[r.key] : undefined;
    const value = typeof raw === 'string' ? raw : undefined;
    switch (r.op) {
      case '=':
      case '==':
      case 'in':
        if (value === undefined || !r.values.includes(value)) return false;
        break;
      case '!=':
      case 'notin':
        if (value !== undefined && r.values.includes(value)) return false;
        break;
      case 'exists':
        if (!has) return false;
        break;
      case '!':
        if (has) return false;
        break;
      case 'gt':
      case 'lt': {
        if (value === undefined || !/^-?\d+$/.test(value)) return false;
        const n = Number(value);
        const bound = Number(r.values[0]);
        if (r.op === 'gt' ? !(n > bound) : !(n < bound)) return false;
        break;
      }
    }
  }
  return true;
}

/** True for a selector with no requirements (selects everything). */
export function isEverything(selector: LabelSelector): boolean {
  return selector.nothing !== true && selector.requirements.length === 0;
}

/**
 * Converts an object's `LabelSelector` (`matchLabels`, `matchExpressions`) as LabelSelectorAsSelector
 * does: undefined selects nothing, an empty one everything.
 */
export function fromObjectSelector(sel: unknown): LabelSelector {
  const obj = asObject(sel);
  if (obj === undefined) return { requirements: [], nothing: true };
  const requirements: LabelRequirement[] = [];
  const ml = asObject(obj.matchLabels);
  if (ml !== undefined) for (const [k, v] of Object.entries(ml)) requirements.push({ key: k, op: '=', values: [asString(v) ?? ''] });
  for (const e of asArray(obj.matchExpressions) ?? []) {
    const ex = asObject(e) ?? {};
    const key = asString(ex.key) ?? '';
    const values = (asArray(ex.values) ?? []).map((v) => asString(v) ?? '');
    switch (ex.operator) {
      case 'In': requirements.push({ key, op: 'in', values }); break;
      case 'NotIn': requirements.push({ key, op: 'notin', values }); break;
      case 'Exists': requirements.push({ key, op: 'exists', values: [] }); break;
      case 'DoesNotExist': requirements.push({ key, op: '!', values: [] }); break;
      default: break;
    }
  }
  requirements.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { requirements };
}

/**
 * `labels.SelectorFromSet`: a map of labels that must all be equal (a ReplicationController's or a
 * Service's selector); an empty or absent map selects everything.
 */
export function fromLabelMap(set: unknown): LabelSelector {
  const obj = asObject(set) ?? {};
  const requirements: LabelRequirement[] = Object.keys(obj).sort().map((k) => ({ key: k, op: '=', values: [asString(obj[k]) ?? ''] }));
  return { requirements };
}

/** The canonical string form (`app=web,tier in (a,b),!x`); empty for "everything". */
export function selectorString(selector: LabelSelector): string {
  return selector.requirements.map((r) => {
    switch (r.op) {
      case '=':
      case '==': return `${r.key}=${r.values[0] ?? ''}`;
      case '!=': return `${r.key}!=${r.values[0] ?? ''}`;
      case 'in': return `${r.key} in (${[...r.values].sort().join(',')})`;
      case 'notin': return `${r.key} notin (${[...r.values].sort().join(',')})`;
      case 'exists': return r.key;
      case '!': return `!${r.key}`;
      case 'gt': return `${r.key}>${r.values[0] ?? ''}`;
      case 'lt': return `${r.key}<${r.values[0] ?? ''}`;
    }
  }).join(',');
}

/** `metav1.FormatLabelSelector`: the string form, `<none>` when empty or absent. */
export function formatObjectSelector(sel: unknown): string {
  const s = selectorString(fromObjectSelector(sel));
  return s === '' ? '<none>' : s;
}

/** `labels.FormatLabels`: sorted `k=v` pairs, `<none>` when empty. */
export function formatLabels(labels: unknown): string {
  const obj = asObject(labels);
  if (obj === undefined) return '<none>';
  const keys = Object.keys(obj).sort();
  if (keys.length === 0) return '<none>';
  return keys.map((k) => `${k}=${asString(obj[k]) ?? ''}`).join(',');
}

/** Labels of an object (or undefined). */
export function labelsOf(obj: JsonObject): Record<string, unknown> | undefined {
  return asObject(asObject(obj.metadata)?.labels);
}
