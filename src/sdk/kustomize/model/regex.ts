/**
 * Regular expressions from kustomization files (patch targets, image names), compiled with the
 * limits every hostile input gets: a bounded length, none of the constructs Go's RE2 rejects
 * (back-references, look-around), and no nested quantifiers, which are what makes a backtracking
 * engine take exponential time.
 */
import { KustomizeError } from '../errors.js';

const MAX_PATTERN_LENGTH = 1024;

/** True when a quantified group contains a quantifier of its own (`(a+)+`, `(a|b*)*`). */
function hasNestedQuantifier(pattern: string): boolean {
  const stack: boolean[] = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') {
      inClass = true;
    } else if (c === '(') {
      stack.push(false);
    } else if (c === ')') {
      const inner = stack.pop() ?? false;
      const next = pattern[i + 1];
      const quantified = next === '*' || next === '+' || next === '?' || next === '{';
      if (inner && quantified && next !== '?') return true;
      if (stack.length > 0 && (inner || quantified)) stack[stack.length - 1] = true;
    } else if ((c === '*' || c === '+' || c === '{') && stack.length > 0) {
      stack[stack.length - 1] = true;
    }
  }
  return false;
}

/** Compiles `pattern` (RE2 syntax as Go's regexp) or throws a {@link KustomizeError}. */
export function compileBoundedRegex(pattern: string): RegExp {
  if (pattern.length > MAX_PATTERN_LENGTH) throw new KustomizeError(`regular expression too long (${pattern.length} characters, the limit is ${MAX_PATTERN_LENGTH})`);
  if (/\\[1-9]|\(\?[=!<]/.test(pattern)) throw new KustomizeError(`error parsing regexp: invalid or unsupported Perl syntax: \`${pattern}\``);
  if (hasNestedQuantifier(pattern)) throw new KustomizeError(`regular expression \`${pattern}\` nests repetitions, which is not supported`);
  try {
    return new RegExp(pattern);
  } catch (err) {
    throw new KustomizeError(`error parsing regexp: ${(err as Error).message}`);
  }
}
