/**
 * apimachinery's `labels.Parse`: the query-string form of a label selector (`a=b,c!=d,e in (f,g),!h`)
 * with its lexer, grammar and messages, word for word, so that the server can answer a bad
 * `labelSelector` as the API server does and commands can report it as kubectl does. The
 * requirements come out sorted by key, as Parse sorts them.
 */
import { isQualifiedName, isValidLabelValue } from '../validation/names.js';
import { parseInt64, type LabelOperator, type LabelRequirement, type LabelSelector } from './selector.js';

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

/**
 * A selector that is not one; the message is `labels.Parse`'s (or `fields.ParseSelector`'s) error,
 * which the API server answers with a 400.
 */
export class SelectorParseError extends Error {
  override name = 'SelectorParseError';
}

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

  parse(): LabelRequirement[] {
    const requirements: LabelRequirement[] = [];
    for (;;) {
      const t = this.peek(true);
      if (t.type === 'end') return requirements;
      if (t.type !== 'id' && t.type !== '!') throw new SelectorParseError(`found '${t.literal}', expected: !, identifier, or 'end of string'`);
      let r: LabelRequirement;
      try {
        r = this.requirement();
      } catch (err) {
        if (err instanceof SelectorParseError) throw new SelectorParseError(`unable to parse requirement: ${err.message}`);
        throw err;
      }
      requirements.push(r);
      const after = this.next(true);
      if (after.type === 'end') return requirements;
      if (after.type !== ',') throw new SelectorParseError(`found '${after.literal}', expected: ',' or 'end of string'`);
      const following = this.peek(true);
      if (following.type !== 'id' && following.type !== '!') throw new SelectorParseError(`found '${following.literal}', expected: identifier after ','`);
    }
  }

  private requirement(): LabelRequirement {
    let operator: LabelOperator | undefined;
    let t = this.next(true);
    if (t.type === '!') {
      operator = '!';
      t = this.next(true);
    }
    if (t.type !== 'id') throw new SelectorParseError(`found '${t.literal}', expected: identifier`);
    const key = t.literal;
    const keyErrors = isQualifiedName(key);
    if (keyErrors.length > 0) throw new SelectorParseError(`<nil>: Invalid value: ${JSON.stringify(key)}: ${keyErrors.join('; ')}`);
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
        throw new SelectorParseError(`found '${op.literal}', expected: ${op.literal === '' ? '!, =, ==, !=, in, notin, gt, lt' : 'in, notin, =, ==, !=, gt, lt'}`);
    }
  }

  private setValues(): string[] {
    const open = this.next(true);
    if (open.type !== '(') throw new SelectorParseError(`found '${open.literal}' expected: '('`);
    const t = this.peek(true);
    if (t.type === ')') {
      this.next(true);
      return [''];
    }
    if (t.type !== 'id' && t.type !== ',') throw new SelectorParseError(`found '${t.literal}', expected: ',', ')' or identifier`);
    const values = new Set<string>();
    for (;;) {
      const v = this.next(true);
      if (v.type === 'id') {
        values.add(v.literal);
        const after = this.peek(true);
        if (after.type === ',') continue;
        if (after.type === ')') break;
        throw new SelectorParseError(`found '${after.literal}', expected: ',' or ')'`);
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
      throw new SelectorParseError(`found '${v.literal}', expected: ',', or identifier`);
    }
    const close = this.next(true);
    if (close.type !== ')') throw new SelectorParseError(`found '${t.literal}', expected: ')'`);
    return [...values].sort();
  }

  private exactValue(): string[] {
    const t = this.peek(true);
    if (t.type === 'end' || t.type === ',') return [''];
    const v = this.next(true);
    if (v.type === 'id') return [v.literal];
    throw new SelectorParseError(`found '${v.literal}', expected: identifier`);
  }

  /** `labels.NewRequirement`'s checks of the values. */
  private checked(key: string, operator: LabelOperator, values: string[]): LabelRequirement {
    const errors: string[] = [];
    if ((operator === 'in' || operator === 'notin') && values.length === 0) errors.push(`values: Invalid value: []string{}: for 'in', 'notin' operators, values set can't be empty`);
    if (operator === 'gt' || operator === 'lt') {
      values.forEach((value, i) => {
        if (parseInt64(value) === undefined) errors.push(`values[${i}]: Invalid value: ${JSON.stringify(value)}: for 'Gt', 'Lt' operators, the value must be an integer`);
      });
    }
    values.forEach((value, i) => {
      const errs = isValidLabelValue(value);
      if (errs.length > 0) errors.push(`values[${i}][${key}]: Invalid value: ${JSON.stringify(value)}: ${errs.join('; ')}`);
    });
    if (errors.length === 1) throw new SelectorParseError(errors[0] ?? '');
    if (errors.length > 1) throw new SelectorParseError(`[${errors.join(', ')}]`);
    return { key, op: operator, values };
  }
}

/**
 * Parses the query-string form; an empty string selects everything.
 *
 * @throws SelectorParseError with `labels.Parse`'s message
 */
export function parseLabelSelector(input: string): LabelSelector {
  const requirements = new Parser(input).parse();
  requirements.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { requirements };
}
