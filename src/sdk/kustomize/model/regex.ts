/**
 * Regular expressions from kustomization files (patch targets, replacement paths, image names),
 * compiled as kustomize's Go `regexp` compiles them, on machinery's RE2: its syntax, its errors,
 * and matching in time linear in the text whatever the pattern. The build loads the engine before
 * it reads a kustomization.
 */
import { Re2SyntaxError, compileRe2, type Re2Regex } from '../../../machinery/regex/re2.js';
import { KustomizeError } from '../errors.js';

/** Compiles `pattern` (Go's RE2 syntax) or throws a {@link KustomizeError} with Go's message. */
export function compileGoRegex(pattern: string): Re2Regex {
  try {
    return compileRe2(pattern);
  } catch (err) {
    if (err instanceof Re2SyntaxError) throw new KustomizeError(err.message);
    throw err;
  }
}
