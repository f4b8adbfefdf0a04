/**
 * apimachinery's `metav1.ParseToLabelSelector` for `create poddisruptionbudget --selector`: the
 * selector string parsed as `labels.Parse` parses it (its lexer, grammar and messages), then
 * `=`/`==` requirements become `matchLabels` and `in`, `notin`, exists and `!` become
 * `matchExpressions`, sorted by key. `!=`, `gt` and `lt` have no LabelSelector form.
 */
import { UsageError } from '../../../framework/usage-error.js';
import { isQualifiedName, isValidLabelValue } from '../../../../machinery/validation/names.js';
import { labelSelector, type Struct } from './typed.js';

type TokenType = 'id' | 'end' | 'error' | '(' | ')' | ',' | '!' | '=' | '==' | '!=' | '>' | '<' | 'in' | 'notin';

interface Token {
  type: TokenType;
  literal: string;
}

const SPECIAL = new Set(['=', '!', '(', ')', ',', '>', '<']);
const SYMBOLS: Readonly<Record<string, TokenType>> = { ')': ')', ',': ',', '!': '!', '==': '==', '=': '=', '>': '>', '<': '<', '!=': '!=', '(': '(' };
const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\r' || c === '\n';

/** The lexer of `labels.Parse`. */
function lex(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  for (;;) {
    while (i < input.length && isSpace(input[i] ?? '')) i++;
    if (i >= input.length) {
      tokens.push({ type: 'end', literal: '' });
      return tokens;
    }
    const c = input[i] ?? '';
    if (SPECIAL.has(c)) {
      // The longest run of symbol characters that is a token.
      let buffer = '';
      let last: Token | undefined;
      while (i < input.length && SPECIAL.has(input[i] ?? '')) {
        buffer += input[i];
        const type = SYMBOLS[buffer];
        if (type !== undefined) last = { type, literal: buffer };
        else if (last !== undefined) break;
        i++;
      }
      tokens.push(last ?? { type: 'error', literal: `error expected: keyword found '${buffer}'` });
      if (last === undefined) return tokens;
      continue;
    }
    let word = '';
    while (i < input.length && !SPECIAL.has(input[i] ?? '') && !isSpace(input[i] ?? '')) word += input[i++];
    tokens.push({ type: word === 'in' ? 'in' : word === 'notin' ? 'notin' : 'id', literal: word });
  }
}

/** One parsed requirement. */
interface Requirement {
  key: string;
  operator: 'in' | 'notin' | '=' | '==' | '!=' | 'exists' | '!' | 'gt' | 'lt';
  values: string[];
}

class SelectorSyntaxError extends Error {}

/** The parser of `labels.Parse` (lookahead in the "values" context reads `in`/`notin` as identifiers). */
class Parser {
  private position = 0;
  private readonly tokens: Token[];

  constructor(input: string) {
    this.tokens = lex(input);
  }

  private peek(values: boolean): Token {
    const t = this.tokens[Math.min(this.position, this.tokens.length - 1)] ?? { type: 'end', literal: '' };
    return values && (t.type === 'in' || t.type === 'notin') ? { type: 'id', literal: t.literal } : t;
  }

  private next(values: boolean): Token {
    const t = this.peek(values);
    if (this.position < this.tokens.length - 1) this.position++;
    return t;
  }

  parse(): Requirement[] {
    const requirements: Requirement[] = [];
    for (;;) {
      const t = this.peek(true);
      if (t.type === 'end') return requirements;
      if (t.type !== 'id' && t.type !== '!') throw new SelectorSyntaxError(`found '${t.literal}', expected: !, identifier, or 'end of string'`);
      let r: Requirement;
      try {
        r = this.requirement();
      } catch (err) {
        if (err instanceof SelectorSyntaxError) throw new SelectorSyntaxError(`unable to parse requirement: ${err.message}`);
        throw err;
      }
      requirements.push(r);
      const after = this.next(true);
      if (after.type === 'end') return requirements;
      if (after.type !== ',') throw new SelectorSyntaxError(`found '${after.literal}', expected: ',' or 'end of string'`);
      const following = this.peek(true);
      if (following.type !== 'id' && following.type !== '!') throw new SelectorSyntaxError(`found '${following.literal}', expected: identifier after ','`);
    }
  }

  private requirement(): Requirement {
    let operator: Requirement['operator'] | undefined;
    let t = this.next(true);
    if (t.type === '!') {
      operator = '!';
      t = this.next(true);
    }
    if (t.type !== 'id') throw new SelectorSyntaxError(`found '${t.literal}', expected: identifier`);
    const key = t.literal;
    const keyErrors = isQualifiedName(key);
    if (keyErrors.length > 0) throw new SelectorSyntaxError(`<nil>: Invalid value: ${JSON.stringify(key)}: ${keyErrors.join('; ')}`);
    const ahead = this.peek(true).type;
    if (ahead === 'end' || ahead === ',') return this.checked(key, operator ?? 'exists', []);
    if (operator === '!') return this.checked(key, '!', []);
    const op = this.next(false);
    let values: string[];
    switch (op.type) {
      case 'in':
      case 'notin':
        values = this.setValues();
        return this.checked(key, op.type, values);
      case '=':
      case '==':
      case '!=':
        return this.checked(key, op.type, this.exactValue());
      case '>':
      case '<':
        return this.checked(key, op.type === '>' ? 'gt' : 'lt', this.exactValue());
      default:
        throw new SelectorSyntaxError(`found '${op.literal}', expected: ${op.literal === '' ? '!, =, ==, !=, in, notin, gt, lt' : 'in, notin, =, ==, !=, gt, lt'}`);
    }
  }

  private setValues(): string[] {
    const open = this.next(true);
    if (open.type !== '(') throw new SelectorSyntaxError(`found '${open.literal}' expected: '('`);
    const t = this.peek(true);
    if (t.type === ')') {
      this.next(true);
      return [''];
    }
    if (t.type !== 'id' && t.type !== ',') throw new SelectorSyntaxError(`found '${t.literal}', expected: ',', ')' or identifier`);
    const values = new Set<string>();
    for (;;) {
      const v = this.next(true);
      if (v.type === 'id') {
        values.add(v.literal);
        const after = this.peek(true);
        if (after.type === ',') continue;
        if (after.type === ')') break;
        throw new SelectorSyntaxError(`found '${after.literal}', expected: ',' or ')'`);
      }
      if (v.type === ',') {
        if (values.size === 0) values.add('');
        const after = this.peek(true);
        if (after.type === ')') {
          values.add('');
          break;
        }
        if (after.type === ',') {
          this.next(true);
          values.add('');
        }
        continue;
      }
      throw new SelectorSyntaxError(`found '${v.literal}', expected: ',', or identifier`);
    }
    const close = this.next(true);
    if (close.type !== ')') throw new SelectorSyntaxError(`found '${t.literal}', expected: ')'`);
    return [...values].sort();
  }

  private exactValue(): string[] {
    const t = this.peek(true);
    if (t.type === 'end' || t.type === ',') return [''];
    const v = this.next(true);
    if (v.type === 'id') return [v.literal];
    throw new SelectorSyntaxError(`found '${v.literal}', expected: identifier`);
  }

  /** `labels.NewRequirement`'s checks of the values. */
  private checked(key: string, operator: Requirement['operator'], values: string[]): Requirement {
    const errors: string[] = [];
    if ((operator === 'in' || operator === 'notin') && values.length === 0) errors.push(`values: Invalid value: []string{}: for 'in', 'notin' operators, values set can't be empty`);
    values.forEach((value, i) => {
      const errs = isValidLabelValue(value);
      if (errs.length > 0) errors.push(`values[${i}][${key}]: Invalid value: ${JSON.stringify(value)}: ${errs.join('; ')}`);
    });
    if (errors.length === 1) throw new SelectorSyntaxError(errors[0] ?? '');
    if (errors.length > 1) throw new SelectorSyntaxError(`[${errors.join(', ')}]`);
    return { key, operator, values };
  }
}

/** kubectl's `metav1.ParseToLabelSelector`, as a `metav1.LabelSelector` struct. */
export function parseToLabelSelector(selector: string): Struct {
  let requirements: Requirement[];
  try {
    requirements = new Parser(selector).parse();
  } catch (err) {
    if (err instanceof SelectorSyntaxError) throw new UsageError(`couldn't parse the selector string ${JSON.stringify(selector)}: ${err.message}`, false);
    throw err;
  }
  // labels.Parse sorts the requirements by key.
  requirements.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const matchLabels: Record<string, string> = {};
  const matchExpressions: Struct[] = [];
  const OPERATORS = { in: 'In', notin: 'NotIn', exists: 'Exists', '!': 'DoesNotExist' } as const;
  for (const r of requirements) {
    if (r.operator === '=' || r.operator === '==') {
      matchLabels[r.key] = r.values[0] ?? '';
      continue;
    }
    if (r.operator === 'gt' || r.operator === 'lt') throw new UsageError(`"${r.operator}" isn't supported in label selectors`, false);
    if (r.operator === '!=') throw new UsageError('"!=" is not a valid label selector operator', false);
    const values = r.values.length === 0 ? undefined : r.values;
    matchExpressions.push(values === undefined ? { key: r.key, operator: OPERATORS[r.operator] } : { key: r.key, operator: OPERATORS[r.operator], values });
  }
  return labelSelector(matchLabels, matchExpressions);
}
